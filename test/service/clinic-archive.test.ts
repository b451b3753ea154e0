import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ArchiveError,
  archiveFileName,
  exportClinic,
  importClinic,
  inspectArchive,
  passphraseOf,
  stageImport,
} from '../../src-main/service/backup/clinic-archive';
import { ArchivePassphrase } from '../../src-main/service/backup/archive-passphrase';
import { createCore, type Core } from '../../src-main/service/core';
import { listItems } from '../../src-main/service/domain/list-page';
import { applyKey, changeKey, DataKey } from '../../src-main/service/store/data-key';
import { DatabaseFromTheFutureError, DB_FILE_NAME } from '../../src-main/service/store/db';
import { LATEST_VERSION } from '../../src-main/service/store/migrations';
import { tempDataDir } from './helpers';

/** The clinic archive (issue 20, part 4): export, inspect, import, and every refusal. */

const cleanups: Array<() => unknown> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function home(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  return dir;
}

const PASSPHRASE = passphraseOf('caballo correcto grapa');
const NAME = 'Zurbarán-Quintanilla';

async function clinic(
  dataDir: string,
  key?: DataKey,
  seed: 'demo' | 'empty' = 'demo',
): Promise<Core> {
  return await createCore({ dataDir, seed, ...(key ? { key } : {}) });
}

const named = async (c: Core, q: string) =>
  listItems<{ firstName: string }>(await c.patients.list({ search: q })).map((p) => p.firstName);

