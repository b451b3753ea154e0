// npm run bench: the patient list and search on a 100,000-patient database against a bare
// node:http server answering a same-size fixed body, measured in the same run on this machine;
// then 10,000 form deliveries due at one moment against plain SQLite writes of the same size.
// Every server runs in its own process on 127.0.0.1; the load generator stops by itself.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const WEBHOOK_DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const API_KEY = 'sk_bench0000000000000000000000000000000000000000';
const repo = new URL('..', import.meta.url).pathname;

function startProcess(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const firstLine = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return { child, firstLine };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function load(url, requests, title) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { authorization: `Bearer ${API_KEY}` },
        ...(requests ? { requests } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    process.stderr.write(`  measuring ${title}…\n`);
    void instance;
  });
}

const summary = (r) => ({
  reqPerSec: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
  bytesPerRequest: Math.round(r.throughput.average / Math.max(1, r.requests.average)),
});

/** Name fragments, e-mail pieces and phone digits: 600 search terms, most matching many patients. */
function searchVariants() {
  const words = [
    'garcia',
    'martinez',
    'lopez',
    'puig',
    'soler',
    'vila',
    'ferrer',
    'nunez',
    'ibanez',
    'casals',
    'roig',
    'bosch',
    'serra',
    'font',
    'pujol',
    'riera',
    'guell',
    'fabregas',
    'munoz',
    'pena',
    'maria',
    'nuria',
    'jordi',
    'jose',
    'laia',
    'alex',
    'inaki',
    'begona',
    'merce',
    'joan',
  ];
  const terms = new Set();
  for (const w of words)
    for (let i = 0; i + 3 <= w.length; i++)
      for (let n = 3; i + n <= w.length && n <= 5; n++) terms.add(w.slice(i, i + n));
  for (let d = 100; terms.size < 600; d++) terms.add(`6${d}`);
  return [...terms].slice(0, 600).map((t) => ({
    method: 'GET',
    path: `/api/v1/patients?limit=20&search=${encodeURIComponent(t)}`,
  }));
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-bench-'));
  const serveArgs = [
    'bin/engage-desk.mjs',
    'serve',
    '--data',
    dir,
    '--seed',
    'empty',
    '--port',
    '0',
    '--json',
    '--rate-limit',
    'off',
    '--api-key',
    API_KEY,
  ];
  try {
    process.stderr.write(
      `Creating a ${PATIENTS.toLocaleString('en')}-patient database in ${dir}…\n`,
    );
    let server = startProcess(serveArgs);
    await server.firstLine;
    await stop(server.child);
    await new Promise((resolve, reject) => {
      const fill = spawn(process.execPath, ['out/cli/bench-fixture.js', dir, String(PATIENTS)], {
        cwd: repo,
        stdio: 'inherit',
      });
      fill.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`fixture exited with ${code}`)),
      );
    });

    server = startProcess(serveArgs);
    const { baseUrl } = JSON.parse(await server.firstLine);
    const page = await fetch(`${baseUrl}/patients?limit=20`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    const pageBody = await page.text();
    if (!page.ok || JSON.parse(pageBody).total !== PATIENTS)
      throw new Error(`unexpected first page: ${pageBody.slice(0, 200)}`);
    const bodySize = Buffer.byteLength(pageBody);

    const bare = startProcess(['bench/bare-server.mjs', String(bodySize)]);
    const bareUrl = await bare.firstLine;

    const results = {};
    try {
      await load(bareUrl, undefined, 'warm-up'); // JIT and connection warm-up for both sides
      results.bare = summary(
        await load(bareUrl, undefined, `bare node:http, ${bodySize}-byte body`),
      );
      results.list = summary(
        await load(`${baseUrl}/patients?limit=20`, undefined, 'GET /patients?limit=20'),
      );
      // More distinct requests than the read caches hold, cycled: every one is computed afresh.
      const listVariants = [];
      for (const status of ['', '&status=active', '&status=inactive']) {
        for (let limit = 1; limit <= 100; limit++)
          listVariants.push({ method: 'GET', path: `/api/v1/patients?limit=${limit}${status}` });
      }
      results.listUncached = summary(
        await load(baseUrl, listVariants, 'GET /patients, 300 distinct pages (uncached)'),
      );
      const terms = [
        'garcia',
        'núria',
        'puig soler',
        'ferrer',
        '612 34',
        'ibanez',
        'jordi.casals',
        'maria',
      ];
      results.search = summary(
        await load(
          baseUrl,
          terms.map((t) => ({
            method: 'GET',
            path: `/api/v1/patients?limit=20&search=${encodeURIComponent(t)}`,
          })),
          'GET /patients?search=… (8 terms)',
        ),
      );
      results.searchUncached = summary(
        await load(
          baseUrl,
          searchVariants(),
          'GET /patients?search=…, 600 distinct terms (uncached)',
        ),
      );
    } finally {
      await stop(bare.child);
      await stop(server.child);
    }

    process.stderr.write(`  measuring ${SCHEDULES.toLocaleString('en')} deliveries due at once…\n`);
    const deliveries = JSON.parse(
      await startProcess(['out/cli/delivery-bench.js', String(SCHEDULES)]).firstLine,
    );

    process.stderr.write('  measuring signed webhook deliveries (1 and 20 webhooks)…\n');
    const webhooks = JSON.parse(
      await startProcess(['out/cli/webhook-bench.js', String(WEBHOOK_DELIVERIES)]).firstLine,
    );

    const listRatio = results.list.reqPerSec / results.bare.reqPerSec;
    const worstSearchP99 = Math.max(results.search.p99, results.searchUncached.p99);
    const report = {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      patients: PATIENTS,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      bodyBytes: bodySize,
      results,
      deliveries,
      webhooks,
      ratios: {
        listToBare: Number(listRatio.toFixed(3)),
        searchToBare: Number((results.search.reqPerSec / results.bare.reqPerSec).toFixed(3)),
      },
      targets: {
        listAtLeast30PercentOfBare: listRatio >= 0.3,
        searchP99Under10ms: worstSearchP99 < 10,
        webhooksAtLeast1000PerSecond: webhooks.runs.every((r) => r.deliveriesPerSecond >= 1000),
      },
    };
    const rows = [
      ['bare node:http (same-size body)', results.bare],
      ['GET /patients?limit=20', results.list],
      ['GET /patients, 300 distinct pages (uncached)', results.listUncached],
      ['GET /patients?search=… (8 terms)', results.search],
      ['GET /patients?search=…, 600 distinct terms (uncached)', results.searchUncached],
    ];
    console.log(
      `\n${PATIENTS.toLocaleString('en')} patients, ${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, ${cpus().length} cores\n`,
    );
    console.log('| scenario | req/s | p50 ms | p99 ms | errors | vs bare |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [name, r] of rows) {
      console.log(
        `| ${name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${((r.reqPerSec / results.bare.reqPerSec) * 100).toFixed(1)}% |`,
      );
    }
    console.log(
      `\nTargets: list ≥ 30% of bare: ${report.targets.listAtLeast30PercentOfBare ? 'met' : 'NOT met'} (${(listRatio * 100).toFixed(1)}%); search p99 < 10 ms: ${report.targets.searchP99Under10ms ? 'met' : 'NOT met'} (worst of both search runs: ${worstSearchP99} ms)`,
    );
    console.log(
      `\n${deliveries.schedules.toLocaleString('en')} form schedules due at one moment, delivered by one POST /sandbox/clock/advance: ${deliveries.advanceSeconds} s, ${deliveries.deliveriesPerSecond} deliveries/s (${(deliveries.ratioToBaseline * 100).toFixed(1)}% of ${deliveries.baselineRowsPerSecond} plain ${deliveries.rowBytes}-byte SQLite rows/s in the same run; schedules created at ${deliveries.createPerSecond}/s)`,
    );
    for (const r of webhooks.runs) {
      console.log(
        `${r.deliveries.toLocaleString('en')} signed webhook deliveries to ${r.webhooks} webhook${r.webhooks > 1 ? 's' : ''}: ${r.deliveriesPerSecond}/s (${(r.ratioToBaseline * 100).toFixed(1)}% of ${r.baselinePerSecond} bare undici POSTs/s with the same parallelism)`,
      );
    }
    console.log(
      `Target: ≥ 1,000 signed deliveries/s: ${report.targets.webhooksAtLeast1000PerSecond ? 'met' : 'NOT met'}`,
    );
    mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(repo, 'bench', 'results', 'latest.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    if (Object.values(results).some((r) => r.errors)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
