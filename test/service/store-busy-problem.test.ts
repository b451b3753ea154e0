import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { StoreBusyError } from '../../src-main/service/errors';
import { isFinal } from '../../src-main/service/http/idempotency';
import { installProblemHandlers } from '../../src-main/service/http/problems';

/**
 * A write PostgreSQL kept refusing as not serializable (store/pg-port.ts ran it as often as it
 * may): the client is told the service is busy, when to send again, and that nothing was
 * written, never a 500 that reads as a bug; its Idempotency-Key is free to be sent again.
 */
describe('a transaction the store could not place', () => {
  it('answers 503 service_busy with Retry-After, and is not the final answer to its key', async () => {
    const app = Fastify();
    installProblemHandlers(app);
    app.post('/spend', async () => {
      throw new StoreBusyError(
        30,
        Object.assign(new Error('could not serialize'), { code: '40001' }),
      );
    });
    const res = await app.inject({ method: 'POST', url: '/spend' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ status: 503, code: 'service_busy' });
    // No internals: not PostgreSQL's message, not its code.
    expect(JSON.stringify(body)).not.toMatch(/serializ|40001/);
    expect(isFinal(503, res.body)).toBe(false);
    await app.close();
  });
});
