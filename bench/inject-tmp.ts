import Database from 'better-sqlite3';
import { createCore } from '../src-main/service/core';
import { PATIENT_JSON } from '../src-main/service/store/queries/patients';
const core = createCore({ dataDir: '/tmp/bdb' });
const sql = `SELECT CAST(group_concat(CASE WHEN n <= @limit THEN j END, ',' ORDER BY n) AS BLOB), count(*), max(CASE WHEN n = @limit THEN k0 END), max(CASE WHEN n = @limit THEN k1 END)
  FROM (SELECT row_number() OVER (ORDER BY k0 DESC, k1 DESC) AS n, k0, k1, j FROM (SELECT seq AS k0, NULL AS k1, ${PATIENT_JSON} AS j FROM patients ORDER BY seq DESC LIMIT @limit + 1))`;
const other = new Database('/tmp/bdb/engage-desk.db');
function measure(label: string, fn: () => unknown, n = 4000) {
  for (let i = 0; i < 300; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(30), 'p50', (times[n >> 1]! * 1000).toFixed(1), 'µs');
}
const a = core.db.prepare(sql).raw(true);
const b = other.prepare(sql).raw(true);
measure('service connection', () => a.get({ limit: 20 }));
measure('other connection', () => b.get({ limit: 20 }));
measure('domain list', () => core.patients.list({ limit: 20 }));
for (const p of [
  'synchronous',
  'cache_size',
  'journal_mode',
  'mmap_size',
  'foreign_keys',
  'busy_timeout',
])
  console.log(p, core.db.pragma(p, { simple: true }), other.pragma(p, { simple: true }));
measure('service connection again', () => a.get({ limit: 20 }));
