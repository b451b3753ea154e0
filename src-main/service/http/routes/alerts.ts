import type { Core } from '../../core';
import { Alert, AlertAction, AlertList, AlertListQuery } from '../../schemas/alert';
import { IdParams } from '../../schemas/common';
import { listBody } from '../../domain/list-page';
import { replyWithWrite } from '../atomic-reply';
import { requestActor } from '../request-actor';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Alerts'];

export function alertRoutes(app: TypedApp, core: Core): void {
  const { alerts } = core;

  app.get(
    '/alerts',
    route(
      'patients:read',
      {
        summary: 'List alerts',
        description:
          'Warning signs raised for a coordinator: escalated chats and calls, form answers that met an alert rule, failed deliveries of urgent forms. Newest first. Filters: `patientId`, `state` (open, acknowledged, resolved), `priority` (urgent, review), `sourceType`.',
        tags,
        operationId: 'listAlerts',
        querystring: AlertListQuery,
        response: { 200: AlertList },
      },
      [400],
    ),
    async (request, reply) => sendJsonText(reply, listBody(await alerts.list(request.query))),
  );

  app.get(
    '/alerts/:id',
    route(
      'patients:read',
      {
        summary: 'Get an alert',
        tags,
        operationId: 'getAlert',
        params: IdParams,
        response: { 200: Alert },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await alerts.getJson(request.params.id)),
  );

  for (const action of ['acknowledge', 'resolve'] as const) {
    app.post(
      `/alerts/:id/${action}`,
      {
        // The note is optional, and so is the body that carries it (but `null` is still no object).
        preValidation: (request, _reply, done) => {
          if (request.body === undefined) request.body = {};
          done();
        },
        ...route(
          'patients:write',
          {
            summary: action === 'acknowledge' ? 'Acknowledge an alert' : 'Resolve an alert',
            description:
              action === 'acknowledge'
                ? 'Someone has seen the alert and is acting on it: `open` → `acknowledged`, with who (this API key) and an optional `note`. Changes nothing else. An alert that is not open answers 400 `alert_acknowledged` or `alert_resolved`.'
                : 'The alert is dealt with: → `resolved`, with who and an optional `note` (an open alert is acknowledged in the same step). A resolved one answers 400 `alert_resolved`.',
            tags,
            operationId: action === 'acknowledge' ? 'acknowledgeAlert' : 'resolveAlert',
            params: IdParams,
            body: AlertAction,
            response: { 200: Alert },
          },
          [400, 404, 409],
        ),
      },
      async (request, reply) =>
        replyWithWrite(
          core,
          request,
          reply,
          () => alerts[action](request.params.id, requestActor(request), request.body.note),
          { status: 200 },
        ),
    );
  }
}
