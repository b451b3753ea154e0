import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';
import type { Channel, Language } from '../../schemas/form-schedule';

/** A recurring plan of deliveries (migration 0011); its occurrences are form_schedules rows. */
export interface FormScheduleSeriesRow {
  id: string;
  form_id: string;
  patient_id: string;
  channel: Channel;
  language: Language;
  message: string | null;
  interval_unit: 'day' | 'week';
  interval_count: number;
  end_count: number | null;
  end_until: string | null;
  occurrences: number;
  remind_after_days: number | null;
  starts_at: string;
  cancelled_at: string | null;
  created_at: string;
}

export const SERIES_LIST: ListDefinition = {
  name: 'form_schedule_series',
  from: 'form_schedule_series_view',
  json: 'api_json',
  keys: ['created_at', 'id'],
};

const COLUMNS = `id, form_id, patient_id, channel, language, message, interval_unit, interval_count, end_count,
  end_until, occurrences, remind_after_days, starts_at, cancelled_at, created_at`;

export function createFormScheduleSeriesQueries(db: Sql) {
  const insert = db.prepare<FormScheduleSeriesRow>(
    `INSERT INTO form_schedule_series (${COLUMNS}) VALUES (@id, @form_id, @patient_id, @channel, @language, @message,
       @interval_unit, @interval_count, @end_count, @end_until, @occurrences, @remind_after_days, @starts_at,
       @cancelled_at, @created_at)`,
  );
  const byId = db.prepare<[string], FormScheduleSeriesRow>(
    `SELECT ${COLUMNS} FROM form_schedule_series WHERE id = ?`,
  );
  const jsonById = db
    .prepare<[string], string>('SELECT api_json FROM form_schedule_series_view WHERE id = ?')
    .pluck();
  const cancel = db.prepare<[string, string]>(
    'UPDATE form_schedule_series SET cancelled_at = ? WHERE id = ? AND cancelled_at IS NULL',
  );
  const occurrences = db.prepare<[string], { id: string; occurrences: number }>({
    sqlite:
      'SELECT id, occurrences FROM form_schedule_series WHERE id IN (SELECT value FROM json_each(?))',
    postgres: `SELECT id, occurrences FROM form_schedule_series
      WHERE id IN (SELECT value FROM json_array_elements_text(?::json))`,
  });
  return {
    /** How many deliveries each of these series planned (a list page's "3 of 7"). */
    occurrences: async (ids: readonly string[]) =>
      ids.length ? await occurrences.all(JSON.stringify([...new Set(ids)])) : [],
    insert: (row: FormScheduleSeriesRow) => insert.run(row),
    get: (id: string): Promise<FormScheduleSeriesRow | undefined> => byId.get(id),
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
    /** Marks the series cancelled, once; false if it already was. */
    cancel: async (id: string, at: string): Promise<boolean> =>
      (await cancel.run(at, id)).changes === 1,
  };
}
