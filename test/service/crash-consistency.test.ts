import { createPrng } from '../../src-main/service/seed/prng';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyKey, DataKey } from '../../src-main/service/store/data-key';
import { createPgPool } from '../../src-main/service/store/pg-pool';
import { createPgPort } from '../../src-main/service/store/pg-port';
import { bookViolations } from './crash/books';
import { REPO, buildCli, serveChild, type ChildServer } from './crash/child-server';
import { learn, post, spend, type Fixtures, type Known, type Sent } from './crash/load';
import { createTestDatabase, postgresUrl } from './postgres-test-db';
import type { Queryable } from './queryable';

/**
 * Crash consistency (issue 8.2): `engage-desk serve` as a child process under concurrent
 * credit-spending load, killed with SIGKILL at seeded moments and restarted on the same data
 * directory. After every kill the file on disk must balance its books, and after every restart
 * each acknowledged request must be there, each unanswered one must be all there or not at all
 * (its retry with the same Idempotency-Key replays or acts, never half and never twice), and the
 * pending jobs must still run. The same proof runs on PostgreSQL (issue 21) when a test server is
 * there: `serve --database`, killed the same way, its database read between the kills.
 */

const API_KEY = 'sk_CrashConsistencyTestKey0123456789abcdefXY';
const SEED = 0x8e1d;
const ROUNDS = 5;
const WORKERS = 8;
/** Requests acknowledged in a round before its kill, at the least. */
const ACKNOWLEDGED_PER_ROUND = 10;
const DB_FILE = 'engage-desk.db';

let cliJs: string;
let outDir: string;
let home: string;
let server: ChildServer | undefined;

beforeAll(() => {
  outDir = join(REPO, 'out', `crash-test-cli-${process.pid}`);
  cliJs = buildCli(outDir);
  home = mkdtempSync(join(tmpdir(), 'engage-desk-crash-home-'));
}, 120_000);

