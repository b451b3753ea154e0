import type { PatientRow } from '../store/queries/patients';

/**
 * Whether the patient was already registered at `ms`: the demo's history only involves patients
 * who existed when it happened, so no patient page shows a delivery from before their sign-up.
 */
export function registeredBy(patient: Pick<PatientRow, 'created_at'>, ms: number): boolean {
  return Date.parse(patient.created_at) <= ms;
}
