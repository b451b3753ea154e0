import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Core } from '../core';
import { CHAT_PAGE_CSP } from '../chat-page/chat-page-style';
import {
  renderChatPage,
  renderChatStatus,
  type ChatInputError,
  type ChatStatusKind,
} from '../chat-page/render-chat';
import { CHAT_PAGE_PREFIX } from '../domain/chat-links';
import { ProblemError } from '../errors';
import { SendMessage } from '../schemas/conversation';
import type { Conversation } from '../schemas/conversation';
import type { Language } from '../schemas/form-schedule';
import { compileBodyValidator } from '../validation/input-validator';
import { addressKey, type RateLimiters } from './rate-limit';

const validMessage = compileBodyValidator(SendMessage);

/** The patient's words in the schema's terms: why the page refuses them, if it does. */
function inputError(content: string): ChatInputError | undefined {
  if (validMessage({ content })) return undefined;
  const keywords = new Set((validMessage.errors ?? []).map((e) => e.keyword));
  if (keywords.has('maxLength')) return 'too_long';
  if (keywords.has('minLength') || keywords.has('pattern')) return 'empty';
  return 'invalid';
}

/**
 * The patient's chat page, `GET/POST /c/{token}`: plain HTML that works without JavaScript, like
 * the form page. A post is the patient's message: it goes through the same conversation
 * operation as the API's (triage, the assistant, the credit), and answers with a redirect to
 * the page, which then shows the reply (post/redirect/get). The token is the only credential, it
 * opens one conversation and nothing else, and only while that conversation is active.
 */
export async function chatPageRoutes(
  app: FastifyInstance,
  core: Core,
  limits?: RateLimiters,
): Promise<void> {
  // As on the form page: browsers post url-encoded forms, and that is all this page reads.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  const config = { access: 'public' as const, rateLimitPolicy: 'none' as const };
  const schema = { hide: true };
  if (limits) {
    // A link that opens a conversation has its own bucket; one that opens nothing is a guess at
    // a credential and draws from the address bucket (as on the form page).
    app.addHook('onRequest', async (request, reply) => {
      const token = (request.params as { token?: unknown }).token;
      if (typeof token !== 'string') return;
      const id = await core.chatLinks.conversationOf(token);
      const limiter = id ? limits.chatPage : limits.address;
      const decision = limiter(id ? `conversation:${id}` : addressKey(request.ip));
      reply.headers(decision.headers);
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return await statusPage(reply, 429, 'busy', id ? await languageOf(id) : 'es');
      }
    });
  }

  async function languageOf(id: string): Promise<Language> {
    return (await core.conversations.row(id)).language;
  }

  function html(reply: FastifyReply, status: number, page: string): FastifyReply {
    return reply
      .code(status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': CHAT_PAGE_CSP,
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
    kind: ChatStatusKind,
    language: Language,
  ) {
    return html(
      reply,
      status,
      renderChatStatus({ language, clinicName: await core.delivery.clinicName(), kind }),
    );
  }

  /** The conversation the token opens, if still active; otherwise the reply saying why not. */
  async function open(
    reply: FastifyReply,
    token: string,
  ): Promise<{ conversation: Conversation } | { answered: FastifyReply }> {
    const id = await core.chatLinks.conversationOf(token);
    if (!id) return { answered: await statusPage(reply, 404, 'not_found', 'es') };
    // Reading settles it: a chat idle past its 30 minutes is closed now, and its link with it.
    const conversation = await core.conversations.get(id);
    if (conversation.status !== 'active') {
      return { answered: await statusPage(reply, 410, 'ended', conversation.language) };
    }
    return { conversation };
  }

  async function chatPage(
    reply: FastifyReply,
    status: number,
    token: string,
    conversation: Conversation,
    refused?: { value: string; error: ChatInputError },
  ) {
    return html(
      reply,
      status,
      renderChatPage({
        language: conversation.language,
        clinicName: await core.delivery.clinicName(),
        messages: conversation.messages.map((m) => ({
          role: m.role,
          content: m.content,
          escalated: m.escalated,
        })),
        action: `${CHAT_PAGE_PREFIX}/${token}`,
        ...refused,
      }),
    );
  }

  app.get<{ Params: { token: string } }>('/:token', { config, schema }, async (request, reply) => {
    const opened = await open(reply, request.params.token);
    if ('answered' in opened) return opened.answered;
    return await chatPage(reply, 200, request.params.token, opened.conversation);
  });

  app.post<{ Params: { token: string }; Body: unknown }>(
    '/:token',
    { config, schema },
    async (request, reply) => {
      const { token } = request.params;
      const opened = await open(reply, token);
      if ('answered' in opened) return opened.answered;
      const { conversation } = opened;
      const params = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const content = params.get('message') ?? '';
      const error = inputError(content);
      if (error) return await chatPage(reply, 422, token, conversation, { value: content, error });
      try {
        await core.conversations.send(conversation.id, content);
      } catch (failure) {
        if (!(failure instanceof ProblemError)) throw failure;
        switch (failure.code) {
          case 'conversation_ended':
            // Ended (idle, or closed by the coordinator) while the reply was being written.
            return await statusPage(reply, 410, 'ended', conversation.language);
          case 'insufficient_credits':
            // Nothing was stored: the coordinator is told, with the words, to call the patient.
            await core.chatLinks.unanswered(conversation.id, content);
            return await statusPage(reply, 402, 'unanswered', conversation.language);
          case 'validation_failed':
            return await chatPage(reply, 422, token, conversation, {
              value: content,
              error: 'invalid',
            });
          default:
            throw failure;
        }
      }
      core.changes.emit({
        type: 'conversation.message',
        data: { conversationId: conversation.id },
      });
      // Post/redirect/get: reloading the page does not send the message again.
      return reply.code(303).header('location', `${CHAT_PAGE_PREFIX}/${token}#latest`).send();
    },
  );
}
