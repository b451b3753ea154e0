import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import {
  DatabaseFromTheFutureError,
  DB_FILE_NAME,
  migrate,
  openDb,
  type Db,
} from '../../src-main/service/store/db';
import {
  LATEST_VERSION,
  migrations,
  type Migration,
} from '../../src-main/service/store/migrations';
import { listItems } from '../../src-main/service/domain/list-page';
import { tempDataDir } from './helpers';

const cleanups: Array<() => unknown> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function dataDir(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  return dir;
}

function track<T extends { close(): unknown; open?: boolean }>(db: T): T {
  cleanups.push(() => {
    if (db.open !== false) db.close();
  });
  return db;
}

async function newCore(): Promise<Core> {
  const core = await createCore({
    memory: true,
    seed: 'empty',
    realNow: () => Date.parse('2026-05-10T08:00:00.000Z'),
  });
  cleanups.push(() => core.close());
  return core;
}

const userVersion = (db: Db): number => db.pragma('user_version', { simple: true }) as number;
const tableNames = (db: Db): string[] =>
  db
    .prepare<[], string>(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
    .pluck()
    .all();

describe('openDb', () => {
  it('creates a WAL database with foreign keys, the latest schema version and STRICT tables', () => {
    const dir = dataDir();
    const { db, created } = openDb({ dataDir: dir });
    track(db);
    expect(created).toBe(true);
    expect(existsSync(join(dir, DB_FILE_NAME))).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(migrations.length).toBeGreaterThan(0);
    expect(LATEST_VERSION).toBe(migrations.length);
    expect(userVersion(db)).toBe(migrations.length);
    migrations.forEach((m, i) => expect(m.version).toBe(i + 1));

    const schema = db
      .prepare<[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
      )
      .all();
    // Virtual tables (FTS) and the shadow tables SQLite makes for them cannot be STRICT.
    const virtual = schema.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
    const regular = schema.filter(
      (t) => !virtual.includes(t.name) && !virtual.some((v) => t.name.startsWith(`${v}_`)),
    );
    expect(regular.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'settings',
        'api_keys',
        'patients',
        'patient_counts',
        'events',
        'jobs',
        'credit_account',
        'credit_ledger',
        'idempotency_keys',
      ]),
    );
    for (const table of regular) {
      expect(table.sql, `${table.name} is STRICT`).toMatch(/\)\s*STRICT\b/i);
    }
    // STRICT is enforced: a text in an INTEGER column is refused rather than stored.
    expect(() =>
      db.prepare(`INSERT INTO patient_counts (status, n) VALUES ('active', 'many')`).run(),
    ).toThrow();
  });

  it('enforces foreign keys on the connection', () => {
    const { db } = openDb({ memory: true });
    track(db);
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY) STRICT;
             CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id)) STRICT;`);
    expect(() => db.prepare('INSERT INTO child (parent_id) VALUES (42)').run()).toThrow(
      /FOREIGN KEY/,
    );
  });

  it('re-opens an up-to-date database without applying anything and keeps its data', () => {
    const dir = dataDir();
    const first = openDb({ dataDir: dir });
    first.db.prepare(`INSERT INTO settings (key, value) VALUES ('kept', 'yes')`).run();
    const tables = tableNames(first.db);
    first.db.close();

    const { db, created } = openDb({ dataDir: dir });
    track(db);
    expect(created).toBe(false);
    expect(userVersion(db)).toBe(LATEST_VERSION);
    expect(tableNames(db)).toEqual(tables);
    expect(db.prepare(`SELECT value FROM settings WHERE key = 'kept'`).pluck().get()).toBe('yes');

    // Nothing is pending: even migrations that would fail are not run.
    const poisoned: Migration[] = migrations.map((m) => ({ ...m, sql: 'THIS IS NOT SQL;' }));
    expect(migrate(db, poisoned)).toBe(LATEST_VERSION);
    expect(migrate(db)).toBe(LATEST_VERSION);
    expect(userVersion(db)).toBe(LATEST_VERSION);
  });

  it('keeps the clinic data of a core over a restart and does not re-seed', async () => {
    const dir = dataDir();
    const first = await createCore({ dataDir: dir, seed: 'empty' });
    await first.credits.charge({ amount: 25, reason: 'kept' });
    await first.close();
    const second = await createCore({ dataDir: dir, seed: 'demo' });
    cleanups.push(() => second.close());
    expect(second.created).toBe(false);
    expect((await second.credits.balance()).balance).toBe(1975);
    expect(await second.q.patients.count({})).toBe(0);
  });

  describe('a database from a newer version', () => {
    function futureDb(dir: string, wal: boolean): string {
      const file = join(dir, DB_FILE_NAME);
      const db = new Database(file);
      if (wal) db.pragma('journal_mode = WAL');
      db.exec(`CREATE TABLE future_things (id INTEGER PRIMARY KEY, what TEXT) STRICT;
               INSERT INTO future_things (what) VALUES ('precious');`);
      db.pragma(`user_version = ${LATEST_VERSION + 1}`);
      db.close();
      return file;
    }

    function expectRefused(dir: string): void {
      let error: unknown;
      try {
        openDb({ dataDir: dir });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DatabaseFromTheFutureError);
      const refusal = error as DatabaseFromTheFutureError;
      expect(refusal.name).toBe('DatabaseFromTheFutureError');
      expect(refusal.found).toBe(LATEST_VERSION + 1);
      expect(refusal.supported).toBe(LATEST_VERSION);
      expect(refusal.message).toContain(`schema version ${LATEST_VERSION + 1}`);
      expect(refusal.message).toContain(`up to ${LATEST_VERSION}`);
      expect(refusal.message).toMatch(/newer Engage Desk/);
    }

    function expectIntact(dir: string, file: string, bytes: Buffer): void {
      const now = readFileSync(file);
      const changed: number[] = [];
      for (let i = 0; i < Math.max(now.length, bytes.length); i++)
        if (now[i] !== bytes[i]) changed.push(i);
      expect(changed, 'offsets of bytes changed in the database file').toEqual([]);
      expect(readdirSync(dir)).toEqual([DB_FILE_NAME]);
      const db = new Database(file, { readonly: true });
      try {
        expect(userVersion(db)).toBe(LATEST_VERSION + 1);
        expect(tableNames(db)).toEqual(['future_things']);
        expect(db.prepare('SELECT what FROM future_things').pluck().all()).toEqual(['precious']);
      } finally {
        db.close();
      }
    }

    it('is refused with a clear error and left untouched (WAL, as Engage Desk writes it)', () => {
      const dir = dataDir();
      const file = futureDb(dir, true);
      const bytes = readFileSync(file);
      expectRefused(dir);
      expectIntact(dir, file, bytes);
      // And refused again the next time: nothing was half-migrated.
      expectRefused(dir);
      expectIntact(dir, file, bytes);
    });

    it('is refused and left byte-for-byte untouched in any journal mode', () => {
      const dir = dataDir();
      const file = futureDb(dir, false);
      const bytes = readFileSync(file);
      expectRefused(dir);
      expectIntact(dir, file, bytes);
    });

    it('is refused by migrate() too', () => {
      const db = track(new Database(':memory:'));
      db.pragma(`user_version = ${LATEST_VERSION + 3}`);
      expect(() => migrate(db)).toThrow(DatabaseFromTheFutureError);
      const list: Migration[] = [
        { version: 1, name: 'only', sql: 'CREATE TABLE x (a INTEGER) STRICT;' },
      ];
      const two = track(new Database(':memory:'));
      two.pragma('user_version = 2');
      expect(() => migrate(two, list)).toThrow(DatabaseFromTheFutureError);
      expect(tableNames(two)).toEqual([]);
    });
  });
});

describe('migrate', () => {
  const one: Migration = {
    version: 1,
    name: 'one',
    sql: `CREATE TABLE first_table (id INTEGER PRIMARY KEY, v TEXT) STRICT;
          INSERT INTO first_table (v) VALUES ('from one');`,
  };
  const two: Migration = {
    version: 2,
    name: 'two',
    sql: `CREATE TABLE second_table (id INTEGER PRIMARY KEY) STRICT;
          INSERT INTO first_table (v) VALUES ('from two');`,
  };
  const broken: Migration = {
    version: 2,
    name: 'broken',
    sql: `CREATE TABLE second_table (id INTEGER PRIMARY KEY) STRICT;
          INSERT INTO no_such_table VALUES (1);`,
  };

  it('applies every pending migration and records the version', () => {
    const db = track(new Database(':memory:'));
    expect(migrate(db, [one, two])).toBe(2);
    expect(userVersion(db)).toBe(2);
    expect(tableNames(db)).toEqual(['first_table', 'second_table']);
    expect(db.prepare('SELECT v FROM first_table ORDER BY id').pluck().all()).toEqual([
      'from one',
      'from two',
    ]);
  });

  it('applies only the migrations after the current version', () => {
    const db = track(new Database(':memory:'));
    expect(migrate(db, [one])).toBe(1);
    expect(migrate(db, [one, two])).toBe(2);
    expect(db.prepare('SELECT v FROM first_table ORDER BY id').pluck().all()).toEqual([
      'from one',
      'from two',
    ]);
  });

  it('keeps nothing of a batch whose later migration fails', () => {
    const db = track(new Database(':memory:'));
    expect(() => migrate(db, [one, broken])).toThrow(/no such table/);
    expect(userVersion(db)).toBe(0);
    expect(tableNames(db)).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });

  it('leaves a database at its previous version when a pending migration fails', () => {
    const dir = dataDir();
    const file = join(dir, 'partial.db');
    const db = track(new Database(file));
    db.pragma('journal_mode = WAL');
    migrate(db, [one]);
    const three: Migration = {
      version: 3,
      name: 'three',
      sql: 'CREATE TABLE third_table (id INTEGER) STRICT;',
    };
    const badThree: Migration = {
      ...three,
      sql: 'CREATE TABLE third_table (id INTEGER) STRICT; SELECT nope();',
    };
    expect(() => migrate(db, [one, two, badThree])).toThrow();
    db.close();

    const reopened = track(new Database(file));
    expect(userVersion(reopened)).toBe(1);
    expect(tableNames(reopened)).toEqual(['first_table']);
    expect(reopened.prepare('SELECT v FROM first_table').pluck().all()).toEqual(['from one']);
    expect(migrate(reopened, [one, two, three])).toBe(3);
    expect(tableNames(reopened)).toEqual(['first_table', 'second_table', 'third_table']);
  });
});

describe('schema guards', () => {
  async function addPatient(
    core: Core,
    firstName: string,
    lastName: string,
    status: 'active' | 'inactive' = 'active',
  ) {
    return await core.patients.create({ firstName, lastName, status });
  }

  async function expectCountsMatch(core: Core): Promise<void> {
    const counted = Object.fromEntries(
      await core.db
        .prepare<[], [string, number]>('SELECT status, count(*) FROM patients GROUP BY status')
        .raw()
        .all(),
    );
    const kept = Object.fromEntries(
      await core.db
        .prepare<[], [string, number]>('SELECT status, n FROM patient_counts')
        .raw()
        .all(),
    );
    expect(kept).toEqual({ active: counted.active ?? 0, inactive: counted.inactive ?? 0 });
    expect(await core.q.patients.count({})).toBe((counted.active ?? 0) + (counted.inactive ?? 0));
  }

  it('keeps the credit ledger append-only', async () => {
    const core = await newCore();
    await core.credits.charge({ amount: 10, reason: 'something' });
    const before = await core.db.prepare('SELECT * FROM credit_ledger ORDER BY seq').all();
    expect(before).toHaveLength(2);
    await expect(
      core.db.prepare(`UPDATE credit_ledger SET amount = 1000000`).run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      core.db.prepare(`UPDATE credit_ledger SET reason = 'edited' WHERE seq = 2`).run(),
    ).rejects.toThrow(/append-only/);
    await expect(core.db.prepare('DELETE FROM credit_ledger').run()).rejects.toThrow(/append-only/);
    await expect(core.db.prepare('DELETE FROM credit_ledger WHERE seq = 1').run()).rejects.toThrow(
      /append-only/,
    );
    expect(await core.db.prepare('SELECT * FROM credit_ledger ORDER BY seq').all()).toEqual(before);
  });

  it('refuses to delete patients', async () => {
    const core = await newCore();
    const patient = await addPatient(core, 'Kept', 'Forever');
    await expect(
      core.db.prepare('DELETE FROM patients WHERE id = ?').run(patient.id),
    ).rejects.toThrow(/patients are kept/);
    await expect(core.db.prepare('DELETE FROM patients').run()).rejects.toThrow(
      /patients are kept/,
    );
    expect(await core.q.patients.get(patient.id)).toBeDefined();
    await expectCountsMatch(core);
  });

  it('keeps patient_counts equal to the rows per status', async () => {
    const core = await newCore();
    await expectCountsMatch(core);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push((await addPatient(core, `P${i}`, 'Count', i % 3 === 0 ? 'inactive' : 'active')).id);
      await expectCountsMatch(core);
    }
    expect(await core.q.patients.count({ status: 'inactive' })).toBe(4);
    await core.patients.update(ids[0]!, { status: 'active' });
    await expectCountsMatch(core);
    await core.patients.update(ids[1]!, { status: 'inactive' });
    await core.patients.update(ids[2]!, { status: 'inactive' });
    await expectCountsMatch(core);
    // Same status again, or other fields only: no change.
    await core.patients.update(ids[1]!, { status: 'inactive' });
    await core.patients.update(ids[3]!, { firstName: 'Renamed' });
    await expectCountsMatch(core);
    // A status change rolled back leaves the counts as they were.
    await expect(
      (async () =>
        await core.db.transaction(async () => {
          await core.patients.update(ids[4]!, { status: 'inactive' });
          throw new Error('abort');
        }))(),
    ).rejects.toThrow('abort');
    await expectCountsMatch(core);
    // Raw SQL goes through the same triggers.
    await core.db.prepare(`UPDATE patients SET status = 'inactive'`).run();
    await expectCountsMatch(core);
    expect(await core.q.patients.count({ status: 'active' })).toBe(0);
    expect(await core.q.patients.count({ status: 'inactive' })).toBe(12);
  });

  it('finds a renamed patient by the new name only', async () => {
    const core = await newCore();
    const patient = await addPatient(core, 'Aurelio', 'Quintana Soler');
    await addPatient(core, 'Marta', 'Vidal');
    const search = async (text: string) =>
      listItems<{ id: string }>(await core.patients.list({ search: text })).map((p) => p.id);
    const match = (text: string) =>
      core.db
        .prepare<[string], number>('SELECT rowid FROM patient_search WHERE patient_search MATCH ?')
        .pluck()
        .all(`"${text}"`);

    expect(await search('aurelio')).toEqual([patient.id]);
    await core.patients.update(patient.id, { firstName: 'Bartolomé' });
    expect(await search('Bartolomé')).toEqual([patient.id]);
    expect(await search('bartolome')).toEqual([patient.id]);
    expect(await search('aurelio')).toEqual([]);
    expect(await match('aurelio')).toEqual([]);
    expect(await match('bartolom')).toHaveLength(1);
    expect((await core.patients.list({ search: 'aurelio' })).total).toBe(0);
    expect((await core.patients.list({ search: 'bartolome' })).total).toBe(1);
    // The unchanged last name still finds them; the full name follows the new first name.
    expect(await search('quintana')).toEqual([patient.id]);
    expect(await search('Bartolomé Quintana')).toEqual([patient.id]);
    expect(await search('Aurelio Quintana')).toEqual([]);

    await core.patients.update(patient.id, { lastName: 'Ferrer' });
    expect(await search('quintana')).toEqual([]);
    expect(await search('ferrer')).toEqual([patient.id]);
    // One index row per patient, still.
    expect(await core.db.prepare('SELECT count(*) FROM patient_search').pluck().get()).toBe(2);
  });
});
