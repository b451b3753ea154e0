import { describe, expect, it } from 'vitest';
import { expectProblem, serversClosedAfterEach } from './helpers';

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-22T09:00:00.000Z'));

describe('GET /patients?tag=', () => {
  it('lists the patients carrying the tag, with total, search, status and paging', async () => {
    const server = await newServer();
    const make = async (firstName: string, tags: string[], status = 'active') =>
      (
        await server.request('POST', '/patients', {
          body: { firstName, lastName: 'Test', tags, status },
        })
      ).body.id;
    const ana = await make('Ana', ['diabetes']);
    const joan = await make('Joan', ['diabetes', 'post-op']);
    await make('Marta', ['post-op']);
    const pau = await make('Pau', ['diabetes'], 'inactive');

    const all = await server.request('GET', '/patients?tag=diabetes');
    expect(all.body.data.map((p: any) => p.id)).toEqual([pau, joan, ana]);
    expect(all.body.total).toBe(3);
    const active = await server.request('GET', '/patients?tag=diabetes&status=active');
    expect(active.body.total).toBe(2);
    const searched = await server.request('GET', '/patients?tag=diabetes&search=joa');
    expect(searched.body.data.map((p: any) => p.id)).toEqual([joan]);
    expect(searched.body.total).toBe(1);
    // Two characters: the LIKE scan instead of the trigram index.
    const short = await server.request('GET', '/patients?tag=diabetes&search=pa');
    expect(short.body.data.map((p: any) => p.id)).toEqual([pau]);
    expect(short.body.total).toBe(1);
    expect((await server.request('GET', '/patients?tag=Diabetes')).body.total).toBe(0);

    const first = await server.request('GET', '/patients?tag=diabetes&limit=2');
    expect(first.body.pagination.hasMore).toBe(true);
    const second = await server.request(
      'GET',
      `/patients?tag=diabetes&limit=2&cursor=${first.body.pagination.cursor}`,
    );
    expect(second.body.data.map((p: any) => p.id)).toEqual([ana]);
    // The cursor is bound to the tag.
    expectProblem(
      await server.request(
        'GET',
        `/patients?tag=post-op&limit=2&cursor=${first.body.pagination.cursor}`,
      ),
      400,
      'invalid_cursor',
    );
    expectProblem(
      await server.request('GET', `/patients?limit=2&cursor=${first.body.pagination.cursor}`),
      400,
      'invalid_cursor',
    );
  });

  it('refuses an empty or overlong tag', async () => {
    const server = await newServer();
    expectProblem(await server.request('GET', '/patients?tag='), 422, 'validation_failed');
    expectProblem(
      await server.request('GET', `/patients?tag=${'x'.repeat(51)}`),
      422,
      'validation_failed',
    );
  });

  it('is documented in the OpenAPI document', async () => {
    const server = await newServer();
    const doc = await server.request('GET', '/openapi.json');
    const params = doc.body.paths['/patients'].get.parameters.map((p: any) => p.name);
    expect(params).toContain('tag');
  });
});
