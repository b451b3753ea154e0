// The clock-advance responsiveness benchmark (issue 17, finding 9): how long GET /health takes
// while one POST /sandbox/clock/advance delivers N form schedules due at one moment, against the
// same probe on the same server idle just before. `serve` runs in its own process on a file
// database (the service's pragmas); this process only sends requests, one /health at a time
// with a 2 ms pause between them, and times each from send to last byte.
//
// `node bench/advance-bench.mjs [N]` (default 5,000) after `npm run build:cli` and `npm run
// build:bench`; prints one JSON line on stdout (run.mjs adds it to the report) and a summary on
// stderr. ENGAGE_DESK_OUT runs the builds there instead of out/ (to compare two builds).
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUT, run, startProcess, stop } from './processes.mjs';

const COUNT = Number(process.argv[2] ?? 5_000);
const PATIENTS = 500;
const IDLE_PROBES = 300;
const PAUSE_MS = 2;
/** Schedules created at once over HTTP (the setup, not measured). */
const CREATE_PARALLEL = 4;
const API_KEY = 'sk_bench0000000000000000000000000000000000000000';
const cli = join(OUT, 'cli', 'cli.js');

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One request over a keep-alive connection; resolves with status, body and milliseconds. */
function call(baseUrl, method, path, body) {
  const url = new URL(`${baseUrl}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          authorization: `Bearer ${API_KEY}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode, text, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function json(baseUrl, method, path, body) {
  const res = await call(baseUrl, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const round = (ms) => Number(ms.toFixed(2));
  return {
    probes: sorted.length,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1)),
  };
}

/** /health one at a time until `done()` says stop (or `count` probes); the latencies. */
async function probe(baseUrl, { count = Infinity, done = () => false }) {
  const latencies = [];
  while (latencies.length < count && !done()) {
    const res = await call(baseUrl, 'GET', '/health');
    if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
    latencies.push(res.ms);
    await sleep(PAUSE_MS);
  }
  return latencies;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-advance-bench-'));
  const serveArgs = [cli, 'serve', '--data', dir, '--plain', '--port', '0', '--json'];
  serveArgs.push('--rate-limit', 'off', '--api-key', API_KEY);
  try {
    const first = startProcess([...serveArgs, '--seed', 'empty']);
    await first.firstLine;
    await stop(first.child);
    await run([join(OUT, 'bench', 'bench-fixture.js'), dir, String(PATIENTS), String(COUNT * 4)]);

    const server = startProcess(serveArgs);
    try {
      const { baseUrl } = JSON.parse(await server.firstLine);
      const forms = await json(baseUrl, 'GET', '/clinical-forms');
      const formId = forms.data[0].id;
      const patients = (await json(baseUrl, 'GET', '/patients?limit=100&status=active')).data;
      const clock = await json(baseUrl, 'GET', '/sandbox/clock');
      const scheduledAt = new Date(Date.parse(clock.now) + 3_600_000).toISOString();
      process.stderr.write(`  creating ${COUNT.toLocaleString('en')} schedules due at once…\n`);
      let next = 0;
      await Promise.all(
        Array.from({ length: CREATE_PARALLEL }, async () => {
          while (next < COUNT) {
            const i = next++;
            await json(baseUrl, 'POST', '/form-schedules', {
              formId,
              patientId: patients[i % patients.length].id,
              channel: i % 2 ? 'email' : 'whatsapp',
              scheduledAt,
            });
          }
        }),
      );

      process.stderr.write(`  probing /health idle (${IDLE_PROBES} probes)…\n`);
      await probe(baseUrl, { count: 50 }); // warm-up
      const idle = stats(await probe(baseUrl, { count: IDLE_PROBES }));

      process.stderr.write('  probing /health during the advance…\n');
      let finished = false;
      const started = performance.now();
      const advancing = call(baseUrl, 'POST', '/sandbox/clock/advance', { seconds: 3_601 }).then(
        (res) => {
          finished = true;
          return { ...res, ms: performance.now() - started };
        },
      );
      const during = await probe(baseUrl, { done: () => finished });
      const advanced = await advancing;
      if (advanced.status !== 200) throw new Error(`the advance answered ${advanced.status}`);
      const sent = await json(baseUrl, 'GET', '/sandbox/outbox?limit=1');
      if (!sent.data.length) throw new Error('the advance delivered nothing');
      const busy = stats(during);
      return {
        jobs: COUNT,
        advanceSeconds: Number((advanced.ms / 1000).toFixed(3)),
        idle,
        duringAdvance: busy,
        p50Ratio: Number((busy.p50Ms / idle.p50Ms).toFixed(1)),
        maxRatio: Number((busy.maxMs / idle.maxMs).toFixed(1)),
      };
    } finally {
      await stop(server.child);
    }
  } finally {
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const result = await main();
const summary =
  `GET /health during one advance delivering ${result.jobs.toLocaleString('en')} due schedules (${result.advanceSeconds} s, ${result.duringAdvance.probes} probes): ` +
  `p50 ${result.duringAdvance.p50Ms} ms, p99 ${result.duringAdvance.p99Ms} ms, max ${result.duringAdvance.maxMs} ms; ` +
  `idle: p50 ${result.idle.p50Ms} ms, p99 ${result.idle.p99Ms} ms, max ${result.idle.maxMs} ms ` +
  `(p50 ×${result.p50Ratio}, max ×${result.maxRatio})`;
process.stdout.write(`${JSON.stringify({ ...result, summary })}\n`);
process.stderr.write(`${summary}\n`);
