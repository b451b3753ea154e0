import type { Sql } from '../sql-port';

export type SandboxAction = 'enabled' | 'disabled' | 'reset_demo' | 'reset_empty';
export type SandboxSource = 'window' | 'cli' | 'api';

/** One line of the sandbox audit (migration 0009): a switch or a reset, as it happened. */
export interface SandboxAuditRow {
  id: string;
  at: string;
  action: SandboxAction;
  source: SandboxSource;
  /** How many patients the clinic had at that moment. */
  patients: number;
}

/** The record of every sandbox switch and reset; written once, never changed. */
export function createSandboxAuditQueries(db: Sql) {
  const insert = db.prepare<SandboxAuditRow>(
    'INSERT INTO sandbox_audit (id, at, action, source, patients) VALUES (@id, @at, @action, @source, @patients)',
  );
  const latest = db.prepare<[number], SandboxAuditRow>(
    'SELECT id, at, action, source, patients FROM sandbox_audit ORDER BY at DESC, id DESC LIMIT ?',
  );
  return {
    insert: (row: SandboxAuditRow) => insert.run(row),
    /** The newest `limit` lines, newest first. */
    latest: (limit: number): Promise<SandboxAuditRow[]> => latest.all(limit),
  };
}
