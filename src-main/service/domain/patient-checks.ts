import { ProblemError, validationFailed } from '../errors';
import type { Queries } from '../store/queries';
import type { PatientRow } from '../store/queries/patients';

/**
 * The patient a request names in its body: it must exist (else 422 not_found at `/patientId`, as
 * for any unknown id referenced in a body) and be active (else 422 patient_inactive).
 */
export async function activePatient(
  q: Queries,
  patientId: string,
  doing: string,
): Promise<PatientRow> {
  const patient = await q.patients.get(patientId);
  if (!patient) {
    throw validationFailed([
      {
        pointer: '/patientId',
        code: 'not_found',
        detail: `No patient with id '${patientId}' exists.`,
      },
    ]);
  }
  return requireActive(patient, doing);
}

/** 422 patient_inactive unless the patient is active; `doing` ends the sentence ("sending forms"). */
export function requireActive(patient: PatientRow, doing: string): PatientRow {
  if (patient.status !== 'active') {
    throw new ProblemError(
      422,
      'patient_inactive',
      `The patient is inactive; reactivate them before ${doing}.`,
      {
        errors: [
          { pointer: '/patientId', code: 'patient_inactive', detail: 'The patient is inactive.' },
        ],
      },
    );
  }
  return patient;
}

/** 422 patient_unreachable when the patient has no `what` to reach them by. */
export function unreachable(pointer: string, what: string, purpose: string): ProblemError {
  return new ProblemError(
    422,
    'patient_unreachable',
    `The patient has no ${what} for ${purpose}.`,
    {
      errors: [{ pointer, code: 'patient_unreachable', detail: `The patient has no ${what}.` }],
    },
  );
}
