import type { Sql } from '../../../src-main/service/store/sql-port';

/**
 * An existing id for each documented path parameter, so that a request refused for its input
 * would have had a real target: one in the state the route acts on when there is one (an open
 * conversation, a pending or a sent schedule, an open alert). Looked up once, before the run, for
 * every parameter of `paths` (OpenAPI templates), so that cases are generated without waiting.
 */
export async function existingIds(
  db: Sql,
  paths: readonly string[],
): Promise<(path: string, param: string) => string> {
  const first = (table: string, where = '1') =>
    db
      .prepare<[], string>(`SELECT id FROM ${table} ORDER BY (${where}) DESC, id LIMIT 1`)
      .pluck()
      .get();
  // The longest prefix first: /sandbox/form-schedules before nothing, /patients/{id}/notes is a
  // patient's.
  const byPrefix: [string, () => Promise<string | undefined>][] = [
    ['/patients', () => first('patients')],
    ['/patient-notes', () => first('patient_notes')],
    ['/clinical-forms', () => first('clinical_forms')],
    ['/form-responses', () => first('form_responses')],
    ['/form-schedules', () => first('form_schedules', "status = 'pending'")],
    ['/form-schedule-series', () => first('form_schedule_series', 'cancelled_at IS NULL')],
    ['/sandbox/form-schedules', () => first('form_schedules', "status = 'sent'")],
    ['/conversations', () => first('conversations', 'ended_at IS NULL')],
    ['/voice/calls', () => first('calls')],
    ['/webhooks', () => first('webhooks')],
    ['/alerts', () => first('alerts', "state = 'open'")],
  ];
  const cache = new Map<string, string>();
  const lookUp = async (path: string, param: string) => {
    const key = `${path} ${param}`;
    if (!cache.has(key)) {
      const id =
        param === 'eventId'
          ? await db
              .prepare<[], string>('SELECT event_id FROM webhook_deliveries LIMIT 1')
              .pluck()
              .get()
          : await byPrefix.find(([prefix]) => path.startsWith(`${prefix}/`))?.[1]();
      if (!id) throw new Error(`no existing id for ${param} in ${path}`);
      cache.set(key, id);
    }
  };
  for (const path of paths)
    for (const [, param] of path.matchAll(/\{(\w+)\}/g)) await lookUp(path, param!);
  return (path, param) => {
    const id = cache.get(`${path} ${param}`);
    if (id === undefined) throw new Error(`no id looked up for ${param} in ${path}`);
    return id;
  };
}
