import type { Core } from '../../core';
import { OutboxList, OutboxListQuery } from '../../schemas/form-schedule';
import { listBody } from '../../domain/list-page';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function sandboxOutboxRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/sandbox/outbox',
    route(
      'sandbox:write',
      {
        summary: 'List the messages the service sent',
        description:
          'Form links over WhatsApp and e-mail, newest first, exactly as the patient receives them. `transport` is `smtp` for e-mail that also went to the configured SMTP server. Filters: `channel`, `patientId`, `scheduleId`.',
        tags: ['Sandbox'],
        operationId: 'listSandboxOutbox',
        querystring: OutboxListQuery,
        response: { 200: OutboxList },
      },
      [400],
    ),
    async (request, reply) => sendJsonText(reply, listBody(await core.outbox.list(request.query))),
  );
}
