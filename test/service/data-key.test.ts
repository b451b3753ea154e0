import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import { DataKey, DataKeyError, fileEncryption } from '../../src-main/service/store/data-key';
import {
  DataKeyRequiredError,
  DB_FILE_NAME,
  openDb,
  PlainDatabaseError,
  WrongDataKeyError,
} from '../../src-main/service/store/db';
import { DESK_ACTOR } from '../../src-main/service/schemas/actor';
import { tempDataDir } from './helpers';

/**
 * Encryption at rest (issue 20): the database, its -wal and -shm are unreadable without the key,
 * the key opens it again, and a wrong or missing key is refused before anything is written.
 */

const cleanups: Array<() => unknown> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function dataDir(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  return dir;
}

async function core(
  dir: string,
  key: DataKey | undefined,
  seed: 'demo' | 'empty' = 'empty',
): Promise<Core> {
  const c = await createCore({ dataDir: dir, seed, ...(key ? { key } : {}) });
  cleanups.push(() => c.close());
  return c;
}

/** Every byte of every file in the folder, as one latin1 string and as UTF-8 (names have accents). */
function folderBytes(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const bytes = readFileSync(join(dir, name));
    return [bytes.toString('latin1'), bytes.toString('utf8')];
  });
}

/** The files of a folder with their sizes and modification times, to see that nothing changed. */
function snapshot(dir: string) {
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const st = statSync(join(dir, name));
      const sha256 = createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex');
      return { name, size: st.size, mtime: st.mtimeMs, sha256 };
    });
}

describe('an encrypted database', () => {
  it('keeps no patient name, note or key in any byte of the data folder, open or closed', async () => {
    const dir = dataDir();
    const key = DataKey.generate();
    const c = await core(dir, key, 'demo');
    const patient = await c.patients.create({
      firstName: 'Zacarías',
      lastName: 'Quintanilla-Ybarra',
      phone: '+34600111222',
      email: 'zacarias.q@example.org',
      dateOfBirth: '1950-03-04',
    });
    await c.patientNotes.create(
      patient.id,
      { text: 'Alergia a la penicilina confirmada por su hija.' },
      DESK_ACTOR,
    );
    const names = (await c.db
      .prepare('SELECT last_name FROM patients LIMIT 20')
      .pluck()
      .all()) as string[];
    const secrets = [
      'Quintanilla-Ybarra',
      'zacarias.q@example.org',
      'penicilina',
      key.reveal(),
      ...names,
    ];
    // Open: the WAL holds the latest pages, and they are encrypted too.
    expect(readdirSync(dir).some((f) => f.endsWith('-wal'))).toBe(true);
    for (const bytes of folderBytes(dir))
      for (const secret of secrets) expect(bytes.includes(secret), secret).toBe(false);
    await c.close();
    cleanups.pop();
    for (const bytes of folderBytes(dir))
      for (const secret of secrets) expect(bytes.includes(secret), secret).toBe(false);
    expect(fileEncryption(join(dir, DB_FILE_NAME))).toBe('encrypted');

    // The same key opens it again, with everything in it.
    const again = await core(dir, DataKey.from(key.reveal()));
    expect((await again.patients.get(patient.id)).lastName).toBe('Quintanilla-Ybarra');
  });

  it('takes a passphrase as well as a raw key', async () => {
    const dir = dataDir();
    const c = await core(dir, DataKey.from('correct horse battery staple'));
    const p = await c.patients.create({
      firstName: 'Ona',
      lastName: 'Vilaró',
      phone: '+34600000001',
    });
    await c.close();
    cleanups.pop();
    expect(
      (await (await core(dir, DataKey.from('correct horse battery staple\n'))).patients.get(p.id))
        .lastName,
    ).toBe('Vilaró');
  });

  it('refuses a wrong key, and leaves every file exactly as it was', async () => {
    const dir = dataDir();
    const c = await core(dir, DataKey.generate(), 'demo');
    await c.close();
    cleanups.pop();
    const before = snapshot(dir);
    expect(() => openDb({ dataDir: dir, key: DataKey.generate() })).toThrow(WrongDataKeyError);
    expect(() => openDb({ dataDir: dir, key: DataKey.from('a guess') })).toThrow(WrongDataKeyError);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses to open without a key, and never starts a new empty database over it', async () => {
    const dir = dataDir();
    const key = DataKey.generate();
    const c = await core(dir, key, 'demo');
    const count = await c.db.prepare('SELECT count(*) FROM patients').pluck().get();
    await c.close();
    cleanups.pop();
    const before = snapshot(dir);
    expect(() => openDb({ dataDir: dir })).toThrow(DataKeyRequiredError);
    expect(snapshot(dir)).toEqual(before);
    expect(
      await (await core(dir, key)).db.prepare('SELECT count(*) FROM patients').pluck().get(),
    ).toBe(count);
  });

  it('refuses a key for a plain database, which must be converted first', async () => {
    const dir = dataDir();
    await (await core(dir, undefined)).close();
    cleanups.pop();
    expect(fileEncryption(join(dir, DB_FILE_NAME))).toBe('plain');
    const before = snapshot(dir);
    expect(() => openDb({ dataDir: dir, key: DataKey.generate() })).toThrow(PlainDatabaseError);
    expect(snapshot(dir)).toEqual(before);
  });

  it('never names the key in its errors', async () => {
    const dir = dataDir();
    await (await core(dir, DataKey.from('the-old-secret'))).close();
    cleanups.pop();
    const wrong = DataKey.from('the-wrong-secret');
    let message = '';
    try {
      openDb({ dataDir: dir, key: wrong });
    } catch (error) {
      message = `${String(error)} ${(error as Error).stack} ${inspect(error)}`;
    }
    expect(message).toContain('does not open');
    expect(message).not.toContain('the-wrong-secret');
    expect(message).not.toContain('the-old-secret');
  });
});

describe('a data key', () => {
  it('shows itself as "[data key]" when printed, logged or serialised', () => {
    const key = DataKey.from('super-secret-passphrase');
    const shown = [String(key), `${key}`, JSON.stringify({ key }), inspect(key), inspect({ key })];
    for (const text of shown) {
      expect(text).toContain('[data key]');
      expect(text).not.toContain('super-secret');
    }
    expect(key.reveal()).toBe('super-secret-passphrase');
  });

  it('is 256 random bits when generated, and refuses an empty or multi-line key', () => {
    const a = DataKey.generate();
    expect(a.reveal()).toMatch(/^[0-9a-f]{64}$/);
    expect(a.sameSecretAs(DataKey.generate())).toBe(false);
    expect(a.sameSecretAs(DataKey.from(a.reveal()))).toBe(true);
    expect(() => DataKey.from('')).toThrow(DataKeyError);
    expect(() => DataKey.from('  \n')).toThrow(DataKeyError);
    expect(() => DataKey.from('one\ntwo')).toThrow(DataKeyError);
  });
});
