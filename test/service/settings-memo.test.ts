import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src-main/service/store/db';
import { openPgStore } from '../../src-main/service/store/pg-store';
import { createSettingsQueries } from '../../src-main/service/store/queries/settings';
import type { Sql } from '../../src-main/service/store/sql-port';
import { createSqlitePort } from '../../src-main/service/store/sqlite-port';
import { createTestDatabase, postgresUrl } from './postgres-test-db';

/**
 * What a transaction remembers of its own reads (Sql.memo), and the settings read through it: a
 * delivery batch reads the clinic's name once, not once a job, and never a value its own
 * transaction changed or undid. On both adapters over the service's own schema (PostgreSQL when
 * a server is given), each case on a new store.
 */
const engines = [
  { name: 'SQLite', open: async () => createSqlitePort(openDb({ memory: true }).db) },
  ...(postgresUrl
    ? [{ name: 'PostgreSQL', open: async () => (await openPgStore(database!.url)).db }]
    : []),
];
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
beforeAll(async () => {
  if (postgresUrl) database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe.each(engines)('the transaction memo on $name', ({ open }) => {
  let sql: Sql;
  afterEach(async () => {
    // The PostgreSQL database outlives a case: the next one starts from the same settings.
    await sql.exec('DELETE FROM settings');
    await sql.close();
  });
  const setUp = async () => {
    sql = await open();
    await sql.exec(`INSERT INTO settings (key, value) VALUES ('clinic_name', 'Clínica Sol')`);
    return createSettingsQueries(sql);
  };
  /** Changes the row behind the settings queries' back, as nothing in the service does. */
  const behindTheBack = (value: string) =>
    sql.exec(`UPDATE settings SET value = '${value}' WHERE key = 'clinic_name'`);

  it('is one map for a transaction and its savepoints, and none outside one', async () => {
    await setUp();
    expect(sql.memo()).toBeUndefined();
    const seen: unknown[] = [];
    await sql.transaction(async () => {
      sql.memo()!.set('k', 1);
      seen.push(sql.memo());
      await sql.transaction(async () => {
        seen.push(sql.memo());
        expect(sql.memo()!.get('k')).toBe(1);
      });
    });
    expect(seen[0]).toBe(seen[1]);
    await sql.transaction(async () => {
      expect(sql.memo()!.has('k')).toBe(false);
    });
    expect(sql.memo()).toBeUndefined();
  });

  it('reads a setting once within a transaction, and every time outside one', async () => {
    const settings = await setUp();
    await sql.transaction(async () => {
      expect(await settings.get('clinic_name')).toBe('Clínica Sol');
      await behindTheBack('Otra');
      // Remembered: the transaction's first read answers, with no second round trip.
      expect(await settings.get('clinic_name')).toBe('Clínica Sol');
    });
    // Outside a transaction nothing is remembered: the row as it is now.
    expect(await settings.get('clinic_name')).toBe('Otra');
    await behindTheBack('Tercera');
    expect(await settings.get('clinic_name')).toBe('Tercera');
  });

  it('answers what the transaction itself wrote, and forgets what an undone savepoint did', async () => {
    const settings = await setUp();
    await sql.transaction(async () => {
      expect(await settings.get('clinic_name')).toBe('Clínica Sol');
      await settings.set('clinic_name', 'Clínica Mar');
      expect(await settings.get('clinic_name')).toBe('Clínica Mar');
      await expect(
        sql.transaction(async () => {
          await settings.set('clinic_name', 'Clínica Lluna');
          await settings.delete('smtp');
          expect(await settings.get('clinic_name')).toBe('Clínica Lluna');
          throw new Error('undone');
        }),
      ).rejects.toThrow('undone');
      // The savepoint's write is undone in the database and forgotten by the memo.
      expect(await settings.get('clinic_name')).toBe('Clínica Mar');
      await settings.delete('clinic_name');
      expect(await settings.get('clinic_name')).toBeUndefined();
    });
    expect(await settings.get('clinic_name')).toBeUndefined();
  });

  it('forgets everything a rolled-back transaction wrote', async () => {
    const settings = await setUp();
    await expect(
      sql.transaction(async () => {
        await settings.set('clinic_name', 'Nunca');
        expect(await settings.get('clinic_name')).toBe('Nunca');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await settings.get('clinic_name')).toBe('Clínica Sol');
    await sql.transaction(async () => {
      expect(await settings.get('clinic_name')).toBe('Clínica Sol');
    });
  });

  it('keeps a secret made within a transaction the same when read again', async () => {
    const settings = await setUp();
    await sql.transaction(async () => {
      const first = await settings.secret('jwt_secret');
      expect(first).toHaveLength(32);
      expect(await settings.secret('jwt_secret')).toEqual(first);
      expect(Buffer.from((await settings.get('jwt_secret'))!, 'base64url')).toEqual(first);
    });
  });
});
