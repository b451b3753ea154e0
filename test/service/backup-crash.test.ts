import Database from 'better-sqlite3-multiple-ciphers';
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listBackups,
  restoreBackup,
  verifyBackup,
} from '../../src-main/service/backup/backup-engine';
import { createCore } from '../../src-main/service/core';
import { applyKey, DataKey } from '../../src-main/service/store/data-key';
import { bookViolations } from './crash/books';
import { buildCli, REPO, serveChild, type ChildServer } from './crash/child-server';
import { post, spend, type Fixtures, type Known, type Sent } from './crash/load';

/**
 * Backups and restores under SIGKILL, and a backup taken while writes flow, all through the built
 * CLI (so the backup runs in its worker thread, from the bundle's own file).
 */

const API_KEY = 'sk_BackupCrashTestKey0123456789abcdefghijXY';
const KEY = DataKey.generate();

let cliJs: string;
let outDir: string;
let root: string;

beforeAll(() => {
  outDir = join(REPO, 'out', `backup-test-cli-${process.pid}`);
  cliJs = buildCli(outDir);
  root = mkdtempSync(join(tmpdir(), 'engage-desk-backup-crash-'));
}, 120_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

/** Runs the CLI; `killWhen` resolves when to SIGKILL it (never: it runs to its end). */
function runCli(
  args: string[],
  killWhen?: (stop: () => boolean) => Promise<void>,
  key: DataKey | null = KEY,
) {
  const { ENGAGE_DESK_DATA_KEY: _inherited, ...env } = process.env;
  const child = spawn(process.execPath, [cliJs, ...args], {
    cwd: REPO,
    env: { ...env, ...(key ? { ENGAGE_DESK_DATA_KEY: key.reveal() } : {}), HOME: root },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));
  if (killWhen) void killWhen(() => done).then(() => child.kill('SIGKILL'));
  return exited.then((exit) => ({ ...exit, out, err }));
}

/** Resolves once `condition` holds (or the child has ended), checking on every turn of the loop. */
async function until(
  condition: () => boolean | Promise<boolean>,
  ended: () => boolean,
): Promise<void> {
  while (!(await condition()) && !ended()) await new Promise((resolve) => setImmediate(resolve));
}

const afterMs = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));

function openKeyed(file: string): Database.Database {
  const db = new Database(file, { readonly: true });
  applyKey(db, KEY);
  return db;
}

