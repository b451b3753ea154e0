import type { Core } from '../../core';
import { SandboxEventRequest, SandboxEventResult } from '../../schemas/webhook';
import { replyWithWrite } from '../atomic-reply';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

export function sandboxEventRoutes(app: TypedApp, core: Core): void {
  app.post(
    '/sandbox/events',
    route(
      'sandbox:write',
      {
        summary: 'Emit a sample event',
        description:
          'Writes a sample event of the kind to the event log, from which it reaches every active webhook subscribed to it exactly like a real one (signed, retried, logged). The sample describes the latest real record of its kind when there is one (the newest patient, response, call, ...), else made-up ids; `credits.low` shows the account with a balance under the threshold.',
        tags: ['Sandbox'],
        operationId: 'emitSandboxEvent',
        body: SandboxEventRequest,
        response: { 201: SandboxEventResult },
      },
      [409],
    ),
    async (request, reply) =>
      replyWithWrite(core, request, reply, () => core.sampleEvents.emit(request.body.event), {
        status: 201,
      }),
  );
}
