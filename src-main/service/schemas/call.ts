import { Type, type Static } from 'typebox';
import { DateRangeQuery, DateTime, ListOf, PageQuery } from './common';
import { LANGUAGES } from './form-schedule';

/** Automated AI voice calls (interface spec; api-decisions §8). */

export const CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'completed', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const CALL_FAILURE_REASONS = ['no_answer', 'busy', 'invalid_number'] as const;
export type CallFailureReason = (typeof CALL_FAILURE_REASONS)[number];

const Language = Type.Enum([...LANGUAGES], { type: 'string' });

const callFields = {
  id: Type.String({ pattern: '^call_', examples: ['call_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
  patientId: Type.String(),
  status: Type.Enum([...CALL_STATUSES], { type: 'string' }),
  purpose: Type.String(),
  language: Language,
  duration: Type.Integer({
    minimum: 0,
    description: 'Seconds from answer to hang-up; 0 on a call that failed without answer.',
  }),
  creditsConsumed: Type.Integer({
    minimum: 0,
    description:
      '5 per started minute: the first reserved when the call is created, the rest taken when it is answered (a call ends when the credits do); 0 for a call never answered, whose reservation is returned.',
  }),
  failureReason: Type.Optional(
    Type.Enum([...CALL_FAILURE_REASONS], {
      type: 'string',
      description: 'Present on failed calls.',
    }),
  ),
  failedAt: Type.Optional(Type.String({ format: 'date-time' })),
  answeredAt: Type.Optional(Type.String({ format: 'date-time' })),
  createdAt: DateTime,
  completedAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'Present on completed calls.' }),
  ),
};

export const Call = Type.Object(callFields, {
  additionalProperties: false,
  description: 'A call in a list: without transcript and summary.',
});
export type Call = Static<typeof Call>;

export const TranscriptTurn = Type.Object(
  {
    role: Type.Enum(['assistant', 'patient'], { type: 'string' }),
    content: Type.String(),
    at: Type.String({ format: 'date-time', description: 'When the turn began.' }),
  },
  { additionalProperties: false },
);
export type TranscriptTurn = Static<typeof TranscriptTurn>;

export const CallDetail = Type.Object(
  {
    ...callFields,
    transcript: Type.Optional(
      Type.Array(TranscriptTurn, { description: 'Present on completed calls.' }),
    ),
    summary: Type.Optional(Type.String({ description: 'Present on completed calls.' })),
    metadata: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Which assistant produced the conversation (`provider`, `model`), a `fallback` when the language model failed, and what was understood (`findings`, `redFlags`).',
    }),
  },
  {
    additionalProperties: false,
    description:
      'A voice call with everything known about it: a completed call adds its transcript and summary.',
  },
);
export type CallDetail = Static<typeof CallDetail>;

export const CallList = ListOf(Call, 'Calls, newest first, without transcript or summary.');

export const CallListQuery = Type.Object(
  {
    ...PageQuery,
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only calls to this patient.' }),
    ),
    status: Type.Optional(
      Type.Enum([...CALL_STATUSES], { type: 'string', description: 'Only calls in this status.' }),
    ),
    ...DateRangeQuery,
  },
  { additionalProperties: false },
);
export type CallListQuery = Static<typeof CallListQuery>;

export const CreateCall = Type.Object(
  {
    patientId: Type.String({ minLength: 1, maxLength: 64 }),
    purpose: Type.String({
      minLength: 1,
      maxLength: 2000,
      pattern: '\\S',
      description: 'What the call is for, e.g. post-operative follow-up after knee surgery.',
    }),
    language: Type.Optional(
      Type.Enum([...LANGUAGES], {
        type: 'string',
        description: "Default the patient's metadata.preferredLanguage, else es.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateCall = Static<typeof CreateCall>;
