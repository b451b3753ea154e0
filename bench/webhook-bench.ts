// The webhook benchmark: signed deliveries per second from the service's dispatcher to a local
// receiver (its own process), with 1 webhook and with 20, on a durable database (a file, or
// PostgreSQL with ENGAGE_DESK_BENCH_POSTGRES_URL: bench-store.ts). The
// baseline, in the same run against the same receiver, is the floor of any dispatcher: undici
// POSTs of the same signed body with the same parallelism (one request in flight per webhook) and
// nothing else: no database, no signing per request, no records.
// Bundled by vite.bench.config.ts (out/bench/webhook-bench.js); run from the repository root;
// prints one JSON line.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { createService } from '../src-main/service/create-service';
import { signBody } from '../src-main/service/webhooks/webhook-signature';
import { benchStore, engine } from './bench-store';

const DELIVERIES = Number(process.argv[2] ?? 10_000);
/** No delivery for this long ends the run as stalled (a store refusal once failed jobs here). */
const STALL_MS = 60_000;

function startReceiver() {
  const child = spawn(process.execPath, [join(process.cwd(), 'bench', 'webhook-receiver.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  let waiter: ((line: string) => void) | undefined;
  lines.on('line', (line) => {
    if (waiter) {
      const w = waiter;
      waiter = undefined;
      w(line);
    } else queue.push(line);
  });
  const next = () =>
    new Promise<string>((resolve) => {
      const line = queue.shift();
      if (line !== undefined) resolve(line);
      else waiter = resolve;
    });
  return {
    port: next().then(Number),
    async counts(): Promise<{ requests: number; duplicates: number }> {
      child.stdin!.write('count\n');
      return JSON.parse(await next()) as { requests: number; duplicates: number };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.write('exit\n');
      }),
  };
}

/** N webhooks subscribed to patient.created; DELIVERIES / N events written in one transaction. */
async function dispatch(dir: string, webhooks: number, port: number) {
  const store = await benchStore(dir, `service-${webhooks}`);
  // Sandbox mode: webhooks to http://127.0.0.1 are refused in a real clinic (the default).
  const service = await createService({
    ...store.options,
    seed: 'empty',
    port: 0,
    rateLimit: 'off',
    sandbox: true,
  });
  const { core } = service;
  try {
    for (let i = 0; i < webhooks; i++) {
      await core.webhooks.create({
        url: `http://127.0.0.1:${port}/hooks/${i}`,
        events: ['patient.created'],
      });
    }
    const events = Math.ceil(DELIVERIES / webhooks);
    const total = events * webhooks;
    const delivered = core.db
      .prepare<[], number>(`SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'`)
      .pluck();
    const start = process.hrtime.bigint();
    await core.db.transaction(async () => {
      for (let i = 0; i < events; i++) {
        await core.events.emit('patient.created', {
          patientId: `pat_bench${String(i).padStart(21, '0')}`,
          status: 'active',
          createdAt: core.clock.nowIso(),
        });
      }
    });
    // Polling the count costs one statement every 10 ms; it ends the clock. A run whose count
    // stops moving for STALL_MS ends with what the jobs say, instead of waiting for ever.
    let last = 0;
    let movedAt = Date.now();
    for (;;) {
      const now = (await delivered.get())!;
      if (now >= total) break;
      if (now !== last) [last, movedAt] = [now, Date.now()];
      else if (Date.now() - movedAt > STALL_MS) {
        const jobs = await core.db
          .prepare<[], { status: string; n: number; last_error: string | null }>(
            `SELECT status, count(*) AS n, max(last_error) AS last_error FROM jobs
             WHERE kind = 'webhook.flush' GROUP BY status`,
          )
          .all();
        throw new Error(
          `${webhooks} webhooks: ${now} of ${total} deliveries delivered, none more for ${STALL_MS / 1000} s; flush jobs: ${JSON.stringify(jobs)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const failed = (await core.db
      .prepare<[], number>(`SELECT count(*) FROM webhook_attempts WHERE succeeded = 0`)
      .pluck()
      .get())!;
    // The size of one signed body, as the dispatcher writes it (the same on both engines).
    const event = (await core.db
      .prepare<[], { id: string; type: string; created_at: string; data: string }>(
        'SELECT id, type, created_at, data FROM events LIMIT 1',
      )
      .get())!;
    const body = JSON.stringify({
      id: event.id,
      event: event.type,
      createdAt: event.created_at,
      data: JSON.parse(event.data) as unknown,
    }).length;
    return { total, seconds, perSecond: total / seconds, failed, bodyBytes: body };
  } finally {
    await service.close();
    await store.drop();
  }
}

/** The same number of signed POSTs of a same-size body, one lane per webhook, nothing else. */
async function baseline(webhooks: number, port: number, total: number, bodyBytes: number) {
  const agent = new Agent({ connections: 8 });
  const body = Buffer.from(
    JSON.stringify({ id: 'evt_bench', event: 'patient.created', data: 'x'.repeat(bodyBytes - 60) }),
  );
  const headers = {
    'content-type': 'application/json',
    'x-service-signature': signBody('whsec_bench', body),
    'x-service-event': 'patient.created',
    'x-service-delivery': 'evt_bench',
  };
  const perLane = Math.ceil(total / webhooks);
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: webhooks }, async (_, lane) => {
      for (let i = 0; i < perLane; i++) {
        const res = await request(`http://127.0.0.1:${port}/base/${lane}`, {
          method: 'POST',
          headers,
          body,
          dispatcher: agent,
        });
        await res.body.text();
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await agent.close();
  return { seconds, perSecond: (perLane * webhooks) / seconds };
}

const root = mkdtempSync(join(tmpdir(), 'engage-desk-webhook-bench-'));
const receiver = startReceiver();
try {
  const port = await receiver.port;
  const runs = [];
  for (const webhooks of [1, 20]) {
    const measured = await dispatch(root, webhooks, port);
    const received = await receiver.counts();
    if (received.requests !== measured.total || received.duplicates || measured.failed) {
      throw new Error(
        `${webhooks} webhooks: ${measured.total} deliveries, receiver got ${received.requests} (${received.duplicates} duplicates), ${measured.failed} failed attempts`,
      );
    }
    const floor = await baseline(webhooks, port, measured.total, measured.bodyBytes);
    await receiver.counts();
    runs.push({
      webhooks,
      deliveries: measured.total,
      seconds: Number(measured.seconds.toFixed(3)),
      deliveriesPerSecond: Math.round(measured.perSecond),
      baselinePerSecond: Math.round(floor.perSecond),
      ratioToBaseline: Number((measured.perSecond / floor.perSecond).toFixed(3)),
      bodyBytes: measured.bodyBytes,
    });
  }
  process.stdout.write(`${JSON.stringify({ engine, runs })}\n`);
} finally {
  await receiver.stop();
  rmSync(root, { recursive: true, force: true });
}
