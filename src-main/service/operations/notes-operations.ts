import type { PatientNote } from '../schemas/patient-note';
import { DESK_ACTOR } from '../schemas/actor';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function noteOperations({ core }: OperationDeps): GroupHandlers<'notes'> {
  return {
    list: op({
      run: async ({ patientId, ...page }) =>
        pageOf<PatientNote>(await core.patientNotes.list(patientId, page)),
    }),
    create: op({
      run: ({ patientId, ...note }) => core.patientNotes.create(patientId, note, DESK_ACTOR),
    }),
  };
}
