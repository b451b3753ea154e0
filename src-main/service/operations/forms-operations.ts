import type { PatientRef } from '../../../src-preload/contract';
import type { JsonWithPatient } from '../store/queries/overview';

// The forms group itself (authoring, archive, delete, preview) lives in its own module.
export { formOperations } from './form-authoring-operations';

export function patientRef(row: JsonWithPatient): PatientRef {
  return { id: row.patient_id, firstName: row.first_name, lastName: row.last_name };
}

// The responses group lives in responses-operations.ts.
