import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, formFixture, startServer, type TestServer } from './helpers';
import { label, operations, type Json } from './openapi-document';

/**
 * What the OpenAPI document says about itself and its limits (issue 18): licence and contact,
 * a described tag for every tag an operation uses, and the limits the code enforces that JSON
 * Schema cannot state, written where integrators read them.
 */
describe('the document describes itself', () => {
  let server: TestServer;
  let doc: Json;
  beforeAll(async () => {
    server = await startServer({ sandbox: true });
    doc = (await server.request('GET', '/openapi.json', { token: null })).body;
  });
  afterAll(() => server.close());

  it('has a licence and a contact', () => {
    expect(doc.info.license.name).toEqual(expect.any(String));
    // OpenAPI 3.1: an SPDX identifier or a URL, never both.
    expect(Boolean(doc.info.license.identifier) !== Boolean(doc.info.license.url)).toBe(true);
    expect(doc.info.contact.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it('declares every tag an operation uses, once, with a description', () => {
    const declared: string[] = doc.tags.map((tag: Json) => tag.name);
    expect(new Set(declared).size).toBe(declared.length);
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\w+/);
    const used = new Set(operations(doc).flatMap((o) => o.op.tags as string[]));
    for (const o of operations(doc))
      for (const tag of o.op.tags) expect(declared, `${label(o)} tag ${tag}`).toContain(tag);
    // And declares none that no operation uses.
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
  });

  it('describes every parameter', () => {
    for (const o of operations(doc))
      for (const p of o.op.parameters ?? [])
        expect(p.description, `${label(o)} ${p.in} ${p.name}`).toMatch(/\w+/);
  });
});

describe("scheduledAt's limits, as documented and as enforced", () => {
  let server: TestServer;
  let description: string;
  beforeAll(async () => {
    server = await startServer({ sandbox: true });
    const doc = (await server.request('GET', '/openapi.json', { token: null })).body;
    description =
      doc.paths['/form-schedules'].post.requestBody.content['application/json'].schema.properties
        .scheduledAt.description;
  });
  afterAll(() => server.close());

  /** A number the description states, by the words around it. */
  const stated = (pattern: RegExp) => {
    const match = pattern.exec(description);
    if (!match) throw new Error(`the description does not state ${pattern}: ${description}`);
    return Number(match[1]);
  };

  it('accepts exactly the window the description states', async () => {
    const daysAhead = stated(/at most (\d+) days ahead/i);
    const minutesPast = stated(/up to (\d+) minutes in the past/i);
    const { formId, patientId } = await formFixture(server);
    const now = Date.parse((await server.request('GET', '/sandbox/clock')).body.now);
    // A few seconds either side of each bound: the clock runs while the requests travel.
    const at = (ms: number) =>
      server.request('POST', '/form-schedules', {
        body: { formId, patientId, channel: 'email', scheduledAt: new Date(ms).toISOString() },
      });
    const day = 86_400_000;
    expect((await at(now + daysAhead * day - 10_000)).status).toBe(201);
    const late = await at(now + daysAhead * day + 10_000);
    expectProblem(late, 422, 'validation_failed');
    expect(late.body.errors).toEqual([expect.objectContaining({ pointer: '/scheduledAt' })]);
    expect((await at(now - minutesPast * 60_000 + 10_000)).status).toBe(201);
    const early = await at(now - minutesPast * 60_000 - 10_000);
    expectProblem(early, 422, 'validation_failed');
    expect(early.body.errors).toEqual([expect.objectContaining({ pointer: '/scheduledAt' })]);
  });
});
