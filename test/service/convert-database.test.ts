import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import { DataKey, fileEncryption } from '../../src-main/service/store/data-key';
import {
  conversionFraction,
  CONVERTING_SUFFIX,
  DatabaseInUseError,
  encryptPlainDatabase,
  rekeyDatabase,
  type ConversionProgress,
} from '../../src-main/service/store/convert-database';
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
 * Converting a plain database to encrypted and changing a key (issue 20): a verified copy renamed
 * over the database; nothing of the patients or the key left in clear in the folder; refused
 * while another connection has it open or with a wrong key, leaving every file as it was.
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

const SECRET_NAME = 'Quintanilla-Ybarra';
const SECRET_NOTE = 'Alergia a la penicilina';

/** A demo clinic with one patient whose name and note must not survive in clear. */
async function plainClinic(
  dir: string,
): Promise<{ patientId: string; counts: Record<string, number> }> {
  const c: Core = await createCore({ dataDir: dir, seed: 'demo' });
  try {
    const p = await c.patients.create({
      firstName: 'Zacarías',
      lastName: SECRET_NAME,
      phone: '+34600111222',
    });
    await c.patientNotes.create(p.id, { text: `${SECRET_NOTE} confirmada.` }, DESK_ACTOR);
    return { patientId: p.id, counts: await counts(c) };
  } finally {
    await c.close();
  }
}

async function counts(c: Core): Promise<Record<string, number>> {
  const q = async (sql: string) => (await c.db.prepare(sql).pluck().get()) as number;
  return {
    patients: await q('SELECT count(*) FROM patients'),
    notes: await q('SELECT count(*) FROM patient_notes'),
    version: await q('PRAGMA user_version'),
  };
}

function folderHas(dir: string, needle: string): string[] {
  return readdirSync(dir).filter((name) => {
    const bytes = readFileSync(join(dir, name));
    return (
      bytes.includes(Buffer.from(needle, 'utf8')) || bytes.includes(Buffer.from(needle, 'latin1'))
    );
  });
}

function snapshot(dir: string) {
  return readdirSync(dir)
    .sort()
    .map((name) => ({
      name,
      size: statSync(join(dir, name)).size,
      sha256: createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    }));
}

describe('encrypting a plain database', () => {
  it('keeps every record, leaves no patient and no key in clear in any file, and reports progress', async () => {
    const dir = dataDir();
    const { patientId, counts: before } = await plainClinic(dir);
    expect(folderHas(dir, SECRET_NAME).length).toBeGreaterThan(0);
    const key = DataKey.generate();
    const progress: ConversionProgress[] = [];
    const result = await encryptPlainDatabase(dir, key, (p) => progress.push(p));

    expect(fileEncryption(join(dir, DB_FILE_NAME))).toBe('encrypted');
    expect(readdirSync(dir)).toEqual([DB_FILE_NAME]);
    for (const needle of [SECRET_NAME, SECRET_NOTE, key.reveal()])
      expect(folderHas(dir, needle), needle).toEqual([]);
    expect((statSync(join(dir, DB_FILE_NAME)).mode & 0o777).toString(8)).toBe('600');
    expect(result.tables).toBeGreaterThan(10);

    // Progress: every phase, in order, ending at 1.
    const phases = [...new Set(progress.map((p) => p.phase))];
    expect(phases).toEqual(['copy', 'encrypt', 'verify', 'replace']);
    const fractions = progress.map(conversionFraction);
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]!)).toBe(true);
    expect(fractions.at(-1)).toBe(1);

    const c = await createCore({ dataDir: dir, key });
    cleanups.push(() => c.close());
    expect((await c.patients.get(patientId)).lastName).toBe(SECRET_NAME);
    expect(await counts(c)).toEqual(before);
    // Opened and written again: the WAL it makes is encrypted too.
    await c.patients.create({ firstName: 'Ona', lastName: 'Vilaró', phone: '+34600000001' });
    expect(folderHas(dir, 'Vilaró')).toEqual([]);
    expect(() => openDb({ dataDir: dir })).toThrow(DataKeyRequiredError);
  });

  it('refuses while another connection has the database open, and changes nothing', async () => {
    const dir = dataDir();
    const { patientId } = await plainClinic(dir);
    const other = await createCore({ dataDir: dir });
    // As if a conversion were writing its copy right now: a refused one never touches it.
    writeFileSync(join(dir, DB_FILE_NAME + CONVERTING_SUFFIX), 'a copy being written');
    try {
      const before = snapshot(dir);
      await expect(encryptPlainDatabase(dir, DataKey.generate())).rejects.toThrow(
        DatabaseInUseError,
      );
      expect(snapshot(dir)).toEqual(before);
      expect((await other.patients.get(patientId)).lastName).toBe(SECRET_NAME);
    } finally {
      await other.close();
    }
    expect(fileEncryption(join(dir, DB_FILE_NAME))).toBe('plain');
    // Once nobody holds it, the next conversion clears the leftover and runs.
    await encryptPlainDatabase(dir, DataKey.generate());
    expect(readdirSync(dir)).toEqual([DB_FILE_NAME]);
  });

  it('removes the copy an interrupted conversion left, and the copy is never opened as the database', async () => {
    const dir = dataDir();
    const { patientId } = await plainClinic(dir);
    writeFileSync(join(dir, DB_FILE_NAME + CONVERTING_SUFFIX), 'half a file');
    // The plain database still opens as it was.
    const plain = await createCore({ dataDir: dir });
    expect((await plain.patients.get(patientId)).lastName).toBe(SECRET_NAME);
    await plain.close();
    const key = DataKey.generate();
    await encryptPlainDatabase(dir, key);
    expect(readdirSync(dir)).toEqual([DB_FILE_NAME]);
  });

  it('refuses an encrypted or missing database', async () => {
    const dir = dataDir();
    await expect(encryptPlainDatabase(dir, DataKey.generate())).rejects.toThrow(/no database/);
    await (await createCore({ dataDir: dir, key: DataKey.generate() })).close();
    await expect(encryptPlainDatabase(dir, DataKey.generate())).rejects.toThrow(
      /encrypted already/,
    );
  });
});

