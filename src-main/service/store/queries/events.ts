import type { Sql } from '../sql-port';

export interface EventRow {
  seq: number;
  id: string;
  type: string;
  data: string;
  created_at: string;
}

/** The event log: written in the transaction of the change it reports, read in `seq` order. */
export function createEventQueries(db: Sql) {
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO events (id, type, data, created_at) VALUES (?, ?, ?, ?)',
  );
  const after = db.prepare<[number, number], EventRow>(
    'SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const byId = db.prepare<[string], EventRow>('SELECT * FROM events WHERE id = ?');
  return {
    get: (id: string): Promise<EventRow | undefined> => byId.get(id),
    insert: (id: string, type: string, data: string, createdAt: string) =>
      insert.run(id, type, data, createdAt),
    after: (seq: number, limit = 100): Promise<EventRow[]> => after.all(seq, limit),
  };
}

export type EventQueries = ReturnType<typeof createEventQueries>;
