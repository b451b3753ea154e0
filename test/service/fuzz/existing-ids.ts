import type { Db } from '../../../src-main/service/store/db';

/**
 * An existing id for each documented path parameter, so that a request refused for its input
 * would have had a real target: one in the state the route acts on when there is one (an open
 * conversation, a pending or a sent schedule, an open alert). Answers are kept per path and name.
 */
export function existingIds(db: Db): (path: string, param: string) => string {
  const first = (table: string, where = '1') =>
    db
      .prepare<[], string>(`SELECT id FROM ${table} ORDER BY (${where}) DESC, id LIMIT 1`)
      .pluck()
      .get();
  // The longest prefix first: /sandbox/form-schedules before nothing, /patients/{id}/notes is a
  // patient's.
  const byPrefix: [string, () => string | undefined][] = [
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
  return (path, param) => {
    const key = `${path} ${param}`;
    if (!cache.has(key)) {
      const id =
        param === 'eventId'
          ? db.prepare<[], string>('SELECT event_id FROM webhook_deliveries LIMIT 1').pluck().get()
          : byPrefix.find(([prefix]) => path.startsWith(`${prefix}/`))?.[1]();
      if (!id) throw new Error(`no existing id for ${param} in ${path}`);
      cache.set(key, id);
    }
    return cache.get(key)!;
  };
}