describe('changing the key', () => {
  it('opens with the new key only, keeps every record, and leaves neither key in the folder', async () => {
    const dir = dataDir();
    const { patientId, counts: before } = await plainClinic(dir);
    const oldKey = DataKey.generate();
    const newKey = DataKey.from('a long passphrase for the clinic');
    await encryptPlainDatabase(dir, oldKey);
    const progress: ConversionProgress[] = [];
    await rekeyDatabase(dir, oldKey, newKey, (p) => progress.push(p));
    expect(progress.at(-1)).toEqual({ phase: 'replace', done: 1, total: 1 });
    expect(readdirSync(dir)).toEqual([DB_FILE_NAME]);
    for (const needle of [SECRET_NAME, oldKey.reveal(), newKey.reveal()])
      expect(folderHas(dir, needle), needle).toEqual([]);
    expect(() => openDb({ dataDir: dir, key: oldKey })).toThrow(WrongDataKeyError);
    const c = await createCore({ dataDir: dir, key: newKey });
    cleanups.push(() => c.close());
    expect((await c.patients.get(patientId)).lastName).toBe(SECRET_NAME);
    expect(await counts(c)).toEqual(before);
  });

  it('refuses a wrong old key, a plain database, the same key and an open database, changing nothing', async () => {
    const dir = dataDir();
    await plainClinic(dir);
    await expect(rekeyDatabase(dir, DataKey.generate(), DataKey.generate())).rejects.toThrow(
      PlainDatabaseError,
    );
    const key = DataKey.generate();
    await encryptPlainDatabase(dir, key);
    const before = snapshot(dir);
    await expect(rekeyDatabase(dir, DataKey.generate(), DataKey.generate())).rejects.toThrow(
      WrongDataKeyError,
    );
    await expect(rekeyDatabase(dir, key, DataKey.from(key.reveal()))).rejects.toThrow(/same/);
    expect(snapshot(dir)).toEqual(before);
    const other = await createCore({ dataDir: dir, key });
    try {
      await expect(rekeyDatabase(dir, key, DataKey.generate())).rejects.toThrow(DatabaseInUseError);
    } finally {
      await other.close();
    }
    const again = await createCore({ dataDir: dir, key });
    await again.close();
  });
});
