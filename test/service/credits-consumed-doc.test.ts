import { afterAll, beforeAll, expect, it } from 'vitest';
import { formFixture, startServer, type TestServer } from './helpers';

/*
 * Issue 18 part 7: the spec types `creditsConsumed` of a message exchange as an integer; the
 * OpenAPI document said `number` (TypeBox writes Literal(1) as a JSON number). Every
 * `creditsConsumed` the document describes is an integer now.
 */

let server: TestServer;
let doc: any;
beforeAll(async () => {
  server = await startServer();
  doc = (await server.request('GET', '/openapi.json', { token: null })).body;
});
afterAll(() => server.close());

/** A schema with local `$ref`s (`#/components/…`) followed. */
function deref(schema: any): any {
  let s = schema;
  while (s && typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce((node: any, key: string) => node?.[key], doc);
  }
  return s;
}

const responseSchema = (path: string, method: string, status: string) =>
  deref(deref(doc.paths[path][method].responses[status]).content['application/json'].schema);

it('documents creditsConsumed of a message exchange as the integer 1', () => {
  const exchange = responseSchema('/conversations/{id}/messages', 'post', '200');
  const credits = deref(exchange.properties.creditsConsumed);
  expect(credits.type).toBe('integer');
  // const 1, or the enum [1] @fastify/swagger writes for it.
  expect(credits.const ?? credits.enum?.[0]).toBe(1);
  expect(exchange.required).toContain('creditsConsumed');
});

it('documents every creditsConsumed in the document as an integer', () => {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: any, where: string) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (node.properties?.creditsConsumed) {
      const credits = deref(node.properties.creditsConsumed);
      expect(credits.type, where).toBe('integer');
      found.push(where);
    }
    for (const [key, child] of Object.entries(node)) walk(child, `${where}/${key}`);
  };
  walk(doc, '#');
  // Conversations, message exchanges, schedules and calls at least.
  expect(found.length).toBeGreaterThanOrEqual(4);
});

it('answers an exchange with the integer 1', async () => {
  const { patientId } = await formFixture(server);
  const started = await server.request('POST', '/conversations', {
    body: { patientId, context: 'Seguimiento tras la consulta' },
  });
  expect(started.status, started.text).toBe(201);
  const sent = await server.request('POST', `/conversations/${started.body.id}/messages`, {
    body: { content: 'Hoy me encuentro mejor.' },
  });
  expect(sent.status, sent.text).toBe(200);
  expect(sent.body.creditsConsumed).toBe(1);
  expect(sent.text).toMatch(/"creditsConsumed":1[,}]/);
});
