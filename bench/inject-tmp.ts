import { createCore } from '../src-main/service/core';
import { listBody } from '../src-main/service/store/keyset-list';
const core = createCore({ dataDir: '/tmp/bdb' });
const stmt = core.db
  .prepare(`SELECT created_at, id, id FROM patients ORDER BY created_at DESC, id DESC LIMIT ?`)
  .raw(true);
function measure(label: string, fn: () => unknown, n = 5000) {
  for (let i = 0; i < 300; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => (sorted[Math.floor(n * p)]! * 1000).toFixed(0);
  const big = times
    .map((t, i) => [i, t] as const)
    .filter(([, t]) => t > 0.5)
    .slice(0, 8)
    .map(([i, t]) => `${i}:${t.toFixed(1)}`);
  console.log(
    label.padEnd(22),
    'p50',
    q(0.5),
    'p90',
    q(0.9),
    'p99',
    q(0.99),
    'max',
    (sorted[n - 1]! * 1000).toFixed(0),
    'µs',
    big.join(' '),
  );
}
measure('raw stmt', () => stmt.all(21));
measure('domain list', () => core.patients.list({ limit: 20 }));
measure('domain list+body', () => {
  const p = core.patients.list({ limit: 20 });
  return listBody(p, { total: p.total });
});
measure('raw stmt again', () => stmt.all(21));
core.close();
