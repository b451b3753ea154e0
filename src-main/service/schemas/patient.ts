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
const Tags = Type.Array(SingleLine({ minLength: 1, maxLength: 50, pattern: '\\S' }), {
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
    tags: Type.Optional(Tags),
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
    tags: Type.Optional(Tags),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePatient = Static<typeof UpdatePatient>;
