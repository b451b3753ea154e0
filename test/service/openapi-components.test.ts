import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceComponents } from '../../src-main/service/http/openapi-components';
import { Alert } from '../../src-main/service/schemas/alert';
import { CreditBalance, LedgerEntry } from '../../src-main/service/schemas/billing';
import { Call } from '../../src-main/service/schemas/call';
import {
  ClinicalForm,
  FormField,
  FormResponse,
} from '../../src-main/service/schemas/clinical-form';
import { Pagination, Problem } from '../../src-main/service/schemas/common';
import { Conversation, Message } from '../../src-main/service/schemas/conversation';
import { FormSchedule } from '../../src-main/service/schemas/form-schedule';
import { Patient } from '../../src-main/service/schemas/patient';
import { Webhook, WebhookDelivery } from '../../src-main/service/schemas/webhook';
import { startServer, type TestServer } from './helpers';
import { dereference, label, normalize, operations, type Json } from './openapi-document';

/**
 * Issue 18: the resources are named schemas under components.schemas, written once and
 * referenced by every operation, so generated clients get one `Patient` type (not one per
 * operation), while the routes keep validating with the very same TypeBox schemas.
 */

const REF = '#/components/schemas/';

/** The resources of the interface spec and the service's own, by component name. */
const RESOURCES: Record<string, TSchema> = {
  Patient,
  Conversation,
  Message,
  FormSchedule,
  Call,
  ClinicalForm,
  FormField,
  FormResponse,
  CreditBalance,
  Webhook,
  Problem,
  Alert,
  WebhookDelivery,
  LedgerEntry,
  Pagination,
};

describe('named schemas', () => {
  let server: TestServer;
  let doc: Json;
  beforeAll(async () => {
    server = await startServer({ sandbox: true });
    doc = (await server.request('GET', '/openapi.json', { token: null })).body;
  });
  afterAll(() => server.close());

  it('registers each resource once under components.schemas, as the routes validate it', () => {
    for (const [name, schema] of Object.entries(RESOURCES)) {
      expect(doc.components.schemas[name], name).toBeDefined();
      expect(dereference(doc, doc.components.schemas[name]), name).toEqual(normalize(schema));
    }
  });

  it('answers every success with a reference to a component', () => {
    for (const o of operations(doc)) {
      for (const [status, response] of Object.entries<Json>(o.op.responses)) {
        if (Number(status) >= 300 || !response.content) continue;
        const schema = response.content['application/json'].schema;
        // The document itself is free-form; everything else is a named resource or page.
        if (o.op.operationId === 'getOpenApi') continue;
        expect(schema.$ref, `${label(o)} ${status}`).toMatch(/^#\/components\/schemas\/\w+$/);
      }
    }
  });

  it('shares one problem response per failure and status', () => {
    const shared = doc.components.responses;
    for (const o of operations(doc)) {
      for (const [status, response] of Object.entries<Json>(o.op.responses)) {
        if (Number(status) < 400) continue;
        expect(response.$ref, `${label(o)} ${status}`).toMatch(/^#\/components\/responses\//);
        const target = shared[response.$ref.split('/').pop()];
        expect(target.content['application/problem+json'].schema).toEqual({
          $ref: `${REF}Problem`,
        });
      }
    }
  });

  it('writes no component out a second time, in the paths or in another component', () => {
    const named = new Map(
      Object.entries<Json>(doc.components.schemas).map(([name, schema]) => [
        JSON.stringify(dereference(doc, schema)),
        name,
      ]),
    );
    const inlined: string[] = [];
    const visit = (node: Json, where: string, top: boolean): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node))
        return node.forEach((item, i) => visit(item, `${where}/${i}`, false));
      if (typeof node.$ref === 'string') return;
      const name = named.get(JSON.stringify(dereference(doc, node)));
      if (name && !top) inlined.push(`${where} is ${name}`);
      for (const [key, value] of Object.entries<Json>(node)) {
        // Data (enum values, examples) is not a schema.
        if (['enum', 'examples', 'example', 'default', 'required'].includes(key)) continue;
        visit(value, `${where}/${key}`, false);
      }
    };
    for (const o of operations(doc)) {
      for (const [status, response] of Object.entries<Json>(o.op.responses))
        visit(response.content, `${label(o)} ${status}`, false);
    }
    for (const [name, schema] of Object.entries<Json>(doc.components.schemas))
      visit(schema, `components.schemas.${name}`, true);
    expect(inlined).toEqual([]);
  });

  it('keeps request bodies and parameters inline: each belongs to one operation', () => {
    for (const o of operations(doc)) {
      expect(JSON.stringify(o.op.requestBody ?? {}), label(o)).not.toContain('$ref');
      expect(JSON.stringify(o.op.parameters ?? []), label(o)).not.toContain('$ref');
    }
  });

  it('references components by what a schema is, only where a schema is expected', () => {
    // A copy of the Patient schema is the Patient component, wherever it stands.
    const copy = JSON.parse(JSON.stringify(Patient));
    expect(referenceComponents({ type: 'array', items: copy })).toEqual({
      type: 'array',
      items: { $ref: `${REF}Patient` },
    });
    // Data that happens to look like a schema is left alone.
    expect(referenceComponents({ type: 'object', default: copy, examples: [copy] })).toEqual({
      type: 'object',
      default: copy,
      examples: [copy],
    });
    // The component itself is written out, not a reference to itself.
    expect(referenceComponents(Patient, 'Patient')).toMatchObject({ type: 'object' });
  });
});

describe('named schemas without sandbox mode', () => {
  it('leaves out the components and tags only the sandbox routes use', async () => {
    const server = await startServer({ sandbox: false });
    try {
      const doc = (await server.request('GET', '/openapi.json', { token: null })).body;
      expect(doc.components.schemas.SandboxClock).toBeUndefined();
      expect(doc.components.schemas.OutboxMessage).toBeUndefined();
      expect(doc.tags.map((t: Json) => t.name)).not.toContain('Sandbox');
      // What the remaining paths use is all there.
      expect(doc.components.schemas.Patient).toBeDefined();
      expect(() => dereference(doc, doc.paths)).not.toThrow();
    } finally {
      await server.close();
    }
  });
});
