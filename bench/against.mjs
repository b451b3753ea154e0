// npm run bench:against -- [COMMIT]: this tree's writes against another commit's, in one run.
// Issue 21 asks the SQLite writes after the store port to stay within 10% of before it (da020df,
// the default). Two builds measured minutes apart differ by more than that on a shared machine,
// so both run side by side: the other commit is built in a git worktree (sharing this
// node_modules), each build fills its own 10,000-patient clinic with its own fixture writer,
// both servers stay up, and every round measures each write scenario on one then the other
// (the order alternating), then the delivery and webhook programs the same way. The figure is
// the median of the rounds' ratios, each taken between two measurements seconds apart; for the
// programs also of their share of the baseline each measures in the same run (the issue's "same
// run against the same baseline"), which the machine's drift between two runs cancels out of.
// AGAINST_ROUNDS (5) and BENCH_SECONDS (4) shorten or lengthen it. SQLite only.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure } from './load.mjs';
import { repo, startProcess, stop } from './processes.mjs';
import { httpScenarios } from './scenarios.mjs';

const commit = process.argv[2] ?? 'da020df';
const ROUNDS = Number(process.env.AGAINST_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PATIENTS = 10_000;
const CREDITS = 10_000_000;
const API_KEY = 'sk_bench0000000000000000000000000000000000000000';
const WRITES = ['messages', 'schedules', 'schedulesNoKey'];

const sh = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The other commit, built: its CLI and benchmark programs under its own out/. */
function buildOther(dir) {
  sh('git', ['worktree', 'add', '--detach', dir, commit], repo);
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  sh('npm', ['run', '-s', 'build:cli'], dir);
  sh('npm', ['run', '-s', 'build:bench'], dir);
}

/** A running `serve` of one build on a clinic its own fixture writer filled. */
async function clinic(root) {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-against-'));
  const serve = (extra) =>
    startProcess([
      join(root, 'out/cli/cli.js'),
      'serve',
      '--data',
      dir,
      '--plain',
      '--port',
      '0',
      '--json',
      '--rate-limit',
      'off',
      '--api-key',
      API_KEY,
      ...extra,
    ]);
  const first = serve(['--seed', 'empty']);
  await first.firstLine;
  await stop(first.child);
  sh(
    process.execPath,
    [join(root, 'out/bench/bench-fixture.js'), dir, String(PATIENTS), String(CREDITS)],
    root,
  );
  const server = serve([]);
  return { dir, server, baseUrl: JSON.parse(await server.firstLine).baseUrl };
}

/** One measurement of a write scenario; its Idempotency-Keys are new to the server. */
let measured = 0;
async function writeScenario(side, key) {
  const scenario = httpScenarios({ baseUrl: side.baseUrl, apiKey: API_KEY }).find(
    (s) => s.key === key,
  );
  // The programs between rounds leave the setup's pooled connection idle past the server's
  // keep-alive, and a reused socket the server has just closed fails once: the setup runs again.
  const { target } = await scenario.setup().catch(() => scenario.setup());
  const suffix = `-against-${measured++}`;
  const [request] = target.requests;
  const setup = request.setupRequest;
  request.setupRequest = (req) => {
    const next = setup(req);
    if (next.headers['idempotency-key']) next.headers['idempotency-key'] += suffix;
    return next;
  };
  const result = await measure(target, side.server.child.pid, {
    seconds: SECONDS,
    warmUpSeconds: 1,
  });
  if (result.errors) throw new Error(`${key}: ${result.errors} requests failed`);
  return result.reqPerSec;
}

/**
 * One run of a benchmark program of a build: by scenario, its rate and its share of the
 * program's own baseline in the same run (plain rows, bare POSTs), the figure the issue names.
 */
function program(root, name) {
  const line = execFileSync(process.execPath, [join(root, `out/bench/${name}.js`), '10000'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .toString()
    .trim()
    .split('\n')
    .at(-1);
  const result = JSON.parse(line);
  if (name === 'delivery-bench')
    return {
      'job runner: 10,000 deliveries': {
        rate: result.deliveriesPerSecond,
        share: result.deliveriesPerSecond / result.baselineRowsPerSecond,
      },
    };
  return Object.fromEntries(
    result.runs.map((run) => [
      `webhooks: ${run.webhooks} webhook${run.webhooks > 1 ? 's' : ''}`,
      { rate: run.deliveriesPerSecond, share: run.deliveriesPerSecond / run.baselinePerSecond },
    ]),
  );
}

async function main() {
  const otherDir = mkdtempSync(join(tmpdir(), `engage-desk-${commit}-`));
  rmSync(otherDir, { recursive: true });
  process.stderr.write(`Building ${commit} in ${otherDir}…\n`);
  buildOther(otherDir);
  const roots = { before: otherDir, after: repo };
  const sides = {};
  /** scenario → { before: [], after: [] }, one { rate, share? } a round. */
  const rates = {};
  const note = (scenario, side, value) =>
    (rates[scenario] ??= { before: [], after: [] })[side].push(value);
  try {
    for (const [side, root] of Object.entries(roots)) {
      process.stderr.write(
        `Filling a ${PATIENTS.toLocaleString('en')}-patient clinic for ${side}…\n`,
      );
      sides[side] = await clinic(root);
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ['after', 'before'] : ['before', 'after'];
      process.stderr.write(`Round ${round + 1} of ${ROUNDS}…\n`);
      for (const key of WRITES)
        for (const side of order) note(key, side, { rate: await writeScenario(sides[side], key) });
      for (const name of ['delivery-bench', 'webhook-bench'])
        for (const side of order)
          for (const [scenario, value] of Object.entries(program(roots[side], name)))
            note(scenario, side, value);
    }
  } finally {
    for (const side of Object.values(sides)) {
      await stop(side.server.child);
      rmSync(side.dir, { recursive: true, force: true });
    }
    if (existsSync(otherDir)) sh('git', ['worktree', 'remove', '--force', otherDir], repo);
  }
  console.log(`\nThis tree against ${commit}, SQLite, ${ROUNDS} alternating rounds:\n`);
  console.log(
    '| scenario | before: rate/s (median) | after | after/before, rate: median (lowest) | after/before, share of the same-run baseline: median (lowest) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const ratios = (before, after, field) => {
    const values = after.map((value, i) => value[field] / before[i][field]);
    return `${median(values).toFixed(3)} (${Math.min(...values).toFixed(3)})`;
  };
  for (const [scenario, { before, after }] of Object.entries(rates)) {
    const rate = (side) => Math.round(median(side.map((value) => value.rate)));
    // An HTTP scenario's baseline is the same bare server for both builds: its rate is the figure.
    const share = before[0].share === undefined ? '–' : ratios(before, after, 'share');
    console.log(
      `| ${scenario} | ${rate(before)} | ${rate(after)} | ${ratios(before, after, 'rate')} | ${share} |`,
    );
  }
}

await main();
