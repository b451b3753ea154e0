import type { Core } from '../../core';
import { ClockAdvance, SandboxClock } from '../../schemas/sandbox';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Sandbox'];

export function sandboxClockRoutes(app: TypedApp, core: Core): void {
  const read = () => ({ now: core.clock.nowIso(), offsetSeconds: core.clock.offsetSeconds });

  app.get(
    '/sandbox/clock',
    route('sandbox:write', {
      summary: 'Read the service clock',
      tags,
      operationId: 'getSandboxClock',
      response: { 200: SandboxClock },
    }),
    async () => read(),
  );

  app.post(
    '/sandbox/clock/advance',
    route('sandbox:write', {
      summary: 'Move the service clock forward',
      description:
        'Answers only after every job due up to the new time has run, in due order, each seeing the clock at its own due time: deliveries, retries, conversation closes, calls, monthly credit resets and token expiry all follow. The clock never moves back.',
      tags,
      operationId: 'advanceSandboxClock',
      body: ClockAdvance,
      response: { 200: SandboxClock },
    }),
    async (request) => {
      await core.advanceClock(request.body.seconds);
      return read();
    },
  );
}
