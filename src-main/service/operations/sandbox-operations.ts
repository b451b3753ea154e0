import type { Core } from '../core';
import { ProblemError } from '../errors';
import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

function requireSandbox(core: Core): void {
  if (!core.isSandbox()) {
    throw new ProblemError(
      409,
      'sandbox_off',
      'Sandbox mode is off: the clock and the clinic data can only be changed in sandbox mode.',
    );
  }
}

export function sandboxOperations({ core }: OperationDeps): GroupHandlers<'sandbox'> {
  const read = () => ({ now: core.clock.nowIso(), offsetSeconds: core.clock.offsetSeconds });
  return {
    clock: op({
      run() {
        requireSandbox(core);
        return read();
      },
    }),
    advance: op({
      async run({ seconds }) {
        requireSandbox(core);
        const jobsRun = await core.advanceClock(seconds);
        return { ...read(), jobsRun };
      },
    }),
    reset: op({
      async run({ seed }) {
        requireSandbox(core);
        return core.resetClinic(seed, 'window');
      },
    }),
  };
}
