import SwaggerParser from '@apidevtools/swagger-parser';
import Fastify from 'fastify';
import { Type } from 'typebox';
import {
  installResponseCheck,
  type ResponseViolation,
} from '../../src-main/service/http/response-check';
import { problemResponse } from '../../src-main/service/http/route-docs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

type Json = any;

/**
 * Issue 8 §6: the served OpenAPI document passes a well-kept validator
 * (@apidevtools/swagger-parser, which checks OpenAPI 3.1 against the official schema and then
 * the rules a schema cannot state: unique operationIds, path parameters declared and used, ...).
 */
describe('OpenAPI document validity', () => {
  let server: TestServer;
  let doc: Json;
  beforeAll(async () => {
    // Sandbox on: the document then lists every route, the /sandbox ones included.
    server = await startServer({ sandbox: true });
    const res = await server.request('GET', '/openapi.json', { token: null });
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => server.close());

  it('validates with @apidevtools/swagger-parser without errors', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    // validate() dereferences in place: give it a copy.
    const api = (await SwaggerParser.validate(structuredClone(doc))) as Json;
    expect(api.info.version).toBe('1.0.0');
    expect(Object.keys(api.paths).length).toBe(Object.keys(doc.paths).length);
  });

  it('documents every status the fuzzer can provoke: 400 on bodies, 422 on path parameters', () => {
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        const label = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(op.responses);
        if (op.requestBody)
          expect(statuses, label).toEqual(expect.arrayContaining(['400', '413', '415', '422']));
        if ((op.parameters ?? []).length) expect(statuses, label).toContain('422');
        // A POST or DELETE without a documented body still answers a body it cannot take.
        if (['post', 'delete'].includes(method) && !op.requestBody && op.security?.length)
          expect(statuses, label).toEqual(expect.arrayContaining(['413', '415']));
      }
    }
  });

  it('fails on a broken document (the validator is really checking)', async () => {
    const broken = structuredClone(doc);
    delete broken.info.version;
    broken.paths['/patients/{id}'].get.parameters[0].in = 'body';
    await expect(SwaggerParser.validate(broken)).rejects.toThrow();
  });
});

describe('the response contract check', () => {
  /** A tiny app with the check on: one route that declares a shape and can break it. */
  async function appWithCheck() {
    const violations: ResponseViolation[] = [];
    const app = Fastify();
    installResponseCheck(app, 'in-memory', (v) => violations.push(v));
    const Thing = Type.Object(
      { id: Type.String(), n: Type.Integer() },
      { additionalProperties: false },
    );
    app.get<{ Querystring: { mode?: string } }>(
      '/api/v1/things',
      { schema: { response: { 200: Thing, 404: problemResponse(404) } } },
      async (request, reply) => {
        const mode = request.query.mode;
        // Pre-rendered JSON text, as the list routes send it: no serializer stands in the way.
        if (mode === 'good') return reply.type('application/json').send('{"id":"a","n":1}');
        if (mode === 'extra') return reply.type('application/json').send('{"id":"a","n":1,"x":2}');
        if (mode === 'wrong') return reply.type('application/json').send('{"id":"a","n":"1"}');
        if (mode === 'problem')
          return reply
            .code(404)
            .type('application/problem+json')
            .send('{"code":"resource_missing"}');
        return reply.code(409).type('application/problem+json').send('{}');
      },
    );
    await app.ready();
    return { app, violations };
  }

  it('passes a response that matches and reports each kind of mismatch', async () => {
    const { app, violations } = await appWithCheck();
    const get = (mode: string) => app.inject({ method: 'GET', url: `/api/v1/things?mode=${mode}` });
    await get('good');
    expect(violations).toEqual([]);
    for (const mode of ['extra', 'wrong', 'problem', 'undeclared']) await get(mode);
    expect(violations.map((v) => [v.status, v.problem])).toEqual([
      [200, 'the body does not match the declared schema'],
      [200, 'the body does not match the declared schema'],
      [404, 'the body does not match the declared schema'],
      [409, 'status 409 is not declared by the route'],
    ]);
    await app.close();
  });

  it('is off when the variable is empty or unset', async () => {
    const app = Fastify();
    const seen: ResponseViolation[] = [];
    installResponseCheck(app, '', (v) => seen.push(v));
    app.get('/api/v1/x', { schema: { response: { 200: Type.Object({}) } } }, async () => 'nope');
    await app.inject({ method: 'GET', url: '/api/v1/x' });
    expect(seen).toEqual([]);
    await app.close();
  });
});