/** Every ordinary table's rows, sorted, for comparing two databases. */
function dump(file: string, key?: DataKey): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    if (key) applyKey(db, key);
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => [
        t,
        (db.prepare(`SELECT * FROM "${t}"`).raw().all() as unknown[][])
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

/** A clinic with a patient whose name is easy to look for, and an OpenAI key in its settings. */
async function seeded(dataDir: string, key?: DataKey): Promise<void> {
  const c = await clinic(dataDir, key);
  await c.patients.create({ firstName: 'Eulalia', lastName: NAME, phone: '+34600000001' });
  await c.q.settings.set(
    'assistant',
    JSON.stringify({ provider: 'openai', apiKey: 'sk-live-ARCHIVEKEY123' }),
  );
  await c.q.settings.set('backup_folder', '/media/usb-of-the-first-computer');
  await c.close();
}

describe.each([
  ['encrypted', DataKey.generate(), DataKey.generate()],
  ['plain', undefined, undefined],
])('a %s clinic', (_label, key, otherKey) => {
  it('exports one archive that imports elsewhere with every row equal', async () => {
    const root = home();
    const source = join(root, 'first');
    await seeded(source, key);
    const to = join(root, archiveFileName('Clínica Sol', new Date('2026-11-27T10:00:00Z')));
    expect(to.endsWith('Clinica-Sol-2026-11-27.engagedesk')).toBe(true);
    const exported = await exportClinic({
      dataDir: source,
      key,
      passphrase: PASSPHRASE,
      to,
      now: new Date('2026-11-27T10:00:00Z'),
    });
    expect(readdirSync(root).filter((n) => n.includes('.engagedesk'))).toEqual([
      'Clinica-Sol-2026-11-27.engagedesk',
    ]);
    if (process.platform !== 'win32') expect(statSync(to).mode & 0o777).toBe(0o600);
    expect(exported.schemaVersion).toBe(LATEST_VERSION);
    expect(exported.patients).toBeGreaterThan(1);
    expect(exported.exportedAt).toBe('2026-11-27T10:00:00.000Z');

    // No byte of the archive gives away a patient, the data key or the assistant's key.
    const bytes = readFileSync(to);
    for (const secret of [NAME, 'Eulalia', 'sk-live-ARCHIVEKEY123', 'SQLite format 3'])
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
    if (key) expect(bytes.includes(Buffer.from(key.reveal()))).toBe(false);

    // Inspected with the passphrase: what it holds, and nothing changes.
    const seen = await inspectArchive(to, PASSPHRASE);
    expect(seen).toMatchObject({ patients: exported.patients, clinicName: exported.clinicName });
    expect(readFileSync(to).equals(bytes)).toBe(true);

    // Imported into a new, empty folder on "another computer", under its own key.
    const second = join(root, 'second');
    const { archive, restore } = await importClinic({
      file: to,
      passphrase: passphraseOf('caballo correcto grapa'),
      dataDir: second,
      key: otherKey,
      now: new Date(),
    });
    expect(archive.patients).toBe(exported.patients);
    expect(restore.keptAside).toBeUndefined();
    expect(readdirSync(second)).toEqual([DB_FILE_NAME]);
    const before = dump(join(source, DB_FILE_NAME), key);
    const after = dump(join(second, DB_FILE_NAME), otherKey);
    // This computer's backup settings stay behind; everything else is equal, row for row.
    const local = (rows: unknown[]) => rows.filter((r) => !String(r).startsWith('["backup_'));
    expect(after.settings).toEqual(local(before.settings!));
    expect({ ...after, settings: [] }).toEqual({ ...before, settings: [] });
    const opened = await clinic(second, otherKey);
    try {
      expect(await named(opened, NAME)).toEqual(['Eulalia']);
    } finally {
      await opened.close();
    }
  });
});

describe('importing over an existing clinic', () => {
  it('keeps the current database aside and drops what came after the export', async () => {
    const root = home();
    const key = DataKey.generate();
    const dataDir = join(root, 'data');
    await seeded(dataDir, key);
    const to = join(root, 'clinic.engagedesk');
    await exportClinic({ dataDir, key, passphrase: PASSPHRASE, to, now: new Date() });
    const c = await clinic(dataDir, key);
    await c.patients.create({
      firstName: 'Posterior',
      lastName: 'Alexport',
      phone: '+34600000002',
    });
    await c.close();
    const { restore } = await importClinic({
      file: to,
      passphrase: PASSPHRASE,
      dataDir,
      key,
      now: new Date(),
    });
    expect(restore.keptAside).toMatch(/before-restore/);
    expect(existsSync(join(dataDir, 'engage-desk.importing.db'))).toBe(false);
    const opened = await clinic(dataDir, key);
    try {
      expect(await named(opened, 'Alexport')).toEqual([]);
      expect(await named(opened, NAME)).toEqual(['Eulalia']);
    } finally {
      await opened.close();
    }
  });
});

describe('refusals', () => {
  async function exported() {
    const root = home();
    const key = DataKey.generate();
    const dataDir = join(root, 'data');
    await seeded(dataDir, key);
    const to = join(root, 'clinic.engagedesk');
    await exportClinic({ dataDir, key, passphrase: PASSPHRASE, to, now: new Date() });
    return { root, key, dataDir, to, db: readFileSync(join(dataDir, DB_FILE_NAME)) };
  }

  it('refuses a short passphrase, in words that never repeat it', () => {
    const attempt = () => passphraseOf('corta-11chr');
    expect(attempt).toThrow(ArchiveError);
    expect(attempt).toThrow(/at least 12 characters/);
    expect(attempt).not.toThrow(/corta/);
    expect(() => passphraseOf(`x'${'ab'.repeat(32)}'`)).toThrow(/raw key/);
    expect(String(PASSPHRASE)).toBe('[passphrase]');
    expect(JSON.stringify({ PASSPHRASE })).not.toContain('caballo');
    // 64 hex digits are a passphrase like any other, not a raw key.
    expect(ArchivePassphrase.from('ab'.repeat(32)).toSqliteKey().toString()).toBe('ab'.repeat(32));
  });

  it('refuses a wrong passphrase at inspect and import, and changes nothing', async () => {
    const { to, dataDir, key, db } = await exported();
    const wrong = passphraseOf('caballo incorrecto grapa');
    const inspect = inspectArchive(to, wrong);
    await expect(inspect).rejects.toMatchObject({ code: 'wrong_passphrase' });
    await expect(inspectArchive(to, wrong)).rejects.not.toThrow(/caballo/);
    await expect(
      importClinic({ file: to, passphrase: wrong, dataDir, key, now: new Date() }),
    ).rejects.toMatchObject({ code: 'wrong_passphrase' });
    expect(readFileSync(join(dataDir, DB_FILE_NAME)).equals(db)).toBe(true);
    expect(
      readdirSync(dataDir).some((n) => n.includes('before-restore') || n.includes('importing')),
    ).toBe(false);
  });

  it('refuses a damaged archive (flipped bytes) at inspect and import', async () => {
    const { to, dataDir, key, db } = await exported();
    const bytes = readFileSync(to);
    const middle = Math.floor(bytes.length / 2);
    for (let i = 0; i < 64; i++) bytes[middle + i] = bytes[middle + i]! ^ 0xff;
    writeFileSync(to, bytes);
    await expect(inspectArchive(to, PASSPHRASE)).rejects.toMatchObject({ code: 'corrupt' });
    await expect(
      importClinic({ file: to, passphrase: PASSPHRASE, dataDir, key, now: new Date() }),
    ).rejects.toBeInstanceOf(ArchiveError);
    expect(readFileSync(join(dataDir, DB_FILE_NAME)).equals(db)).toBe(true);
  });

  it('refuses an archive from a newer schema with the usual message', async () => {
    const { to, dataDir, key, db } = await exported();
    const raw = new Database(to);
    applyKey(raw, PASSPHRASE);
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`);
    const manifest = JSON.parse(
      raw.prepare('SELECT manifest FROM engage_desk_archive').pluck().get() as string,
    );
    raw
      .prepare('UPDATE engage_desk_archive SET manifest = ?')
      .run(JSON.stringify({ ...manifest, schemaVersion: LATEST_VERSION + 1 }));
    raw.close();
    expect((await inspectArchive(to, PASSPHRASE)).schemaVersion).toBe(LATEST_VERSION + 1);
    const attempt = stageImport({ file: to, passphrase: PASSPHRASE, dataDir, key });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseFromTheFutureError);
    await expect(
      importClinic({ file: to, passphrase: PASSPHRASE, dataDir, key, now: new Date() }),
    ).rejects.toThrow(/written by a newer Engage Desk/);
    expect(readFileSync(join(dataDir, DB_FILE_NAME)).equals(db)).toBe(true);
  });

  it('refuses a database that is not an archive, and never replaces an existing file', async () => {
    const { to, root, dataDir, key } = await exported();
    // A database keyed with the passphrase but without a manifest.
    const other = join(root, 'other.engagedesk');
    const db = new Database(other);
    applyKey(db, PASSPHRASE);
    db.exec('CREATE TABLE t (x)');
    db.close();
    await expect(inspectArchive(other, PASSPHRASE)).rejects.toMatchObject({ code: 'not_archive' });
    await expect(inspectArchive(join(root, 'nothing'), PASSPHRASE)).rejects.toMatchObject({
      code: 'not_found',
    });
    const before = readFileSync(to);
    await expect(
      exportClinic({ dataDir, key, passphrase: PASSPHRASE, to, now: new Date() }),
    ).rejects.toMatchObject({ code: 'exists' });
    expect(readFileSync(to).equals(before)).toBe(true);
    // The wrong data key for the clinic: refused, no archive written.
    const fresh = join(root, 'fresh.engagedesk');
    await expect(
      exportClinic({
        dataDir,
        key: DataKey.generate(),
        passphrase: PASSPHRASE,
        to: fresh,
        now: new Date(),
      }),
    ).rejects.toBeInstanceOf(ArchiveError);
    expect(readdirSync(root).filter((n) => n.startsWith('fresh'))).toEqual([]);
    void changeKey;
  });
});

describe('the audit trail of a clinic export', () => {
  it('records one clinic.exported event per patient, as who exported it and from where', async () => {
    const root = home();
    const dataDir = join(root, 'clinic');
    const key = DataKey.generate();
    await seeded(dataDir, key);
    const c = await clinic(dataDir, key);
    cleanups.push(() => c.close());
    const patients = (await c.db.prepare('SELECT count(*) FROM patients').pluck().get()) as number;
    const window = { channel: 'window', actor: { type: 'desk', name: 'Engage Desk' } } as const;
    await c.audit.as(window, () =>
      c.clinicArchive!.export({
        passphrase: PASSPHRASE,
        to: join(root, 'out.engagedesk'),
        now: new Date(),
      }),
    );
    const events = listItems<{
      action: string;
      channel: string;
      patientId: string;
      count: number;
    }>(await c.audit.list({ action: 'clinic.exported', limit: 100 }));
    expect(events.length).toBe(Math.min(patients, 100));
    expect(new Set(events.map((e) => e.channel))).toEqual(new Set(['window']));
    expect(new Set(events.map((e) => e.count))).toEqual(new Set([patients]));
    const eulalia = (await c.db
      .prepare('SELECT id FROM patients WHERE last_name = ?')
      .pluck()
      .get(NAME)) as string;
    expect(
      listItems(await c.audit.list({ patientId: eulalia, action: 'clinic.exported' })),
    ).toHaveLength(1);
    // The passphrase is nowhere in the trail.
    const trail = JSON.stringify(await c.db.prepare('SELECT * FROM audit_events').all());
    expect(trail).not.toContain('caballo correcto grapa');
  });

  it('records nothing when the export is refused', async () => {
    const root = home();
    const dataDir = join(root, 'clinic');
    await seeded(dataDir);
    const c = await clinic(dataDir);
    cleanups.push(() => c.close());
    const window = { channel: 'window', actor: { type: 'desk', name: 'Engage Desk' } } as const;
    await expect(
      c.audit.as(window, () =>
        c.clinicArchive!.export({
          passphrase: PASSPHRASE,
          to: join(root, 'no-such-folder', 'out.engagedesk'),
          now: new Date(),
        }),
      ),
    ).rejects.toThrow(/not there/);
    expect(listItems(await c.audit.list({ action: 'clinic.exported' }))).toEqual([]);
  });
});
