import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Core } from '../core';
import { checkAnswers, type AnswerError } from '../domain/form-answers';
import { ProblemError } from '../errors';
import { parseFormPost } from '../form-page/parse-form-post';
import { FORM_PAGE_CSP } from '../form-page/page-style';
import { renderFormPage } from '../form-page/render-form';
import { editionOfStored } from '../instruments/validated-instruments';
import { renderStatusPage } from '../form-page/render-status';
import type { Language } from '../schemas/form-schedule';
import type { FormScheduleRow } from '../store/queries/form-schedules';
import { addressKey, type RateLimiters } from './rate-limit';

/** The page's own address: nothing but the token, and the form it opens, is reachable here. */
export const FORM_PAGE_PREFIX = '/f';

type StatusKind = Parameters<typeof renderStatusPage>[0]['kind'];

/**
 * The patient form page, `GET/POST /f/{token}`: plain HTML that works without JavaScript, posted
 * as an ordinary form and checked on the server with the same validator as the API. The token
 * in the path is the only credential; pages are never cached and never leak the URL as referrer.
 */
export async function formPageRoutes(
  app: FastifyInstance,
  core: Core,
  limits?: RateLimiters,
): Promise<void> {
  // Browsers post forms url-encoded, and that is all this page reads: the API's JSON parser is
  // taken away here, so any other body is a plain 415 rather than an empty form.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  // Not the API's per-address bucket: behind a --public-url proxy every patient has the same
  // address, and a script's bad keys must not close the clinic's forms. A link that exists has
  // its own bucket (keyed by its schedule, so no token is kept in memory); a link that opens
  // nothing is a guess at a credential and draws from the address bucket, like a bad key.
  const config = { access: 'public' as const, rateLimitPolicy: 'none' as const };
  const schema = { hide: true };
  if (limits) {
    app.addHook('onRequest', async (request, reply) => {
      const token = (request.params as { token?: unknown }).token;
      if (typeof token !== 'string') return;
      const schedule = await core.schedules.byToken(token);
      const limiter = schedule ? limits.formPage : limits.address;
      const decision = limiter?.(schedule ? `schedule:${schedule.id}` : addressKey(request.ip));
      if (!decision) return;
      reply.headers(decision.headers);
      // A patient gets a page in their language, not the API's JSON problem.
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return await statusPage(reply, 429, 'busy', schedule);
      }
    });
  }

  function html(reply: FastifyReply, status: number, page: string): FastifyReply {
    return reply
      .code(status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': FORM_PAGE_CSP,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      })
      .send(page);
  }

  async function statusPage(
    reply: FastifyReply,
    status: number,
    kind: StatusKind,
    schedule?: FormScheduleRow,
  ) {
    const language: Language = schedule?.language ?? 'es';
    const formName = schedule ? (await core.forms.definition(schedule.form_id)).name : undefined;
    return html(
      reply,
      status,
      renderStatusPage({
        language,
        clinicName: await core.delivery.clinicName(),
        kind,
        ...(formName ? { formName } : {}),
        ...(schedule?.completed_at ? { completedAt: schedule.completed_at } : {}),
      }),
    );
  }

  /** Every state but `sent` answers with a page saying so; `sent` returns undefined. */
  async function closed(
    reply: FastifyReply,
    schedule: FormScheduleRow | undefined,
    posting: boolean,
  ) {
    if (!schedule) return await statusPage(reply, 404, 'not_found');
    switch (schedule.status) {
      case 'sent':
        return undefined;
      case 'completed':
        // Opening the link again is fine (200); answering twice is a conflict (409).
        return await statusPage(reply, posting ? 409 : 200, 'completed', schedule);
      case 'cancelled':
        return await statusPage(reply, 410, 'cancelled', schedule);
      default:
        return await statusPage(reply, 410, 'unavailable', schedule);
    }
  }

  async function formPage(
    reply: FastifyReply,
    status: number,
    token: string,
    schedule: FormScheduleRow,
    previous?: Pick<Parameters<typeof renderFormPage>[0], 'values' | 'errors'>,
  ) {
    const form = await core.forms.definition(schedule.form_id);
    return html(
      reply,
      status,
      renderFormPage({
        language: schedule.language,
        clinicName: await core.delivery.clinicName(),
        form: {
          name: form.name,
          description: form.description,
          fields: form.fieldList,
          attribution: editionOfStored(form.instrument)?.attribution,
        },
        action: `${FORM_PAGE_PREFIX}/${token}`,
        ...previous,
      }),
    );
  }

  app.get<{ Params: { token: string } }>('/:token', { config, schema }, async (request, reply) => {
    const { token } = request.params;
    const schedule = await core.schedules.byToken(token);
    return (await closed(reply, schedule, false)) ?? (await formPage(reply, 200, token, schedule!));
  });

  app.post<{ Params: { token: string }; Body: unknown }>(
    '/:token',
    { config, schema },
    async (request, reply) => {
      const { token } = request.params;
      const schedule = await core.schedules.byToken(token);
      const answered = await closed(reply, schedule, true);
      if (answered) return answered;
      const params = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const form = await core.forms.definition(schedule!.form_id);
      const { submitted, values } = parseFormPost(form.fieldList, params);
      const { errors } = checkAnswers(form.fieldList, submitted);
      if (errors.length) return await formPage(reply, 422, token, schedule!, { values, errors });
      try {
        await core.schedules.submit(schedule!.id, submitted);
      } catch (error) {
        // Answered or withdrawn between the check above and the write: say what happened.
        if (error instanceof ProblemError && error.code === 'schedule_not_submittable') {
          return await closed(reply, await core.schedules.row(schedule!.id), true);
        }
        // The form was edited between the check and the write: show the new complaints.
        if (error instanceof ProblemError && error.code === 'validation_failed') {
          const again = error.extensions.errors as AnswerError[];
          return await formPage(reply, 422, token, schedule!, { values, errors: again });
        }
        throw error;
      }
      // Post/redirect/get: reloading the thank-you page does not post the answers again.
      return reply.code(303).header('location', `${FORM_PAGE_PREFIX}/${token}`).send();
    },
  );
}
