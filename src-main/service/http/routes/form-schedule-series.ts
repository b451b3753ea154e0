import type { Core } from '../../core';
import { listBody } from '../../domain/list-page';
import { IdParams } from '../../schemas/common';
import {
  CancelledSeries,
  CreateFormScheduleSeries,
  FormScheduleSeries,
  FormScheduleSeriesList,
  FormScheduleSeriesListQuery,
} from '../../schemas/form-schedule';
import { replyWithWrite } from '../atomic-reply';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Form schedules'];

/** Recurring deliveries: a series and its occurrences, which are ordinary form schedules. */
export function formScheduleSeriesRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/form-schedule-series',
    route(
      'schedules:write',
      {
        summary: 'List form schedule series',
        description:
          "Newest first. Filter: `patientId`. A series' deliveries are listed by `GET /form-schedules?seriesId=`.",
        tags,
        operationId: 'listFormScheduleSeries',
        querystring: FormScheduleSeriesListQuery,
        response: { 200: FormScheduleSeriesList },
      },
      [400],
    ),
    async (request, reply) =>
      sendJsonText(reply, listBody(await core.scheduleSeries.list(request.query))),
  );

  app.get(
    '/form-schedule-series/:id',
    route(
      'schedules:write',
      {
        summary: 'Get a form schedule series',
        tags,
        operationId: 'getFormScheduleSeries',
        params: IdParams,
        response: { 200: FormScheduleSeries },
      },
      [404],
    ),
    async (request, reply) =>
      sendJsonText(reply, await core.scheduleSeries.getJson(request.params.id)),
  );

  app.post(
    '/form-schedule-series',
    route(
      'schedules:write',
      {
        summary: 'Schedule a recurring form delivery',
        description:
          'Makes every delivery of the series at once, as pending form schedules with `seriesId` and `seriesIndex`: the first at `startsAt` (default now), then every `recurrence.intervalCount` days or weeks, `recurrence.count` times or until `recurrence.until` (2 to 52 deliveries, the last at most 366 days ahead). Each delivery is charged its price now, all in one step: 402 and nothing made when the balance cannot pay them all. With `remindAfterDays` (fewer days than the interval) each delivery gets one reminder if unanswered. The patient and form rules of `POST /form-schedules` apply.',
        tags,
        operationId: 'createFormScheduleSeries',
        body: CreateFormScheduleSeries,
        response: { 201: FormScheduleSeries },
      },
      [402, 409],
    ),
    async (request, reply) =>
      replyWithWrite(core, request, reply, () => core.scheduleSeries.create(request.body), {
        status: 201,
        location: (series) => `${request.routeOptions.url}/${series.id}`,
      }),
  );

  app.post(
    '/form-schedule-series/:id/cancel',
    route(
      'schedules:write',
      {
        summary: 'Cancel a form schedule series',
        description:
          'Cancels every pending delivery of the series in one step, each refunded as `POST /form-schedules/{id}/cancel` would; sent, completed and failed ones stay as they are. `cancelledSchedules` and `creditsRefunded` say what it did. A series cancelled already answers 400 `series_not_cancellable` and changes nothing.',
        tags,
        operationId: 'cancelFormScheduleSeries',
        params: IdParams,
        response: { 200: CancelledSeries },
      },
      [400, 404, 409, 413, 415],
    ),
    async (request, reply) =>
      replyWithWrite(core, request, reply, () => core.scheduleSeries.cancel(request.params.id), {
        status: 200,
      }),
  );
}
