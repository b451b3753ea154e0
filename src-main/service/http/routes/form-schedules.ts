import type { Core } from '../../core';
import { IdParams } from '../../schemas/common';
import {
  CancelledSchedule,
  CreateFormSchedule,
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
        description: 'Newest first. Filters: `patientId`, `formId`, `status`, `channel`.',
        tags,
        operationId: 'listFormSchedules',
        querystring: FormScheduleListQuery,
        response: { 200: FormScheduleList },
      },
      [400],
    ),
    async (request, reply) => sendJsonText(reply, listBody(core.schedules.list(request.query))),
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
    async (request, reply) => sendJsonText(reply, core.schedules.getJson(request.params.id)),
  );

  app.post(
    '/form-schedules',
    route(
      'schedules:write',
      {
        summary: 'Schedule a form delivery',
        description:
          'Sends the form to the patient over WhatsApp or e-mail at `scheduledAt` (default now) with a link to the patient form page. The delivery price (e-mail 1, WhatsApp 2 credits) is charged now and refunded in full if the schedule is cancelled or the delivery fails. The patient must be active and have a phone (whatsapp) or an e-mail address (email).',
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
}
