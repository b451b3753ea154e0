// The audit trail's cost on GET /patients/{id}: two real servers on file databases of the same
// 1,000 patients, one with the trail (one insert per read, as shipped) and one without
// (`auditTrail: false`, a core option for this baseline only), asked the same reads in turn, one
// at a time so the figure is the per-request latency a client sees. Bundled by
// vite.bench.config.ts (out/bench/audit-bench.js); prints one JSON line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createService } from '../src-main/service/create-service';
import { PERMISSIONS } from '../src-main/service/schemas/auth';

const READS = Number(process.argv[2] === 'serve' ? 0 : (process.argv[2] ?? 5_000));
const PATIENTS = 1_000;

/**
 * One server in a child process (this file run with `serve`), so the client's timings are not
 * held up by the server's own work on the same event loop, as with any real client.
 */
async function serve(auditTrail: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'engage-audit-bench-'));
  const service = await createService({
    dataDir: dir,
    seed: 'empty',
    port: 0,
    rateLimit: 'off',
    auditTrail,
  });
  const { core } = service;
  const ids: string[] = [];
  for (let i = 0; i < PATIENTS; i++)
    ids.push((await core.patients.create({ firstName: 'Paciente', lastName: `Prueba ${i}` })).id);
  const key = (await core.apiKeys.create({ name: 'bench', permissions: PERMISSIONS })).key;
  process.stdout.write(`${JSON.stringify({ url: service.url, key, ids })}\n`);
  // Asked on stdin at the end: how many events were stored, then stop.
  process.stdin.once('data', () => void stop());
  async function stop() {
    await core.audit.flush();
    const events = (await core.db
      .prepare('SELECT count(*) FROM audit_events')
      .pluck()
      .get()) as number;
    process.stdout.write(`${JSON.stringify({ events })}\n`);
    await service.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
}

async function server(auditTrail: boolean) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), 'serve', String(auditTrail)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const started = JSON.parse((await lines.next()).value as string) as {
    url: string;
    key: string;
    ids: string[];
  };
  return {
    ids: started.ids,
    async read(id: string) {
      const res = await fetch(`${started.url}/patients/${id}`, {
        headers: { authorization: `Bearer ${started.key}` },
      });
      if (res.status !== 200) throw new Error(`GET /patients/${id} answered ${res.status}`);
      await res.arrayBuffer();
    },
    async close(): Promise<number> {
      child.stdin.write('stop\n');
      return (JSON.parse((await lines.next()).value as string) as { events: number }).events;
    },
  };
}

function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { meanMs: +mean.toFixed(3), p50Ms: +at(0.5).toFixed(3), p99Ms: +at(0.99).toFixed(3) };
}

async function main() {
  const withTrail = await server(true);
  const without = await server(false);
  try {
    const times = { with: [] as number[], without: [] as number[] };
    // Warm both, then alternate request by request so drift on the machine hits both alike.
    for (let i = 0; i < 200; i++) {
      await withTrail.read(withTrail.ids[i % PATIENTS]!);
      await without.read(without.ids[i % PATIENTS]!);
    }
    for (let i = 0; i < READS; i++) {
      for (const [name, s] of [
        ['with', withTrail],
        ['without', without],
      ] as const) {
        const start = process.hrtime.bigint();
        await s.read(s.ids[i % PATIENTS]!);
        times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
    const a = summary(times.with);
    const b = summary(times.without);
    process.stdout.write(
      `${JSON.stringify({
        reads: READS,
        withAuditTrail: a,
        withoutAuditTrail: b,
        overheadMeanMs: +(a.meanMs - b.meanMs).toFixed(3),
        overheadPercent: +((a.meanMs / b.meanMs - 1) * 100).toFixed(1),
        eventsRecorded: await withTrail.close(),
      })}\n`,
    );
  } finally {
    await without.close();
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3] === 'true');
else await main();
