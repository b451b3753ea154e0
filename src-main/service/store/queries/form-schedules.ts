import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';
import type {
  Channel,
  FailureReason,
  Language,
  ScheduleSort,
  ScheduleStatus,
} from '../../schemas/form-schedule';

export interface FormScheduleRow {
  id: string;
  form_id: string;
  patient_id: string;
  channel: Channel;
  language: Language;
  status: ScheduleStatus;
  scheduled_at: string;
  message: string | null;
  credits_consumed: number;
  credits_refunded: number | null;
  token_hash: string | null;
  sent_at: string | null;
  failed_at: string | null;
  failure_reason: FailureReason | null;
  cancelled_at: string | null;
  completed_at: string | null;
  response_id: string | null;
  created_at: string;
  updated_at: string;
  /** The series this occurrence belongs to and its 1-based place in it (migration 0011). */
  series_id: string | null;
  series_index: number | null;
  /** Days after delivery without an answer before the one reminder goes. */
  remind_after_days: number | null;
  reminded_at: string | null;
  /** The failed delivery this one retries, and the delivery that retried this one. */
  retry_of: string | null;
  retried_by: string | null;
}

export const SCHEDULE_LIST: ListDefinition = {
  name: 'form_schedules',
  from: 'form_schedules',
  json: 'resource_json',
  keys: ['created_at', 'id'],
};

/** The list in each order; each binds its own cursors (a cursor is a position in one order). */
export const SCHEDULE_LISTS: Record<ScheduleSort, ListDefinition> = {
  '-createdAt': SCHEDULE_LIST,
  '-scheduledAt': {
    ...SCHEDULE_LIST,
    name: 'form_schedules:-scheduledAt',
    keys: ['scheduled_at', 'id'],
  },
  scheduledAt: {
    ...SCHEDULE_LIST,
    name: 'form_schedules:scheduledAt',
    keys: ['scheduled_at', 'id'],
    direction: 'asc',
  },
};

const COLUMNS = `id, form_id, patient_id, channel, language, status, scheduled_at, message, credits_consumed,
  credits_refunded, token_hash, sent_at, failed_at, failure_reason, cancelled_at, completed_at, response_id,
  created_at, updated_at, series_id, series_index, remind_after_days, reminded_at, retry_of, retried_by`;

export function createFormScheduleQueries(db: Sql) {
  const insert = db.prepare<FormScheduleRow>(
    `INSERT INTO form_schedules (${COLUMNS}) VALUES (@id, @form_id, @patient_id, @channel, @language, @status,
       @scheduled_at, @message, @credits_consumed, @credits_refunded, @token_hash, @sent_at, @failed_at,
       @failure_reason, @cancelled_at, @completed_at, @response_id, @created_at, @updated_at,
       @series_id, @series_index, @remind_after_days, @reminded_at, @retry_of, @retried_by)`,
  );
  // Every transition rewrites the mutable columns, guarded by the status it starts from: a row that
  // moved on meanwhile is left alone and the caller sees 0 changes.
  const transition = db.prepare<FormScheduleRow & { from_status: ScheduleStatus }>(
    `UPDATE form_schedules SET status = @status, credits_refunded = @credits_refunded, token_hash = @token_hash,
       sent_at = @sent_at, failed_at = @failed_at, failure_reason = @failure_reason, cancelled_at = @cancelled_at,
       completed_at = @completed_at, response_id = @response_id, updated_at = @updated_at
     WHERE id = @id AND status = @from_status`,
  );
  const setPendingToken = db.prepare<[string, string, string]>(
    `UPDATE form_schedules SET token_hash = ?, updated_at = ? WHERE id = ? AND status = 'pending'`,
  );
  const byId = db.prepare<[string], FormScheduleRow>(
    `SELECT ${COLUMNS} FROM form_schedules WHERE id = ?`,
  );
  const byTokenHash = db.prepare<[string], FormScheduleRow>(
    `SELECT ${COLUMNS} FROM form_schedules WHERE token_hash = ?`,
  );
  const jsonById = db
    .prepare<[string], string>('SELECT resource_json FROM form_schedules WHERE id = ?')
    .pluck();
  const setRetriedBy = db.prepare<[string, string, string]>(
    `UPDATE form_schedules SET retried_by = ?, updated_at = ? WHERE id = ? AND status = 'failed' AND retried_by IS NULL`,
  );
  const setReminded = db.prepare<[string, string, string]>(
    `UPDATE form_schedules SET reminded_at = ?, updated_at = ? WHERE id = ? AND status = 'sent' AND reminded_at IS NULL`,
  );
  const pendingOfSeries = db.prepare<[string], FormScheduleRow>(
    `SELECT ${COLUMNS} FROM form_schedules WHERE series_id = ? AND status = 'pending' ORDER BY series_index, id`,
  );
  const latestSent = db.prepare<[], FormScheduleRow>(
    `SELECT ${COLUMNS} FROM form_schedules WHERE sent_at IS NOT NULL ORDER BY sent_at DESC, id DESC LIMIT 1`,
  );
  return {
    /** The schedule sent last (the sandbox's sample schedule.sent). */
    latestSent: (): Promise<FormScheduleRow | undefined> => latestSent.get(),
    insert: (row: FormScheduleRow) => insert.run(row),
    /** Applies `next` if the row is still in `from`; false when it was not. */
    transition: async (from: ScheduleStatus, next: FormScheduleRow): Promise<boolean> =>
      (await transition.run({ ...next, from_status: from })).changes === 1,
    /** Records the link of a message about to leave while the schedule is still pending. */
    setPendingToken: async (id: string, hash: string, at: string): Promise<boolean> =>
      (await setPendingToken.run(hash, at, id)).changes === 1,
    get: (id: string): Promise<FormScheduleRow | undefined> => byId.get(id),
    byTokenHash: (hash: string): Promise<FormScheduleRow | undefined> => byTokenHash.get(hash),
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
    /** Links a failed delivery to its retry, once; false if it was retried or is not failed. */
    setRetriedBy: async (id: string, retryId: string, at: string): Promise<boolean> =>
      (await setRetriedBy.run(retryId, at, id)).changes === 1,
    /** Records the reminder of a sent, unanswered delivery, once. */
    setReminded: async (id: string, at: string): Promise<boolean> =>
      (await setReminded.run(at, at, id)).changes === 1,
    /** A series' pending occurrences, in order (the ones a series cancel cancels). */
    pendingOfSeries: (seriesId: string): Promise<FormScheduleRow[]> =>
      pendingOfSeries.all(seriesId),
  };
}
