import type { Sql } from './sql-port';

/**
 * Tables holding what a clinic records, children before parents (foreign keys are on). Kept: the
 * settings, the API keys and the webhooks (integration configuration, like keys: an integrator's
 * receiver keeps working across a sandbox reset). The webhooks' deliveries and attempts go,
 * since the events they carried go.
 */
export const CLINIC_TABLES = [
  'webhook_attempts',
  'webhook_deliveries',
  'notifications',
  'alerts',
  'patient_notes',
  'chat_links',
  'outbox',
  'form_answered_fields',
  'response_reads',
  'form_responses',
  'conversation_messages',
  'conversations',
  'calls',
  'form_schedules',
  'form_schedule_series',
  'clinical_forms',
  'patients',
  'events',
  'jobs',
  'credit_ledger',
  'credit_account',
  'idempotency_keys',
] as const;

/**
 * Tables a reset leaves alone (FTS shadow tables and counters are kept in step separately). The
 * test receiver's log stays too: it stands for a receiver outside the clinic, which keeps what it
 * received whatever happens to the sender.
 */
export const KEPT_TABLES = [
  'settings',
  'api_keys',
  'webhooks',
  'patient_counts',
  'receiver_requests',
  // Who switched sandbox mode and reset the clinic: the record of resets outlives them.
  'sandbox_audit',
  // Who read or changed which record: kept for its retention period whatever happens to the data.
  'audit_events',
] as const;

/**
 * Empties every clinic table inside the caller's transaction. The tables refuse deletes by
 * trigger (records are kept, the ledger is append-only); a sandbox reset is the one sanctioned
 * exception, so those triggers are dropped and re-created from their own stored SQL in the same
 * transaction: if anything fails, the guards come back with the data.
 *
 * On PostgreSQL one TRUNCATE of the same tables empties them: it fires no row triggers, so the
 * delete guards stay as they are; the tables' TRUNCATE guards (migration 0017) let it through
 * while engage.clinic_reset is on, set for this statement only, inside the transaction. No kept
 * table references a clinic one. Identities continue (nothing reads a seq across a reset); the
 * trigram index belongs to the patients table, and the table of search suffixes goes with them.
 */
export async function clearClinicData(db: Sql, now: string): Promise<void> {
  if (!db.inTransaction) throw new Error('clearClinicData must run inside a transaction');
  if (db.engine === 'postgres') {
    await db.exec(`SELECT set_config('engage.clinic_reset', 'on', true)`);
    // The search suffixes (migration 0018) are derived from the patients, like the trigram index.
    await db.exec(`TRUNCATE ${[...CLINIC_TABLES, 'patient_search_suffixes'].join(', ')}`);
    await db.exec(`SELECT set_config('engage.clinic_reset', 'off', true)`);
  } else {
    const guards = await db
      .prepare<[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%BEFORE DELETE ON%'`,
      )
      .all();
    for (const guard of guards) await db.exec(`DROP TRIGGER ${guard.name}`);
    for (const table of CLINIC_TABLES) await db.exec(`DELETE FROM ${table}`);
    // External-content index follows the emptied patients table.
    await db.exec(`INSERT INTO patient_search (patient_search) VALUES ('delete-all')`);
    for (const guard of guards) await db.exec(guard.sql);
  }
  // The trigger-kept counters follow the emptied patients table.
  await db.exec('UPDATE patient_counts SET n = 0');
  // Attempt numbering starts afresh, so the failure-rate window must too.
  await db.prepare('UPDATE webhooks SET stats_since = ?, stats_after_seq = 0').run(now);
}
