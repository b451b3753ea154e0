import type { Core } from '../../core';
import { IdParams } from '../../schemas/common';
import {
  CancelledSchedule,
  CreateFormSchedule,
  RetryFormSchedule,
  FormSchedule,
  FormScheduleList,
  FormScheduleListQuery,
} from '../../schemas/form-schedule';
import { listBody } from '../../domain/list-page';
import { replyWithWrite } from '../atomic-reply';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Form schedules'];

export function formScheduleRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/form-schedules',
    route(
      'schedules:write',
      {
        summary: 'List form schedules',
        description:
          'Newest created first, or by delivery time with `sort=scheduledAt` (soonest first) or `sort=-scheduledAt` (latest first). Filters: `patientId`, `formId`, `status`, `channel`, `seriesId`.',
        tags,
        operationId: 'listFormSchedules',
        querystring: FormScheduleListQuery,
        response: { 200: FormScheduleList },
      },
      [400],
    ),
    async (request, reply) =>
      sendJsonText(reply, listBody(await core.schedules.list(request.query))),
  );

  app.get(
    '/form-schedules/:id',
    route(
      'schedules:write',
      {
        summary: 'Get a form schedule',
        tags,
        operationId: 'getFormSchedule',
        params: IdParams,
        response: { 200: FormSchedule },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await core.schedules.getJson(request.params.id)),
  );

  app.post(
    '/form-schedules',
    route(
      'schedules:write',
      {
        summary: 'Schedule a form delivery',
        description:
          'Sends the form to the patient over WhatsApp or e-mail at `scheduledAt` (default now) with a link to the patient form page. The delivery price (e-mail 1, WhatsApp 2 credits) is charged now and refunded in full if the schedule is cancelled or the delivery fails. The patient must be active and have a phone (whatsapp) or an e-mail address (email). With `remindAfterDays`, one reminder with the same link goes that many days after delivery if the form is still unanswered (included in the price). For a recurring delivery, see `POST /form-schedule-series`.',
        tags,
        operationId: 'createFormSchedule',
        body: CreateFormSchedule,
        response: { 201: FormSchedule },
      },
      [402, 409],
    ),
    async (request, reply) =>
      replyWithWrite(core, request, reply, () => core.schedules.create(request.body), {
        status: 201,
        location: (schedule) => `${request.routeOptions.url}/${schedule.id}`,
      }),
  );

  app.post(
    '/form-schedules/:id/cancel',
    route(
      'schedules:write',
      {
        summary: 'Cancel a pending form schedule',
        description:
          'Only pending schedules can be cancelled; the credits they consumed are refunded to the part of the balance they came from while it is valid (allowance of a period since reset stays expired; `creditsRefunded` says what came back). Any other status answers 400 `schedule_not_cancellable` and changes nothing.',
        tags,
        operationId: 'cancelFormSchedule',
        params: IdParams,
        response: { 200: CancelledSchedule },
      },
      [400, 404, 409, 413, 415],
    ),
    async (request, reply) =>
      replyWithWrite(core, request, reply, () => core.schedules.cancel(request.params.id), {
        status: 200,
      }),
  );

  app.post(
    '/form-schedules/:id/retry',
    {
      // No body is an empty one: retry by the same channel, now.
      preValidation: (request, _reply, done) => {
        if (request.body === undefined) request.body = {};
        done();
      },
      ...route(
        'schedules:write',
        {
          summary: 'Retry a failed form schedule',
          description:
            "Creates a new pending delivery of the same form to the same patient, by the failed one's channel or `channel`, now or at `scheduledAt` (a reschedule), charged like any delivery (the failed one was refunded). The failed schedule stays failed and gets `retriedBy`; the new one has `retryOf` (and the series place of the failed one). A schedule that is not failed, or was retried already, answers 400 `schedule_not_retriable` and changes nothing.",
          tags,
          operationId: 'retryFormSchedule',
          params: IdParams,
          body: RetryFormSchedule,
          response: { 201: FormSchedule },
        },
        [400, 402, 404, 409],
      ),
    },
    async (request, reply) =>
      replyWithWrite(
        core,
        request,
        reply,
        () => core.schedules.retry(request.params.id, request.body),
        {
          status: 201,
          location: (schedule) =>
            `${request.routeOptions.url!.replace(/\/:id\/retry$/, '')}/${schedule.id}`,
        },
      ),
  );
}
