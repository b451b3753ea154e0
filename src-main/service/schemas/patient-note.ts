import { Type, type Static } from 'typebox';
import { Actor } from './actor';
import { DateTime, DisplayName, ListOf, PageQuery } from './common';

/**
 * Notes: what the clinic's staff write about a patient (docs/api-decisions.md, "Patient notes").
 * Kept as written: a correction is a new note.
 */

export const PatientNote = Type.Object(
  {
    id: Type.String({ pattern: '^note_', examples: ['note_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    patientId: Type.String(),
    text: Type.String({ description: 'What was written, as written (line breaks kept).' }),
    author: Type.String({ description: 'Who wrote it, as they signed it.' }),
    createdBy: Actor,
    createdAt: DateTime,
  },
  {
    additionalProperties: false,
    description: "A note in a patient's record: never changed or deleted; correct it with another.",
  },
);
export type PatientNote = Static<typeof PatientNote>;

export const PatientNoteList = ListOf(PatientNote, "A patient's notes, newest first.");

export const CreatePatientNote = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: 5000,
      pattern: '\\S',
      description: 'The note, up to 5,000 characters; line breaks are kept.',
    }),
    author: Type.Optional(
      DisplayName({
        description:
          'Who wrote it, as they sign ("Dra. Puig"). Default: the API key\'s name, or the desk.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreatePatientNote = Static<typeof CreatePatientNote>;

export const PatientNoteListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type PatientNoteListQuery = Static<typeof PatientNoteListQuery>;
