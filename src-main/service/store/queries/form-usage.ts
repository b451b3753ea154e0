import type { Sql } from '../sql-port';

export interface FormUsageRow {
  form_id: string;
  response_count: number;
  last_response_at: string | null;
  delivery_count: number;
  pending_deliveries: number;
}

/**
 * What references each form (its responses and its deliveries), for the forms list and for the
 * rule that only an unreferenced form may be deleted. One statement per page of forms; each count
 * walks the form's own index entries (form_responses_by_form, form_schedules_by_form).
 */
export function createFormUsageQueries(db: Sql) {
  const usage = (ids: string) =>
    `SELECT ids.value AS form_id,
       (SELECT count(*) FROM form_responses r WHERE r.form_id = ids.value) AS response_count,
       (SELECT max(completed_at) FROM form_responses r WHERE r.form_id = ids.value) AS last_response_at,
       (SELECT count(*) FROM form_schedules s WHERE s.form_id = ids.value) AS delivery_count,
       (SELECT count(*) FROM form_schedules s WHERE s.form_id = ids.value AND s.status = 'pending')
         AS pending_deliveries
     FROM ${ids}`;
  // The ids come as a JSON array of strings.
  const ofForms = db.prepare<[string], FormUsageRow>({
    sqlite: usage('json_each(?) AS ids'),
    postgres: usage('json_array_elements_text(?::json) AS ids (value)'),
  });
  return {
    /** form id → its usage; every id asked for is in the map (zeros for an unknown id). */
    async ofForms(ids: readonly string[]): Promise<Map<string, FormUsageRow>> {
      const rows = await ofForms.all(JSON.stringify([...new Set(ids)]));
      return new Map(rows.map((row) => [row.form_id, row]));
    },
  };
}
