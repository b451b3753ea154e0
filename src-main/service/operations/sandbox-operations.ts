import type { Core } from '../core';
import { ProblemError } from '../errors';
import { ClockAdvance, SandboxReset } from '../schemas/sandbox';
import { noInput, op, schemaInput, type GroupHandlers, type OperationDeps } from './operation-kit';

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
      parse: noInput,
      run() {
        requireSandbox(core);
        return read();
      },
    }),
    advance: op({
      parse: schemaInput<{ seconds: number }>(ClockAdvance),
      async run({ seconds }) {
        requireSandbox(core);
        const jobsRun = await core.advanceClock(seconds);
        return { ...read(), jobsRun };
      },
    }),
    reset: op({
      parse: schemaInput<{ seed: 'demo' | 'empty' }>(SandboxReset),
      async run({ seed }) {
        requireSandbox(core);
        return core.resetClinic(seed, 'window');
      },
    }),
  };
}
