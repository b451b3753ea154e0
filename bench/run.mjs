// npm run bench: the service on a 100,000-patient database, each HTTP scenario beside a bare
// node:http server answering a fixed body of the same size (the ratio is the figure, since both
// ran on this machine minutes apart), json-server as the peer on the same patient page, the cold
// start and idle memory of `serve`, then the job runner (10,000 due deliveries), /health during a
// 5,000-delivery clock advance, the webhook dispatcher, and the triage of patient text. Every
// server runs in its own process on 127.0.0.1; every step stops by itself.
// BENCH_SECONDS (per measured run) and BENCH_PATIENTS shorten a run. It runs the CLI in out/cli and
// the benchmark programs in out/bench (vite.bench.config.ts), or those under ENGAGE_DESK_OUT.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECTIONS, measure } from './load.mjs';
import { measureEncrypted } from './encrypted.mjs';
import { load, machine } from './machine.mjs';
import { startJsonServer } from './peer-json-server.mjs';
import { OUT, repo, run, startProcess, stop } from './processes.mjs';
import { printReport } from './report.mjs';
import { httpScenarios } from './scenarios.mjs';
import { coldStart, idleRss } from './startup.mjs';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.max(1, Math.round(SECONDS / 5));
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const WEBHOOK_DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 10_000);
const ADVANCE_JOBS = Number(process.env.BENCH_ADVANCE_JOBS ?? 5_000);
const COLD_STARTS = 5;
const IDLE_SECONDS = 5;
/** Far more than the write scenarios can spend (1,000 conversations, 2 credits a schedule). */
const CREDITS = 10_000_000;
const API_KEY = 'sk_bench0000000000000000000000000000000000000000';

const timing = { seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS };
/** The CLI bundle `bin/engage-desk.mjs` loads, and a benchmark program from out/bench. */
const CLI = join(OUT, 'cli', 'cli.js');
const bench = (name) => join(OUT, 'bench', `${name}.js`);

/** The scenario's target, then a bare server with a body of the same size, same load. */
async function besideBare(title, target, bodyBytes, pid) {
  process.stderr.write(`  measuring ${title} and a bare server with a ${bodyBytes}-byte body…\n`);
  const bare = startProcess(['bench/bare-server.mjs', String(bodyBytes)]);
  try {
    const bareUrl = await bare.firstLine;
    const bareResult = await measure({ url: bareUrl }, bare.child.pid, timing);
    const measured = await measure(target, pid, timing);
    return {
      title,
      bodyBytes,
      ...measured,
      bare: bareResult,
      ratioToBare: Number((measured.reqPerSec / bareResult.reqPerSec).toFixed(3)),
    };
  } finally {
    await stop(bare.child);
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-bench-'));
  // Rate limit off: the load generator is one credential, and the limit is not what is measured.
  // Plain: the fixture writer fills the file without a key (the encrypted run is issue 20's bench part).
  const serveArgs = [CLI, 'serve', '--data', dir, '--plain', '--port', '0', '--json'];
  serveArgs.push('--rate-limit', 'off', '--api-key', API_KEY);
  const loadAtStart = load();
  try {
    process.stderr.write(
      `Creating a ${PATIENTS.toLocaleString('en')}-patient database in ${dir}…\n`,
    );
    const first = startProcess([...serveArgs, '--seed', 'empty']);
    await first.firstLine;
    await stop(first.child);
    await run([bench('bench-fixture'), dir, String(PATIENTS), String(CREDITS)]);

    process.stderr.write(`  starting serve ${COLD_STARTS} times, then leaving it idle…\n`);
    const startup = {
      coldStart: await coldStart(serveArgs, COLD_STARTS),
      idleRssMiB: await idleRss(serveArgs, IDLE_SECONDS),
      bareIdleRssMiB: await idleRss(['bench/bare-server.mjs', '7000'], IDLE_SECONDS),
      idleSeconds: IDLE_SECONDS,
    };

    const server = startProcess(serveArgs);
    const { baseUrl } = JSON.parse(await server.firstLine);
    const http = {};
    let peer;
    try {
      const page = await fetch(`${baseUrl}/patients?limit=20`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      }).then((r) => r.json());
      if (page.total !== PATIENTS)
        throw new Error(`expected ${PATIENTS} patients, the first page says ${page.total}`);

      for (const scenario of httpScenarios({ baseUrl, apiKey: API_KEY })) {
        const { target, bodyBytes } = await scenario.setup();
        http[scenario.key] = await besideBare(scenario.title, target, bodyBytes, server.child.pid);
      }

      // The peer serves the very patients of our first page; it runs after ours, on its own.
      const json = await startJsonServer(dir, page.data);
      try {
        peer = await besideBare(
          `json-server ${machine().jsonServer}: GET /patients?_limit=20 (20 patients in db.json)`,
          { url: json.url },
          json.bodyBytes,
          json.child.pid,
        );
      } finally {
        await stop(json.child);
      }
    } finally {
      await stop(server.child);
    }

    const encrypted = await measureEncrypted({
      cli: CLI,
      plainDir: dir,
      plain: http,
      apiKey: API_KEY,
      timing,
    });

    process.stderr.write(`  measuring ${SCHEDULES.toLocaleString('en')} deliveries due at once…\n`);
    const deliveries = JSON.parse(
      await startProcess([bench('delivery-bench'), String(SCHEDULES)]).firstLine,
    );
    process.stderr.write(
      `  measuring /health during an advance of ${ADVANCE_JOBS.toLocaleString('en')} deliveries…\n`,
    );
    const advance = JSON.parse(
      await startProcess(['bench/advance-bench.mjs', String(ADVANCE_JOBS)]).firstLine,
    );
    process.stderr.write('  measuring signed webhook deliveries (1 and 20 webhooks)…\n');
    const webhooks = JSON.parse(
      await startProcess([bench('webhook-bench'), String(WEBHOOK_DELIVERIES)]).firstLine,
    );

    process.stderr.write('  measuring triage on every labelled corpus message…\n');
    const triage = JSON.parse(await startProcess([bench('triage-bench')]).firstLine);
    process.stderr.write('  measuring the audit trail on GET /patients/{id} (with and without)…\n');
    const audit = JSON.parse(await startProcess([bench('audit-bench')]).firstLine);

    const report = {
      date: new Date().toISOString(),
      machine: machine(),
      loadAverage: { atStart: loadAtStart, atEnd: load() },
      patients: PATIENTS,
      connections: CONNECTIONS,
      ...timing,
      http,
      peer: {
        ...peer,
        // Ours on the same page (http.list) against json-server's: how many times faster.
        serviceToPeer: Number((http.list.reqPerSec / peer.reqPerSec).toFixed(2)),
      },
      startup,
      encrypted,
      deliveries,
      advance,
      webhooks,
      triage,
      audit,
    };
    printReport(report);
    process.stdout.write(`\n${advance.summary}\n`);
    mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(repo, 'bench', 'results', 'latest.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    const failed = [...Object.values(http), peer].filter((r) => r.errors || r.bare.errors);
    if (failed.length) {
      process.stderr.write(`Errors in: ${failed.map((r) => r.title).join('; ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
