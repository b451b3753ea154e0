// npm run bench: the service on a 100,000-patient database, each HTTP scenario beside a bare
// node:http server answering a fixed body of the same size (the ratio is the figure, since both
// ran on this machine minutes apart), json-server as the peer on the same patient page, the cold
// start and idle memory of `serve`, then the job runner (10,000 due deliveries), /health during a
// 5,000-delivery clock advance, the webhook dispatcher, spenders racing for the one credit
// account, and the triage of patient text; then, with ENGAGE_DESK_BENCH_POSTGRES_URL (a role that
// may create databases), the same clinic, scenarios and programs on PostgreSQL (engines.mjs); and
// list and search at BENCH_LARGE_PATIENTS (1,000,000; 0 skips it) on each engine. Every server
// runs in its own process on 127.0.0.1; every step stops by itself.
// BENCH_SECONDS (per measured run) and BENCH_PATIENTS shorten a run. It runs the CLI in out/cli and
// the benchmark programs in out/bench (vite.bench.config.ts), or those under ENGAGE_DESK_OUT.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONNECTIONS, measure } from './load.mjs';
import { measureEncrypted } from './encrypted.mjs';
import {
  benchProgram,
  createDatabase,
  fillClinic,
  postgresUrl,
  serverVersion,
} from './engines.mjs';
import { load, machine } from './machine.mjs';
import { startJsonServer } from './peer-json-server.mjs';
import { OUT, repo, startProcess, stop } from './processes.mjs';
import { printReport } from './report.mjs';
import { httpScenarios } from './scenarios.mjs';
import { coldStart, idleRss } from './startup.mjs';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = Math.max(1, Math.round(SECONDS / 5));
const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const WEBHOOK_DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 10_000);
const ADVANCE_JOBS = Number(process.env.BENCH_ADVANCE_JOBS ?? 5_000);
/** Spenders on the one credit account, and how many at once (spend-bench.ts). */
const SPENDS = Number(process.env.BENCH_SPENDS ?? 2_000);
const SPEND_IN_FLIGHT = 40;
/** List and search at a million patients on each engine; 0 leaves that step out. */
const LARGE_PATIENTS = Number(process.env.BENCH_LARGE_PATIENTS ?? 1_000_000);
const COLD_STARTS = 5;
const IDLE_SECONDS = 5;
/** Far more than the write scenarios can spend (1,000 conversations, 2 credits a schedule). */
const CREDITS = 10_000_000;
const API_KEY = 'sk_bench0000000000000000000000000000000000000000';

const timing = { seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS };
/** Every server of the run: any port, a JSON first line, no rate limit, the bench's key. */
const serveTail = ['--port', '0', '--json', '--rate-limit', 'off', '--api-key', API_KEY];
/** The CLI bundle `bin/engage-desk.mjs` loads. */
const CLI = join(OUT, 'cli', 'cli.js');

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

/**
 * The HTTP scenarios (all, or those of `keys`) against one `serve` started with `args`, each
 * beside its bare server; `page` is the first page of patients (the peer serves the same).
 */
async function scenariosOn(args, patients, keys) {
  const server = startProcess(args);
  const { baseUrl } = JSON.parse(await server.firstLine);
  const http = {};
  try {
    const page = await fetch(`${baseUrl}/patients?limit=20`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    }).then((r) => r.json());
    if (page.total !== patients)
      throw new Error(`expected ${patients} patients, the first page says ${page.total}`);
    for (const scenario of httpScenarios({ baseUrl, apiKey: API_KEY })) {
      if (keys && !keys.includes(scenario.key)) continue;
      const { target, bodyBytes } = await scenario.setup();
      http[scenario.key] = await besideBare(scenario.title, target, bodyBytes, server.child.pid);
    }
    return { http, page };
  } finally {
    await stop(server.child);
  }
}

/** The same clinic, scenarios and programs on PostgreSQL (ENGAGE_DESK_BENCH_POSTGRES_URL). */
async function measurePostgres() {
  const database = await createDatabase();
  const store = ['--database', database.url];
  try {
    process.stderr.write(
      `PostgreSQL: a ${PATIENTS.toLocaleString('en')}-patient clinic in a database of its own…\n`,
    );
    const fillStart = Date.now();
    await fillClinic({
      store,
      target: database.url,
      patients: PATIENTS,
      credits: CREDITS,
      serveTail,
    });
    const fillSeconds = (Date.now() - fillStart) / 1000;
    const { http } = await scenariosOn([CLI, 'serve', ...store, ...serveTail], PATIENTS);
    process.stderr.write('  PostgreSQL: deliveries, webhooks, spenders…\n');
    return {
      server: await serverVersion(),
      fillSeconds,
      http,
      deliveries: await benchProgram('delivery-bench', [String(SCHEDULES)], true),
      webhooks: await benchProgram('webhook-bench', [String(WEBHOOK_DELIVERIES)], true),
      spending: await benchProgram('spend-bench', [String(SPENDS), String(SPEND_IN_FLIGHT)], true),
    };
  } finally {
    await database.drop();
  }
}