/** The data folder opens whole: integrity, the books, and the patients it should hold. */
async function expectUsable(dataDir: string): Promise<number> {
  const core = await createCore({ dataDir, key: KEY });
  try {
    expect(await core.db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
    expect(await bookViolations(core.db)).toEqual([]);
    return await core.q.patients.count({});
  } finally {
    await core.close();
  }
}

function hasPartial(folder: string): boolean {
  return existsSync(folder) && readdirSync(folder).some((f) => f.endsWith('.partial'));
}

describe('SIGKILL during a backup and during a restore', { timeout: 240_000 }, () => {
  it('leaves the data whole and lists no half backup; a restore leaves the old or the new', async () => {
    const dataDir = join(root, 'killed', 'data');
    const folder = join(root, 'killed', 'data backups');
    const seeded = await createCore({ dataDir, key: KEY, seed: 'demo' });
    const patients = await seeded.q.patients.count({});
    await seeded.close();

    const points: Array<[string, (ended: () => boolean) => Promise<void>]> = [
      ['at once', async () => {}],
      ['when the copy starts', (ended) => until(() => hasPartial(folder), ended)],
      [
        'half-way through the copy',
        (ended) =>
          until(() => {
            const partial = existsSync(folder)
              ? readdirSync(folder).find((f) => f.endsWith('.db.partial'))
              : undefined;
            return partial !== undefined && statSync(join(folder, partial)).size > 1_000_000;
          }, ended),
      ],
      ['after 150 ms', afterMs(150)],
      ['after 400 ms', afterMs(400)],
      ['after 800 ms', afterMs(800)],
    ];
    let killedMidway = 0;
    for (const [label, point] of points) {
      const exit = await runCli(['backup', '--data', dataDir], point);
      if (exit.signal === 'SIGKILL') killedMidway++;
      else expect(exit.code, `${label}: ${exit.err}`).toBe(0);
      expect(await expectUsable(dataDir), label).toBe(patients);
      // Whatever is listed is finished and verifies.
      for (const entry of listBackups(folder))
        await expect(verifyBackup(entry.path, KEY), label).resolves.toBeTruthy();
    }
    expect(killedMidway).toBeGreaterThanOrEqual(2);

    // The next backup clears what the kills left and succeeds.
    const done = await runCli(['backup', '--data', dataDir]);
    expect(done.code, done.err).toBe(0);
    expect(hasPartial(folder)).toBe(false);
    const names = readdirSync(folder);
    for (const name of names.filter((n) => n.endsWith('.db')))
      expect(names).toContain(name.replace(/\.db$/, '.json'));
    const backup = done.out.trim();
    expect(listBackups(folder).map((b) => b.path)).toContain(backup);

    // The clinic moves on, then restores are killed at several points.
    const later = await createCore({ dataDir, key: KEY });
    for (let i = 0; i < 5; i++)
      await later.patients.create({
        firstName: 'Tras',
        lastName: `Copia ${i}`,
        phone: '+34600000009',
      });
    await later.close();
    const restorePoints: Array<[string, (ended: () => boolean) => Promise<void>]> = [
      [
        'while staging',
        (ended) => until(() => readdirSync(dataDir).some((f) => f.endsWith('.restoring')), ended),
      ],
      ['after 100 ms', afterMs(100)],
      ['after 300 ms', afterMs(300)],
      ['after 600 ms', afterMs(600)],
    ];
    for (const [label, point] of restorePoints) {
      await runCli(['restore', backup, '--data', dataDir, '--yes'], point);
      // Either the clinic as it was or as the backup holds it, never anything else.
      expect([patients, patients + 5], label).toContain(await expectUsable(dataDir));
    }
    const restored = await runCli(['restore', backup, '--data', dataDir, '--yes']);
    expect(restored.code, restored.err).toBe(0);
    expect(await expectUsable(dataDir)).toBe(patients);
    // Every database replaced along the way is kept aside, whole.
    const aside = readdirSync(dataDir).filter((f) =>
      /^engage-desk\.before-restore-.*\.db$/.test(f),
    );
    expect(aside.length).toBeGreaterThanOrEqual(1);
    for (const name of aside) {
      const db = openKeyed(join(dataDir, name));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
  });
});

describe('a backup taken while writes flow', { timeout: 240_000 }, () => {
  let server: ChildServer | undefined;
  afterAll(async () => {
    await server?.kill();
  });

  it('restores consistent: balance equals ledger, every pending job recovered', async () => {
    // An encrypted clinic, as a real one is: the server and the backup command take its key.
    const dataDir = join(root, 'flowing', 'data');
    const home = join(root, 'flowing', 'home');
    const keyFile = join(root, 'flowing', 'data.key');
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, `${KEY.reveal()}\n`, { mode: 0o600 });
    const keyArgs = ['--data-key-file', keyFile];
    const args = ['--data', dataDir, ...keyArgs, '--seed', 'demo', '--api-key', API_KEY];
    args.push('--rate-limit', 'off');
    server = await serveChild(cliJs, args, home);
    const get = async (path: string) =>
      (await fetch(`${server!.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      }).then((r) => r.json())) as any;
    const forms = await get('/clinical-forms?limit=100');
    const list = await get('/patients?status=active&limit=100');
    const fixtures: Fixtures = {
      formIds: forms.data.filter((f: any) => f.status === 'active').map((f: any) => f.id),
      patientIds: list.data.filter((p: any) => p.phone && p.email).map((p: any) => p.id),
    };
    const serviceNow = Date.parse((await get('/sandbox/clock')).now);
    const log: Sent[] = [];
    const known: Known = { conversations: [], cancellable: [] };
    let stopped = false;
    let created = 0;
    const load = Promise.all([
      spend({
        baseUrl: server.baseUrl,
        apiKey: API_KEY,
        seed: 7,
        round: 1,
        workers: 4,
        fixtures,
        known,
        serviceNow,
        log,
        stopped: () => stopped,
      }),
      (async () => {
        while (!stopped) {
          const answer = await post(
            server!.baseUrl,
            API_KEY,
            '/patients',
            { firstName: 'Flujo', lastName: `N${created}`, phone: '+34600000008' },
            `flow-patient-${created}`,
          );
          if (answer.status === 201) created++;
        }
      })(),
    ]);
    // Writes are flowing before the backup starts, and during it.
    await until(
      () => log.length > 20,
      () => false,
    );
    const answeredBefore = log.filter((s) => s.status !== undefined).length;
    const backup = await runCli(['backup', '--data', dataDir, ...keyArgs], undefined, null);
    const answeredDuring = log.filter((s) => s.status !== undefined).length - answeredBefore;
    stopped = true;
    await load;
    expect(backup.code, backup.err).toBe(0);
    expect(answeredDuring).toBeGreaterThan(0);
    // Restored into a folder of its own (before the server's backup at stop rotates this one out:
    // two backups in the same hour keep the newer).
    const restoredDir = join(root, 'flowing', 'restored');
    await restoreBackup({
      file: backup.out.trim(),
      dataDir: restoredDir,
      key: KEY,
      now: new Date(),
    });
    await server.stop();
    server = undefined;
    const db = new Database(join(restoredDir, 'engage-desk.db'), { readonly: true });
    applyKey(db, KEY);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(await bookViolations(db)).toEqual([]);
    const pendingDeliveries = db
      .prepare("SELECT id FROM form_schedules WHERE status = 'pending'")
      .pluck()
      .all() as string[];
    // Every pending schedule has its delivery job waiting in the copy.
    const orphans = db
      .prepare(
        `SELECT s.id FROM form_schedules s WHERE s.status = 'pending' AND NOT EXISTS (
           SELECT 1 FROM jobs j WHERE j.status IN ('pending', 'running')
             AND j.payload LIKE '%' || s.id || '%')`,
      )
      .all();
    db.close();
    expect(orphans).toEqual([]);

    // And they run: the restored clinic, three hours on, has nothing left overdue.
    server = await serveChild(
      cliJs,
      ['--data', restoredDir, ...keyArgs, '--api-key', API_KEY],
      home,
    );
    const advanced = await post(
      server.baseUrl,
      API_KEY,
      '/sandbox/clock/advance',
      { seconds: 3 * 3600 },
      'advance-restored',
    );
    expect(advanced.status).toBe(200);
    const advancedTo = (await get('/sandbox/clock')).now as string;
    await server.stop();
    server = undefined;
    const after = new Database(join(restoredDir, 'engage-desk.db'), { readonly: true });
    applyKey(after, KEY);
    const overdue = after
      .prepare(
        "SELECT kind FROM jobs WHERE status IN ('pending', 'running') AND due_at <= ? AND kind <> 'webhook.flush'",
      )
      .all(advancedTo);
    const stillPending = after
      .prepare(
        `SELECT id FROM form_schedules WHERE status = 'pending' AND id IN (${pendingDeliveries.map(() => '?').join(',') || "''"})
           AND scheduled_at <= ?`,
      )
      .all(...pendingDeliveries, advancedTo);
    expect(await bookViolations(after)).toEqual([]);
    after.close();
    expect(overdue).toEqual([]);
    expect(stillPending).toEqual([]);
  });
});
