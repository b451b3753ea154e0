import { Type, type Static } from 'typebox';
import { DateOnly, DateTime, DisplayName, PageQuery, Pagination, SingleLine } from './common';

export const PatientStatus = Type.Enum(['active', 'inactive'], { type: 'string' });

// Examples for the API reference and the Developer screen's curl commands.
const FirstName = DisplayName({ examples: ['Ana'] });
const LastName = DisplayName({ examples: ['García Puig'] });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Phone = Type.String({
  pattern: '^\\+[1-9][0-9]{6,14}$',
  description: 'E.164, e.g. +34612345678.',
});
/** A patient's tags: at most 20, each 1 to 50 characters on one line. */
export const PatientTags = Type.Array(SingleLine({ minLength: 1, maxLength: 50, pattern: '\\S' }), {
  maxItems: 20,
  uniqueItems: true,
});
const Metadata = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Free-form key/value content, at most 16 KiB as JSON.',
});

export const Patient = Type.Object(
  {
    id: Type.String({ pattern: '^pat_', examples: ['pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.Optional(Type.String()),
    phone: Type.Optional(Type.String()),
    dateOfBirth: Type.Optional(DateOnly),
    status: PatientStatus,
    tags: Type.Array(Type.String()),
    metadata: Metadata,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    additionalProperties: false,
    description:
      'A patient of the clinic. Optional fields that are not known (email, phone, dateOfBirth) are left out.',
  },
);
export type Patient = Static<typeof Patient>;

export const PatientList = Type.Object(
  {
    data: Type.Array(Patient),
    pagination: Pagination,
    total: Type.Integer({ description: 'Number of patients matching the filters.' }),
  },
  { additionalProperties: false, description: 'Patients, newest first.' },
);

const Days = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 3660, description }));
const Age = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 150, description }));

/**
 * The filters beyond search, status and tag (a coordinator's filter bar): age in whole years on the
 * service's today, and whether the patient answered lately. Patients without a date of birth
 * match no age filter.
 */
export const PatientNarrowing = {
  minAge: Age('Only patients at least this old (whole years, on the service clock).'),
  maxAge: Age('Only patients at most this old (whole years).'),
  respondedWithinDays: Days('Only patients with a form response in the last N days.'),
  notRespondedWithinDays: Days(
    'Only patients without a form response in the last N days (never answered included).',
  ),
  responseFormId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'The two response filters count only responses to this form ("no answer to PHQ-9 in 30 days"); needs one of them.',
    }),
  ),
};

export const PatientListQuery = Type.Object(
  {
    ...PageQuery,
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Case- and accent-insensitive substring of first name, last name, full name, e-mail or phone digits.',
      }),
    ),
    status: Type.Optional(
      Type.Enum(['active', 'inactive'], {
        type: 'string',
        description: 'Only patients in this status.',
      }),
    ),
    tag: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: 'Only patients carrying this tag (exact match).',
      }),
    ),
    ...PatientNarrowing,
    sort: Type.Optional(
      Type.Enum(['created', 'name', 'dateOfBirth'], {
        type: 'string',
        description:
          '`created` (the default: registration order), `name` (last name, then first name, without case or accents) or `dateOfBirth` (patients without one come last in either direction).',
      }),
    ),
    direction: Type.Optional(
      Type.Enum(['asc', 'desc'], {
        type: 'string',
        description:
          'Default `desc` for `created` (newest first) and `asc` otherwise (A to Z, oldest patient first). A cursor belongs to one sort and direction.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PatientListQuery = Static<typeof PatientListQuery>;

export const CreatePatient = Type.Object(
  {
    firstName: FirstName,
    lastName: LastName,
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    dateOfBirth: Type.Optional(DateOnly),
    status: Type.Optional(PatientStatus),
    tags: Type.Optional(PatientTags),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);
export type CreatePatient = Static<typeof CreatePatient>;

/** PATCH: send only what changes; `null` clears an optional field. */
export const UpdatePatient = Type.Object(
  {
    firstName: Type.Optional(FirstName),
    lastName: Type.Optional(LastName),
    email: Type.Optional(Type.Union([Email, Type.Null()])),
    phone: Type.Optional(Type.Union([Phone, Type.Null()])),
    dateOfBirth: Type.Optional(Type.Union([DateOnly, Type.Null()])),
    status: Type.Optional(PatientStatus),
    tags: Type.Optional(PatientTags),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePatient = Static<typeof UpdatePatient>;
