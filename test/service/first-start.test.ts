import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import { openDb } from '../../src-main/service/store/db';
import { openPgStore } from '../../src-main/service/store/pg-store';
import { tempDataDir } from './helpers';
import { createTestDatabase, postgresUrl } from './postgres-test-db';

/**
 * A clinic's first start migrates the schema, then seeds the clinic in one transaction. A start
 * killed between the two (the demo seed takes seconds; seen with `serve` killed 3 s after it
 * began) leaves the schema and nothing else. The next start must seed it then, not take it for
 * a clinic that exists: before, it served a clinic with no patients and no credit account for
 * good (every charge: "The credit account has not been opened"). Here the cut-off start is the
 * store opened (and so migrated) and closed unseeded.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function summary(core: Core) {
  return {
    seeded: core.created,
    patients: await core.db.prepare<[], number>('SELECT count(*) FROM patients').pluck().get(),
    account: Boolean(await core.q.creditAccount.get()),
  };
}

describe('a first start cut off after the schema, before the seed', () => {
  it('is seeded by the next start, once (SQLite, the demo clinic)', async () => {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    const dataDir = join(dir, 'data');
    const cutOff = openDb({ dataDir });
    expect(cutOff.created).toBe(true);
    cutOff.db.close();

    const next = await createCore({ dataDir, seed: 'demo' });
    const first = await summary(next);
    await next.close();
    expect(first).toMatchObject({ seeded: true, account: true });
    expect(first.patients).toBeGreaterThan(100);

    const again = await createCore({ dataDir, seed: 'demo' });
    cleanups.push(() => again.close());
    expect(await summary(again)).toEqual({ ...first, seeded: false });
  });

  it.skipIf(!postgresUrl)(
    'is seeded by the next start, once, even by two at once (PostgreSQL)',
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.drop());
      const cutOff = await openPgStore(database.url);
      expect(cutOff.created).toBe(true);
      await cutOff.db.close();

      const two = await Promise.all(
        [1, 2].map(() => createCore({ databaseUrl: database.url, seed: 'empty', plan: 'starter' })),
      );
      for (const core of two) cleanups.push(() => core.close());
      const seen = await Promise.all(two.map(summary));
      expect(seen.filter((s) => s.seeded)).toHaveLength(1);
      for (const s of seen) expect(s).toMatchObject({ patients: 0, account: true });
      const ledger = await two[0]!.db
        .prepare<[], number>('SELECT count(*) FROM credit_ledger')
        .pluck()
        .get();
      // One account opened, with one grant of the plan's allowance: the second start added nothing.
      expect(ledger).toBe(1);
    },
  );
});
