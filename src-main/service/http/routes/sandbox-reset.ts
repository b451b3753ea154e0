import type { Core } from '../../core';
import { SandboxReset, SandboxResetResult } from '../../schemas/sandbox';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Sandbox'];

export function sandboxResetRoutes(app: TypedApp, core: Core): void {
  app.post(
    '/sandbox/reset',
    route('sandbox:write', {
      summary: 'Replace the clinic data',
      description:
        'Replaces every patient, form, schedule, response, conversation, call, ledger entry, event, outbox message and notification with the demo clinic (`demo`) or nothing (`empty`, with a fresh credit account on the current plan), in one transaction. API keys, settings and webhook registrations stay (their delivery logs go with the events); the service clock is not moved back.',
      tags,
      operationId: 'resetSandbox',
      body: SandboxReset,
      response: { 200: SandboxResetResult },
    }),
    async (request) => core.resetClinic(request.body.seed, 'api'),
  );
}