/** List and search at LARGE_PATIENTS on each engine: a clinic group's whole register. */
async function searchAtScale(dir) {
  const keys = ['list', 'search', 'searchUncached', 'searchOnePatient'];
  const large = {};
  const sqliteDir = join(dir, 'large');
  mkdirSync(sqliteDir);
  const sqliteStore = ['--data', sqliteDir, '--plain'];
  process.stderr.write(`SQLite: a ${LARGE_PATIENTS.toLocaleString('en')}-patient clinic…\n`);
  await fillClinic({ store: sqliteStore, target: sqliteDir, patients: LARGE_PATIENTS, serveTail });
  large.sqlite = (
    await scenariosOn([CLI, 'serve', ...sqliteStore, ...serveTail], LARGE_PATIENTS, keys)
  ).http;
  rmSync(sqliteDir, { recursive: true, force: true });
  if (postgresUrl) {
    const database = await createDatabase();
    try {
      const store = ['--database', database.url];
      process.stderr.write(
        `PostgreSQL: a ${LARGE_PATIENTS.toLocaleString('en')}-patient clinic…\n`,
      );
      await fillClinic({ store, target: database.url, patients: LARGE_PATIENTS, serveTail });
      large.postgres = (
        await scenariosOn([CLI, 'serve', ...store, ...serveTail], LARGE_PATIENTS, keys)
      ).http;
    } finally {
      await database.drop();
    }
  }
  return large;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-bench-'));
  // Rate limit off: the load generator is one credential, and the limit is not what is measured.
  // Plain: the fixture writer fills the file without a key (the encrypted run is issue 20's bench part).
  const serveArgs = [CLI, 'serve', '--data', dir, '--plain', ...serveTail];
  const loadAtStart = load();
  try {
    process.stderr.write(
      `Creating a ${PATIENTS.toLocaleString('en')}-patient database in ${dir}…\n`,
    );
    await fillClinic({
      store: ['--data', dir, '--plain'],
      target: dir,
      patients: PATIENTS,
      credits: CREDITS,
      serveTail,
    });

    process.stderr.write(`  starting serve ${COLD_STARTS} times, then leaving it idle…\n`);
    const startup = {
      coldStart: await coldStart(serveArgs, COLD_STARTS),
      idleRssMiB: await idleRss(serveArgs, IDLE_SECONDS),
      bareIdleRssMiB: await idleRss(['bench/bare-server.mjs', '7000'], IDLE_SECONDS),
      idleSeconds: IDLE_SECONDS,
    };

    const { http, page } = await scenariosOn(serveArgs, PATIENTS);
    // The peer serves the very patients of our first page; it runs after ours, on its own.
    let peer;
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

    const encrypted = await measureEncrypted({
      cli: CLI,
      plainDir: dir,
      plain: http,
      apiKey: API_KEY,
      timing,
    });

    process.stderr.write(`  measuring ${SCHEDULES.toLocaleString('en')} deliveries due at once…\n`);
    const deliveries = await benchProgram('delivery-bench', [String(SCHEDULES)]);
    process.stderr.write(
      `  measuring /health during an advance of ${ADVANCE_JOBS.toLocaleString('en')} deliveries…\n`,
    );
    const advance = JSON.parse(
      await startProcess(['bench/advance-bench.mjs', String(ADVANCE_JOBS)]).firstLine,
    );
    process.stderr.write('  measuring signed webhook deliveries (1 and 20 webhooks)…\n');
    const webhooks = await benchProgram('webhook-bench', [String(WEBHOOK_DELIVERIES)]);
    process.stderr.write(
      `  measuring ${SPENDS.toLocaleString('en')} spenders on the one account…\n`,
    );
    const spending = await benchProgram('spend-bench', [String(SPENDS), String(SPEND_IN_FLIGHT)]);

    process.stderr.write('  measuring triage on every labelled corpus message…\n');
    const triage = await benchProgram('triage-bench', []);
    process.stderr.write('  measuring the audit trail on GET /patients/{id} (with and without)…\n');
    const audit = await benchProgram('audit-bench', []);

    const postgres = postgresUrl ? await measurePostgres() : undefined;
    const large = LARGE_PATIENTS ? await searchAtScale(dir) : undefined;

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
      spending,
      ...(postgres ? { postgres } : {}),
      ...(large ? { large, largePatients: LARGE_PATIENTS } : {}),
    };
    printReport(report);
    process.stdout.write(`\n${advance.summary}\n`);
    mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(repo, 'bench', 'results', 'latest.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    const failed = [
      ...Object.values(http),
      peer,
      ...Object.values(postgres?.http ?? {}),
      ...(large ? Object.values(large).flatMap((e) => Object.values(e)) : []),
    ].filter((r) => r.errors || r.bare.errors);
    if (failed.length) {
      process.stderr.write(`Errors in: ${failed.map((r) => r.title).join('; ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
