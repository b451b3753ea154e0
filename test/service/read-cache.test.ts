import Database from 'better-sqlite3-multiple-ciphers';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/service/store/db';
import { createReadCache } from '../../src-main/service/store/read-cache';
import { createSqlitePort } from '../../src-main/service/store/sqlite-port';
import { startServer, tempDataDir, type TestServer } from './helpers';

// The read caches (list pages, search totals, API keys) must never answer from before a write,
// whoever made it: the service, raw SQL on the same connection, or another process.
describe('read caches', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function server(): Promise<{ s: TestServer; other: Database.Database }> {
    const { dir, cleanup } = tempDataDir();
    const s = await startServer({ dataDir: dir, seed: 'demo' });
    const other = new Database(join(dir, DB_FILE_NAME));
    cleanups.push(
      cleanup,
      () => s.close(),
      () => void other.close(),
    );
    return { s, other };
  }

  it('a cached page reflects a write made through the API', async () => {
    const { s } = await server();
    const before = await s.request('GET', '/patients?limit=1');
    await s.request('GET', '/patients?limit=1');
    const created = await s.request('POST', '/patients', {
      body: { firstName: 'Zoe', lastName: 'Nova' },
    });
    const after = await s.request('GET', '/patients?limit=1');
    expect(after.body.total).toBe(before.body.total + 1);
    expect(after.body.data[0].id).toBe(created.body.id);
  });

  it('a cached page reflects raw SQL on the service connection', async () => {
    const { s } = await server();
    const page = await s.request('GET', '/patients?limit=1');
    const id = page.body.data[0].id;
    await s.service.core.db.prepare("UPDATE patients SET first_name = 'Raw' WHERE id = ?").run(id);
    const again = await s.request('GET', '/patients?limit=1');
    expect(again.body.data[0].firstName).toBe('Raw');
  });

  it('a cached page and search total reflect a commit by another connection', async () => {
    const { s, other } = await server();
    const search = await s.request('GET', '/patients?search=zzyzx');
    expect(search.body.total).toBe(0);
    const first = (await s.request('GET', '/patients?limit=1')).body.data[0];
    // As another Engage Desk process would write it: the search text comes with the name.
    other
      .prepare("UPDATE patients SET first_name = 'Zzyzx', search_text = 'zzyzx' WHERE id = ?")
      .run(first.id);
    expect((await s.request('GET', '/patients?search=zzyzx')).body.total).toBe(1);
    expect((await s.request('GET', '/patients?limit=1')).body.data[0].firstName).toBe('Zzyzx');
  });

  it('a key revoked by another connection stops working at once', async () => {
    const { s, other } = await server();
    const key = await s.keyWith('patients:read');
    expect((await s.request('GET', '/patients?limit=1', { token: key })).status).toBe(200);
    const token = (await s.request('POST', '/auth/token', { body: { apiKey: key }, token: null }))
      .body.accessToken;
    expect((await s.request('GET', '/patients?limit=1', { token })).status).toBe(200);
    other
      .prepare("UPDATE api_keys SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE name = ?")
      .run('only patients:read');
    expect((await s.request('GET', '/patients?limit=1', { token: key })).status).toBe(401);
    expect((await s.request('GET', '/patients?limit=1', { token })).status).toBe(401);
  });

  it('the change token moves with every write and only then', async () => {
    const db = createSqlitePort(new Database(':memory:'));
    await db.exec('CREATE TABLE t (x)');
    const token = () => db.changeToken();
    const cache = createReadCache<number>(token, 2);
    let computed = 0;
    const read = () => cache.get('k', async () => ++computed);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    await db.prepare('INSERT INTO t VALUES (1)').run();
    expect(await read()).toBe(2);
    await db.prepare('SELECT * FROM t').all();
    expect(await read()).toBe(2);
    // A bounded cache: the oldest entry makes room.
    await cache.get('a', async () => 10);
    await cache.get('b', async () => 11);
    expect(await cache.get('k', async () => 99)).toBe(99);
    await db.close();
  });

  it('an uncounted statement (the audit trail) leaves the token alone, alone or beside a counted one', async () => {
    const db = createSqlitePort(new Database(':memory:'));
    await db.exec('CREATE TABLE t (x)');
    const insert = db.prepare('INSERT INTO t VALUES (1)');
    const quiet = db.prepare('INSERT INTO t VALUES (2)').uncounted();
    const seen = [db.changeToken()];
    await quiet.run();
    expect(db.changeToken()).toBe(seen[0]);
    await db.transaction(async () => {
      await quiet.run();
      await insert.run();
      await quiet.run();
      expect(db.changeToken()).toBe(seen[0]);
    });
    seen.push(db.changeToken());
    expect(seen[1]).not.toBe(seen[0]);
    await db.transaction(() => quiet.run());
    expect(db.changeToken()).toBe(seen[1]);
    await insert.run();
    expect(seen).not.toContain(db.changeToken());
    await db.close();
  });
});
