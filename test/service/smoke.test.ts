import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

describe('smoke', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ seed: 'demo' });
  });
  afterAll(() => server.close());

  it('serves the demo clinic', async () => {
    const res = await server.request('GET', '/patients?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.total).toBe(240);
  });
});
