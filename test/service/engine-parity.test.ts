import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../src-main/service/create-service';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { createTestDatabase, postgresUrl } from './postgres-test-db';

/**
 * The same clinic on both engines answers every read of the API with the same bytes. Both
 * services start from the demo seed with a frozen clock and the same sequence of id randomness,
 * so every record has the same id on each; then every GET route of the OpenAPI document is asked
 * on both, lists and each record of them, and the bodies compared as text. Only the pagination
 * cursors differ (each database signs them with its own secret), and they are compared as
 * present or absent.
 */
const T0 = Date.parse('2026-11-02T09:30:00.000Z');

/** A small, seeded generator (mulberry32): the same ids on both engines. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Side {
  service: Service;
  key: string;
}

async function start(database: { databaseUrl: string } | { memory: true }): Promise<Side> {
  const service = await createService({
    ...database,
    seed: 'demo',
    host: '127.0.0.1',
    port: 0,
    rateLimit: 'off',
    sandbox: true,
    realNow: () => T0,
    idRandom: seeded(21),
  });
  const key = (await service.core.apiKeys.create({ name: 'parity', permissions: PERMISSIONS })).key;
  return { service, key };
}

async function get(side: Side, path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${side.service.url}${path}`, {
    headers: { authorization: `Bearer ${side.key}` },
  });
  const text = (await response.text()).replace(/"cursor":"[^"]*"/g, '"cursor":"…"');
  return { status: response.status, text };
}

describe.skipIf(!postgresUrl)(
  'the same clinic on SQLite and on PostgreSQL',
  { timeout: 120_000 },
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let sqlite: Side;
    let postgres: Side;
    beforeAll(async () => {
      database = await createTestDatabase();
      sqlite = await start({ memory: true });
      postgres = await start({ databaseUrl: database.url });
    }, 120_000);
    afterAll(async () => {
      await sqlite?.service.close();
      await postgres?.service.close();
      await database?.drop();
    });

    it('answers every GET route, lists and records, with the same bytes', async () => {
      const document = (await (await fetch(`${sqlite.service.url}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const compared: string[] = [];
      const differences: string[] = [];
      const compare = async (path: string) => {
        const [a, b] = await Promise.all([get(sqlite, path), get(postgres, path)]);
        compared.push(path);
        if (a.status !== b.status || a.text !== b.text)
          differences.push(
            `${path}\n  sqlite   ${a.status} ${a.text.slice(0, 400)}\n  postgres ${b.status} ${b.text.slice(0, 400)}`,
          );
        return a;
      };
      const gets = Object.entries(document.paths)
        .filter(([, operations]) => 'get' in operations)
        .map(([path]) => path)
        .filter((path) => !path.startsWith('/sandbox') && path !== '/openapi.json');
      const collections = gets.filter((path) => !path.includes('{'));
      for (const collection of collections) {
        const list = await compare(`${collection}${collection.includes('?') ? '&' : '?'}limit=100`);
        let ids: string[];
        try {
          const body = JSON.parse(list.text) as { data?: Array<{ id?: string }> };
          ids = (body.data ?? []).map((item) => item.id).filter((id): id is string => !!id);
        } catch {
          continue;
        }
        // Each record of the list through its own route, and the routes below it.
        for (const route of gets.filter((p) => p.startsWith(`${collection}/{`))) {
          if ((route.match(/\{/g) ?? []).length !== 1) continue;
          for (const id of ids.slice(0, 25)) await compare(route.replace(/\{[^}]+\}/, id));
        }
      }
      expect(differences).toEqual([]);
      // The comparison is not empty: the demo clinic's lists and records were all there.
      expect(compared.length).toBeGreaterThan(100);
    });
  },
);