afterAll(async () => {
  await server?.kill();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** Where the killed server keeps the clinic, and how the test reads it with nothing running. */
interface ClinicStore {
  args: string[];
  /** The data folder, for CRASH_KEEP to copy (a database on a server has none). */
  folder?: string;
  onDisk<T>(read: (db: Queryable) => T | Promise<T>): Promise<T>;
  remove(): Promise<void>;
}

/** An encrypted data folder, as a real desk's is: the guarantees hold through the cipher. */
function sqliteClinic(): ClinicStore {
  const dataKey = DataKey.generate();
  const keyFile = join(home, 'data.key');
  writeFileSync(keyFile, `${dataKey.reveal()}\n`, { mode: 0o600 });
  const dataDir = join(mkdtempSync(join(tmpdir(), 'engage-desk-crash-')), 'clinic');
  return {
    args: ['--data', dataDir, '--data-key-file', keyFile],
    folder: dataDir,
    async onDisk(read) {
      const db = new Database(join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
      applyKey(db, dataKey);
      try {
        return await read(db);
      } finally {
        db.close();
      }
    },
    remove: async () => rmSync(join(dataDir, '..'), { recursive: true, force: true }),
  };
}

/** A database of its own on the test server; read through the service's own port. */
async function postgresClinic(): Promise<ClinicStore> {
  const database = await createTestDatabase();
  return {
    args: ['--database', database.url],
    async onDisk(read) {
      const db = createPgPort(createPgPool({ connectionString: database.url, max: 1 }));
      try {
        return await read(db);
      } finally {
        await db.close();
      }
    },
    remove: () => database.drop(),
  };
}

const ENGINES = [
  { engine: 'SQLite', clinic: async () => sqliteClinic() },
  ...(postgresUrl ? [{ engine: 'PostgreSQL', clinic: postgresClinic }] : []),
];

async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server!.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  return { status: res.status, body: await res.json() };
}

/** One value of a one-column read, on either kind of connection. */
const single = async <T>(db: Queryable, sql: string, ...params: unknown[]): Promise<T> =>
  Object.values((await db.prepare(sql).get(...params)) as Record<string, T>)[0]!;

/** The resource an acknowledged request made (or changed) is there, as it was acknowledged. */
async function expectPresent(sent: Sent): Promise<void> {
  const what = `${sent.op} ${sent.key}: ${JSON.stringify(sent.response)}`;
  switch (sent.op) {
    case 'conversation': {
      const got = await get(`/conversations/${sent.response.id}`);
      expect(got.status, what).toBe(200);
      expect(got.body.messages[0].id, what).toBe(sent.response.messages[0].id);
      return;
    }
    case 'message': {
      const got = await get(`/conversations/${sent.target}`);
      expect(got.status, what).toBe(200);
      const ids = (got.body.messages as Array<{ id: string }>).map((m) => m.id);
      expect(ids, what).toContain(sent.response.patientMessage.id);
      expect(ids, what).toContain(sent.response.assistantMessage.id);
      return;
    }
    case 'schedule': {
      const got = await get(`/form-schedules/${sent.response.id}`);
      expect(got.status, what).toBe(200);
      expect(got.body.creditsConsumed, what).toBe(sent.response.creditsConsumed);
      return;
    }
    case 'cancel': {
      const got = await get(`/form-schedules/${sent.target}`);
      expect(got.status, what).toBe(200);
      expect(got.body.status, what).toBe('cancelled');
      expect(got.body.cancelledAt, what).toBe(sent.response.cancelledAt);
      expect(got.body.creditsRefunded, what).toBe(sent.response.creditsRefunded);
      return;
    }
    case 'call': {
      const got = await get(`/voice/calls/${sent.response.id}`);
      expect(got.status, what).toBe(200);
      return;
    }
  }
}

/** Refusals the load can meet by design; anything else (a 5xx above all) is a failure. */
function expectCleanRefusal(sent: Sent): void {
  const what = `${sent.op} ${sent.path}: ${sent.status} ${JSON.stringify(sent.response)}`;
  expect(sent.status, what).toBeLessThan(500);
  expect(sent.response?.code, what).toBeTypeOf('string');
  // A message racing another on the same conversation may be told to send again (409).
  expect(['conversation_busy', 'insufficient_credits'], what).toContain(sent.response.code);
}

describe.each(ENGINES)(
  'crash consistency under SIGKILL on $engine',
  { timeout: 300_000 },
  ({ clinic }) => {
    let store: ClinicStore;
    beforeAll(async () => {
      store = await clinic();
    });
    afterAll(() => store.remove());
    const onDisk = <T>(read: (db: Queryable) => T | Promise<T>) => store.onDisk(read);
    const start = async () =>
      (server = await serveChild(
        cliJs,
        [...store.args, '--seed', 'demo', '--api-key', API_KEY, '--rate-limit', 'off'],
        home,
      ));

    it('loses no acknowledged write, half-writes nothing, charges once and runs pending jobs', async () => {
      const rng = createPrng(SEED);
      await start();
      const forms = await get('/clinical-forms?limit=100');
      const patients = await get('/patients?status=active&limit=100');
      const fixtures: Fixtures = {
        formIds: (forms.body.data as Array<{ id: string; status: string }>)
          .filter((f) => f.status === 'active')
          .map((f) => f.id),
        patientIds: (patients.body.data as Array<{ id: string; phone?: string; email?: string }>)
          .filter((p) => p.phone && p.email)
          .map((p) => p.id),
      };
      expect(fixtures.formIds.length).toBeGreaterThan(0);
      expect(fixtures.patientIds.length).toBeGreaterThan(10);
      const startingBalance = (await get('/billing/balance')).body.balance as number;
      // Where the ledger stood before the load (a read-only look; WAL lets it sit beside the server).
      const startSeq = await onDisk((db) =>
        single<number>(db, 'SELECT max(seq) AS seq FROM credit_ledger'),
      );

      const log: Sent[] = [];
      const known: Known = { conversations: [], cancellable: [] };
      const balances: number[] = [];
      const tally = { acknowledged: 0, unanswered: 0, committedUnanswered: 0, redone: 0 };

      for (let round = 1; round <= ROUNDS; round++) {
        const serviceNow = Date.parse((await get('/sandbox/clock')).body.now as string);
        let killed = false;
        const load = spend({
          baseUrl: server!.baseUrl,
          apiKey: API_KEY,
          seed: SEED,
          round,
          workers: WORKERS,
          fixtures,
          known,
          serviceNow,
          log,
          stopped: () => killed,
        });
        // A seeded moment into the load, counted in work done rather than time (the engines run
        // at their own speeds): after a seeded number of acknowledged requests.
        const killAfter = rng.int(ACKNOWLEDGED_PER_ROUND, 3 * ACKNOWLEDGED_PER_ROUND);
        const acknowledged = () =>
          log.filter((s) => s.round === round && s.status !== undefined && s.status < 300).length;
        while (acknowledged() < killAfter) await new Promise((resolve) => setTimeout(resolve, 5));
        await server!.kill();
        killed = true;
        await load;

        // What the kill left on disk already balances: every charge has its resource and back.
        const crashed = await onDisk(bookViolations);
        // CRASH_KEEP=<dir> keeps a copy of a data directory that failed, for a closer look.
        if (crashed.length && process.env.CRASH_KEEP) {
          const { cpSync } = await import('node:fs');
          if (store.folder)
            cpSync(store.folder, `${process.env.CRASH_KEEP}/round-${round}`, { recursive: true });
        }
        expect(crashed.join('\n'), `round ${round}, as the kill left it`).toBe('');

        await start();
        const thisRound = log.filter((s) => s.round === round);
        for (const sent of thisRound) {
          if (sent.status === undefined) continue;
          if (sent.status >= 200 && sent.status < 300) {
            tally.acknowledged++;
            await expectPresent(sent);
            // The answer was stored with the write: a retry replays it and acts (charges) no more.
            const again = await post(server!.baseUrl, API_KEY, sent.path, sent.body, sent.key);
            expect(again.status, `${sent.op} ${sent.key} replay`).toBe(sent.status);
            expect(again.replayed, `${sent.op} ${sent.key} replay`).toBe(true);
            expect(again.body).toEqual(sent.response);
          } else {
            expectCleanRefusal(sent);
          }
        }
        // Unanswered requests: the retry with the same key either replays what committed before
        // the kill or acts now; the books (checked below) prove neither left half a write.
        for (const sent of thisRound.filter((s) => s.status === undefined)) {
          tally.unanswered++;
          const retry = await post(server!.baseUrl, API_KEY, sent.path, sent.body, sent.key);
          const retried: Sent = { ...sent, status: retry.status, response: retry.body };
          if (retry.status >= 200 && retry.status < 300) {
            if (retry.replayed) tally.committedUnanswered++;
            else tally.redone++;
            Object.assign(sent, { status: retry.status, response: retry.body, retried: true });
            learn(known, retried);
            await expectPresent(retried);
          } else {
            expectCleanRefusal(retried);
          }
        }
        await server!.kill();
        const afterRetries = await onDisk(bookViolations);
        expect(afterRetries, `round ${round}, after the retries`).toEqual([]);
        await start();
        balances.push((await get('/billing/balance')).body.balance as number);
      }
      expect(tally.acknowledged).toBeGreaterThanOrEqual(ROUNDS * ACKNOWLEDGED_PER_ROUND);
      // Eight workers always have requests in flight: every kill catches some.
      expect(tally.unanswered).toBeGreaterThanOrEqual(ROUNDS);

      // Everything acknowledged in any round is still there after all the kills.
      const acknowledged = log.filter((s) => s.status !== undefined && s.status < 300);
      for (const sent of acknowledged) await expectPresent(sent);

      // Pending jobs still run: deliveries due within the next two hours, the 30-minute inactivity
      // closes and the calls' steps, all planned before one kill or another.
      const advanced = await post(
        server!.baseUrl,
        API_KEY,
        '/sandbox/clock/advance',
        { seconds: 3 * 3600 },
        'crash-advance',
      );
      expect(advanced.status).toBe(200);
      const advancedTo = (await get('/sandbox/clock')).body.now as string;
      const cancelled = new Set(
        acknowledged.filter((s) => s.op === 'cancel').map((s) => s.target as string),
      );
      for (const sent of acknowledged.filter((s) => s.op === 'schedule')) {
        const got = await get(`/form-schedules/${sent.response.id}`);
        // Delivered, or failed (with the refund the books check) for the sandbox's magic numbers.
        if (cancelled.has(sent.response.id)) expect(got.body.status).toBe('cancelled');
        else expect(['sent', 'failed'], sent.response.id).toContain(got.body.status);
      }
      for (const sent of acknowledged.filter((s) => s.op === 'conversation')) {
        const got = await get(`/conversations/${sent.response.id}`);
        expect(got.body.status).toBe('ended');
        expect(got.body.endReason).toBe('inactivity');
      }
      for (const sent of acknowledged.filter((s) => s.op === 'call')) {
        const got = await get(`/voice/calls/${sent.response.id}`);
        expect(['completed', 'failed']).toContain(got.body.status);
      }

      // Then the child is spent dry by bursts of parallel spenders: it never goes below zero and
      // every refusal is a clean 402 (the in-process concurrency test checks this in depth).
      let refusals = 0;
      for (let burst = 0; burst < 10 && refusals === 0; burst++) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) => {
            const patientId = fixtures.patientIds[i % fixtures.patientIds.length]!;
            const sent: Sent = {
              op: i % 4 === 0 ? 'schedule' : 'conversation',
              round: ROUNDS + 1,
              path: i % 4 === 0 ? '/form-schedules' : '/conversations',
              body:
                i % 4 === 0
                  ? { formId: fixtures.formIds[0], patientId, channel: 'whatsapp' }
                  : { patientId, context: 'Spend the rest.' },
              key: `drain-${burst}-${i}`,
            };
            return post(server!.baseUrl, API_KEY, sent.path, sent.body, sent.key).then((a) => {
              Object.assign(sent, { status: a.status, response: a.body });
              return sent;
            });
          }),
        );
        for (const sent of answers) {
          if (sent.status! < 300) acknowledged.push(sent);
          else {
            refusals++;
            expect(sent.status).toBe(402);
            expect(sent.response.code).toBe('insufficient_credits');
            expect(sent.response.balance).toBeLessThan(sent.response.required);
          }
        }
      }
      expect(refusals).toBeGreaterThan(0);
      const balance = (await get('/billing/balance')).body.balance as number;
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBeLessThan(10);
      await server!.stop();
      server = undefined;
      await onDisk(async (db) => {
        expect(await bookViolations(db)).toEqual([]);
        // The balance moved by the ledger entries written since the start, and those are exactly
        // what the acknowledged answers said (plus what the calls cost when they ended).
        const since = async (sql: string) => (await single<number | null>(db, sql, startSeq)) ?? 0;
        const moved = await since('SELECT sum(amount) FROM credit_ledger WHERE seq > ?');
        expect(balance).toBe(startingBalance + moved);
        // Moved by jobs, not by requests: calls charge when they end, failed deliveries refund.
        const byJobs = await since(
          `SELECT sum(amount) FROM credit_ledger l WHERE seq > ? AND (resource_type = 'call'
           OR (kind = 'refund' AND (SELECT status FROM form_schedules s WHERE s.id = l.resource_id) = 'failed'))`,
        );
        const answered = acknowledged.reduce((sum, s) => {
          if (s.op === 'conversation' || s.op === 'schedule')
            return sum - s.response.creditsConsumed;
          if (s.op === 'message') return sum - s.response.creditsConsumed;
          if (s.op === 'cancel') return sum + s.response.creditsRefunded;
          return sum;
        }, 0);
        expect(moved).toBe(answered + byJobs);
        // Nothing that was due by the end of the advance is left waiting.
        const overdue = await db
          .prepare(
            "SELECT kind, due_at FROM jobs WHERE status IN ('pending', 'running') AND due_at <= ? AND kind <> 'webhook.flush'",
          )
          .all(advancedTo);
        expect(overdue).toEqual([]);
        expect(
          await single(db, "SELECT count(*) AS n FROM idempotency_keys WHERE state = 'in_flight'"),
        ).toBe(0);
      });
      // For the record (and the report): how the kills fell.
      console.info(`crash consistency: ${JSON.stringify({ ...tally, balances })}`);
    });
  },
);
