import { Type } from 'typebox';
import { DateTime } from './common';

export const SandboxClock = Type.Object(
  {
    now: DateTime,
    offsetSeconds: Type.Integer({
      description: 'How far the service clock runs ahead of real time.',
    }),
  },
  { additionalProperties: false },
);

export const ClockAdvance = Type.Object(
  {
    seconds: Type.Integer({
      minimum: 0,
      maximum: 10 * 366 * 86400,
      description: 'How far to move the service clock forward (at most ten years at a time).',
    }),
  },
  { additionalProperties: false },
);

export const Health = Type.Object(
  { status: Type.Literal('ok'), version: Type.String() },
  { additionalProperties: false },
);

export const SandboxReset = Type.Object(
  {
    seed: Type.Enum(['demo', 'empty'], {
      type: 'string',
      description: 'demo: the deterministic demo clinic; empty: no patients, forms or history.',
    }),
  },
  { additionalProperties: false },
);

export const SandboxResetResult = Type.Object(
  {
    seed: Type.Enum(['demo', 'empty'], { type: 'string' }),
    patients: Type.Integer({ description: 'Patients in the clinic after the reset.' }),
  },
  { additionalProperties: false },
);
