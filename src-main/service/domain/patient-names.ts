import type { Page, PatientRef } from '../contract';
import type { Queries } from '../store/queries';
import type { JsonWithPatient } from '../store/queries/overview';

/** The name a joined row carries, as lists show it. */
export function patientRef(row: JsonWithPatient): PatientRef {
  return { id: row.patient_id, firstName: row.first_name, lastName: row.last_name };
}

/**
 * Adds `patient: {id, firstName, lastName}` to records that hold only a `patientId`, with one
 * query per page, so the window never shows a raw id where a name exists. A record whose patient
 * is gone (never, since patients are not deleted) gets an empty name rather than failing the page.
 */
export function createPatientNames(q: Queries) {
  async function withPatients<T extends { patientId?: string }>(
    items: readonly T[],
  ): Promise<(T & { patient: PatientRef })[]> {
    const ids = items.flatMap((item) => (item.patientId ? [item.patientId] : []));
    const names = new Map(
      (await q.patients.names(ids)).map((row) => [
        row.id,
        { id: row.id, firstName: row.first_name, lastName: row.last_name },
      ]),
    );
    return items.map((item) => ({
      ...item,
      patient: names.get(item.patientId ?? '') ?? {
        id: item.patientId ?? '',
        firstName: '',
        lastName: '',
      },
    }));
  }
  return {
    withPatients,
    /** One record with its patient's name. */
    async withPatient<T extends { patientId?: string }>(
      item: T,
    ): Promise<T & { patient: PatientRef }> {
      return (await withPatients([item]))[0]!;
    },
    /** A list page whose items carry their patients' names, looked up once for the page. */
    async page<T extends { patientId?: string }>(
      page: Page<T>,
    ): Promise<Page<T & { patient: PatientRef }>> {
      return { ...page, data: await withPatients(page.data) };
    },
  };
}

export type PatientNames = ReturnType<typeof createPatientNames>;
