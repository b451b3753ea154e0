import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src-preload/contract';
import {
  curlOf,
  endpointsOf,
  exampleOf,
} from '../../src-renderer/src/features/developer/openapi-endpoints';

const BASE = 'http://127.0.0.1:4010/api/v1';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test', version: '1' },
  components: {
    schemas: {
      Channel: { type: 'string', enum: ['whatsapp', 'email'] },
    },
  },
  paths: {
    '/health': { get: { summary: 'Service health', tags: ['Service'], security: [] } },
    '/auth/token': {
      post: {
        summary: 'Exchange an API key',
        tags: ['Authentication'],
        security: [],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['apiKey'],
                properties: { apiKey: { type: 'string', minLength: 1 } },
              },
            },
          },
        },
      },
    },
    '/patients/{id}': {
      get: { summary: 'Get a patient', tags: ['Patients'], security: [{ bearerAuth: [] }] },
      patch: {
        summary: 'Update a patient',
        tags: ['Patients'],
        security: [{ bearerAuth: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                minProperties: 1,
                properties: {
                  lastName: { type: 'string', examples: ["O'Brien Puig"] },
                  email: { type: 'string', format: 'email' },
                },
              },
            },
          },
        },
      },
    },
    '/form-schedules': {
      post: {
        summary: 'Schedule a form',
        tags: ['Form schedules'],
        security: [{ bearerAuth: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['patientId', 'channel', 'scheduledAt', 'reminders', 'phone', 'note'],
                properties: {
                  patientId: { type: 'string', maxLength: 64 },
                  channel: { $ref: '#/components/schemas/Channel' },
                  scheduledAt: {
                    anyOf: [{ type: 'null' }, { type: 'string', format: 'date-time' }],
                  },
                  reminders: { type: 'integer', minimum: 1, maximum: 3 },
                  phone: { type: 'string', description: 'E.164, e.g. +34612345678.' },
                  note: { type: 'string', default: 'Gracias' },
                  ignored: { type: 'boolean' },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('endpoints and curl commands from the OpenAPI document', () => {
  it('lists every operation with its method, path, summary, tag and whether it needs a key', () => {
    const endpoints = endpointsOf(document);
    expect(endpoints.map((e) => [e.id, e.tag, e.authenticated])).toEqual([
      ['GET /health', 'Service', false],
      ['POST /auth/token', 'Authentication', false],
      ['GET /patients/{id}', 'Patients', true],
      ['PATCH /patients/{id}', 'Patients', true],
      ['POST /form-schedules', 'Form schedules', true],
    ]);
    expect(endpoints[0]!.body).toBeUndefined();
  });

  it('builds an example body from examples, enums behind $ref, formats, bounds and hints', () => {
    const schedule = endpointsOf(document).find((e) => e.id === 'POST /form-schedules')!;
    expect(schedule.body).toEqual({
      patientId: 'patientId',
      channel: 'whatsapp',
      scheduledAt: '2026-01-15T09:00:00.000Z',
      reminders: 1,
      phone: '+34612345678',
      note: 'Gracias',
    });
    // With nothing required, the first property stands for the body.
    const patch = endpointsOf(document).find((e) => e.id === 'PATCH /patients/{id}')!;
    expect(patch.body).toEqual({ lastName: "O'Brien Puig" });
    expect(exampleOf({ type: 'array', items: { type: 'string', enum: ['a'] } }, document)).toEqual([
      'a',
    ]);
    expect(exampleOf({ type: 'number', maximum: 0 }, document)).toBe(0);
  });

  it('writes curl with the full URL, the key from $ENGAGE_API_KEY and the body', () => {
    const [health, token, get, patch, schedule] = endpointsOf(document);
    expect(curlOf(health!, BASE)).toBe(`curl '${BASE}/health'`);
    expect(curlOf(get!, `${BASE}/`)).toBe(
      `curl --globoff '${BASE}/patients/{id}' \\\n  -H "Authorization: Bearer $ENGAGE_API_KEY"`,
    );
    expect(curlOf(schedule!, BASE)).toContain(`curl -X POST '${BASE}/form-schedules' \\\n`);
    expect(curlOf(patch!, BASE)).toBe(
      [
        `curl -X PATCH --globoff '${BASE}/patients/{id}'`,
        '-H "Authorization: Bearer $ENGAGE_API_KEY"',
        "-H 'Content-Type: application/json'",
        `-d '{"lastName":"O'\\''Brien Puig"}'`,
      ].join(' \\\n  '),
    );
    // The token exchange needs no Authorization header and takes the key into its body.
    expect(curlOf(token!, BASE)).toBe(
      [
        `curl -X POST '${BASE}/auth/token'`,
        "-H 'Content-Type: application/json'",
        '-d "{\\"apiKey\\":\\"$ENGAGE_API_KEY\\"}"',
      ].join(' \\\n  '),
    );
  });

  it('is a command a shell reads back exactly: quotes survive and the key is expanded', () => {
    const endpoints = endpointsOf(document);
    // `printf '%s\n'` stands in for curl: each argument as the shell passed it.
    const argv = (command: string, key = 'sk_test$`"\\') =>
      execFileSync('bash', ['-c', command.replace(/^curl /, "printf '%s\\n' ")], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ENGAGE_API_KEY: key },
      })
        .toString()
        .trimEnd()
        .split('\n');
    const patch = argv(
      curlOf(
        endpoints.find((e) => e.id === 'PATCH /patients/{id}')!,
        BASE,
      ),
    );
    expect(patch.at(-1)).toBe('{"lastName":"O\'Brien Puig"}');
    expect(patch).toContain('Authorization: Bearer sk_test$`"\\');
    // API keys are sk_ and base62 letters, which JSON takes as they are.
    const key = 'sk_7Hq2LmN9pQ4rS8tV1wX5yZ3aB6cD0eF2gH4iJ6kL8m';
    const token = argv(
      curlOf(
        endpoints.find((e) => e.id === 'POST /auth/token')!,
        BASE,
      ),
      key,
    );
    expect(JSON.parse(token.at(-1)!)).toEqual({ apiKey: key });
  });
});
