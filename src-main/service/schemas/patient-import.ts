import { Type, type Static } from 'typebox';

/** Where a column of an imported file goes: a patient field, a metadata key, or nowhere. */
export const IMPORT_TARGETS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'sex',
  'mrn',
  'tags',
  'ignore',
] as const;
export const ImportTarget = Type.Enum([...IMPORT_TARGETS], { type: 'string' });
export type ImportTarget = Static<typeof ImportTarget>;

/**
 * The file as the window read it (base64 of its bytes: the service decides the encoding), and
 * optionally the coordinator's choice of target for each column, by position; without it the
 * columns are guessed from their headers. The string limit is the base64 of 12 MiB, above the
 * import's own limit (IMPORT_MAX_BYTES, refused with a reason of its own).
 */
export const PatientImportInput = Type.Object(
  {
    file: Type.String({
      minLength: 1,
      maxLength: 16 * 1024 * 1024,
      pattern: '^[A-Za-z0-9+/]*={0,2}$',
    }),
    columns: Type.Optional(Type.Array(ImportTarget, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type PatientImportInput = Static<typeof PatientImportInput>;
