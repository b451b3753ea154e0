import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

export interface LedgerRow {
  id: string;
  kind: 'grant' | 'consume' | 'refund' | 'reset';
  amount: number;
  from_allowance: number;
  balance_after: number;
  reason: string;
  resource_type: string | null;
  resource_id: string | null;
  created_at: string;
}

/**
 * The API shape of a ledger entry, rendered by the database (see PATIENT_JSON for why). The
 * engines differ only in how a string is quoted: json_quote on SQLite, engage_json_text on
 * PostgreSQL (the migrations' twin of it).
 */
const ledgerJson = (quote: string) => `'{"id":' || ${quote}(id)
  || ',"kind":' || ${quote}(kind)
  || ',"amount":' || CAST(amount AS TEXT)
  || ',"balanceAfter":' || CAST(balance_after AS TEXT)
  || ',"reason":' || ${quote}(reason)
  || CASE WHEN resource_type IS NULL THEN '' ELSE ',"resourceType":' || ${quote}(resource_type) END
  || CASE WHEN resource_id IS NULL THEN '' ELSE ',"resourceId":' || ${quote}(resource_id) END
  || ',"createdAt":' || ${quote}(created_at) || '}'`;

export const LEDGER_JSON = {
  sqlite: ledgerJson('json_quote'),
  postgres: ledgerJson('engage_json_text'),
} as const;

export const LEDGER_LIST: ListDefinition = {
  name: 'credit_ledger',
  from: 'credit_ledger',
  json: LEDGER_JSON,
  keys: ['created_at', 'id'],
};

export function createCreditLedgerQueries(db: Sql) {
  const insert = db.prepare<LedgerRow>(
    `INSERT INTO credit_ledger (id, kind, amount, from_allowance, balance_after, reason, resource_type, resource_id, created_at)
     VALUES (@id, @kind, @amount, @from_allowance, @balance_after, @reason, @resource_type, @resource_id, @created_at)`,
  );
  // What a resource took from the monthly allowance in the current period and has not had back.
  const allowanceOwed = db
    .prepare<[string, string], number>(
      `SELECT coalesce(sum(CASE kind WHEN 'consume' THEN from_allowance WHEN 'refund' THEN -from_allowance ELSE 0 END), 0)
       FROM credit_ledger WHERE resource_id = ? AND created_at >= ?`,
    )
    .pluck();
  // What a resource took from top-ups (credits that never expire) and has not had back. A
  // refund's top-up part is its amount less what it put back into the allowance.
  const topUpOwed = db
    .prepare<[string], number>(
      `SELECT coalesce(sum(CASE kind WHEN 'consume' THEN -amount - from_allowance
                                   WHEN 'refund' THEN -(amount - from_allowance) ELSE 0 END), 0)
       FROM credit_ledger WHERE resource_id = ?`,
    )
    .pluck();
  // What a resource consumed in the current period, net of what came back in it.
  const periodConsumed = db
    .prepare<[string, string], number>(
      `SELECT coalesce(-sum(amount), 0) FROM credit_ledger
       WHERE resource_id = ? AND created_at >= ? AND kind IN ('consume', 'refund')`,
    )
    .pluck();
  const netConsumed = db
    .prepare<[string], number>(
      `SELECT coalesce(-sum(amount), 0) FROM credit_ledger WHERE resource_id = ? AND kind IN ('consume', 'refund')`,
    )
    .pluck();
  const sum = db.prepare<[], number>('SELECT coalesce(sum(amount), 0) FROM credit_ledger').pluck();
  return {
    insert: (row: LedgerRow) => insert.run(row),
    allowanceOwed: async (resourceId: string, periodStart: string) =>
      (await allowanceOwed.get(resourceId, periodStart)) ?? 0,
    /** What a resource consumed since `periodStart`, net of refunds since then. */
    periodConsumed: async (resourceId: string, periodStart: string) =>
      (await periodConsumed.get(resourceId, periodStart)) ?? 0,
    /** What a resource took from top-ups and has not had back. */
    topUpOwed: async (resourceId: string) => (await topUpOwed.get(resourceId)) ?? 0,
    /** Credits a resource consumed minus what was refunded to it. */
    netConsumed: async (resourceId: string) => (await netConsumed.get(resourceId)) ?? 0,
    /** The sum of every entry; equals the balance when the books are right. */
    sum: async () => (await sum.get()) ?? 0,
  };
}
