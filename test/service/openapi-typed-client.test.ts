import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

/**
 * Issue 18: an integrator generates TypeScript from the served document with openapi-typescript
 * and writes a client with plain fetch. The generated types are checked in
 * (examples/typed-client/engage-api.d.ts, what integrators copy) and must be exactly what the
 * served document gives now; the example client type-checks against them and, run as its
 * comment says, lists the sandbox's real patients.
 *
 * After a change to the document, regenerate the file: npx vitest run <this file> -u (with -u first, vitest takes the file as its value and runs every test).
 */

const ROOT = join(import.meta.dirname, '../..');
const TYPES = join(ROOT, 'examples/typed-client/engage-api.d.ts');
const SCRIPT = join(ROOT, 'examples/typed-client/list-patients.ts');
const run = promisify(execFile);

/** The types openapi-typescript makes of `document`, as it writes them and as checked in. */
async function generate(document: unknown): Promise<{ raw: string; formatted: string }> {
  const raw = astToString(await openapiTS(document as never, { silent: true }));
  // Formatted as the repository formats code, so that the checked-in file passes its checks.
  const formatted = await format(raw, { ...(await resolveConfig(TYPES)), filepath: TYPES });
  return { raw, formatted };
}

/** The compiler's errors by file, with the options of a strict integrator project. */
function typeErrors(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    noEmit: true,
  });
  const errors = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? '(options)';
    errors.set(file, [
      ...(errors.get(file) ?? []),
      ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    ]);
  }
  return errors;
}

describe('a client typed from the OpenAPI document', () => {
  let server: TestServer;
  let document: unknown;
  let work: string;
  beforeAll(async () => {
    server = await startServer({ sandbox: true });
    document = (await server.request('GET', '/openapi.json', { token: null })).body;
    work = mkdtempSync(join(tmpdir(), 'engage-typed-client-'));
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await server.close();
  });

  it('is generated from the served document exactly as checked in', async () => {
    const { raw, formatted } = await generate(document);
    // One named type per resource (components["schemas"]["Patient"]), referenced where used.
    expect(raw).toMatch(/^ {4}schemas: \{$[^]*^ {8}Patient: \{$/m);
    expect(raw).toContain('data: components["schemas"]["Patient"][];');
    expect(raw).toContain('"application/json": components["schemas"]["PatientList"];');
    expect(raw).toContain('"X-Request-Id": components["headers"]["X-Request-Id"];');
    await expect(formatted).toMatchFileSnapshot(TYPES);
  });

  it('type-checks the example client against the types, and a wrong one fails', () => {
    // The checker really reads the generated types: a status the document does not allow.
    const wrong = join(work, 'wrong.ts');
    writeFileSync(
      wrong,
      `import type { components } from ${JSON.stringify(TYPES.replace(/\.d\.ts$/, ''))};
export const patient: components['schemas']['Patient'] = {
  id: 'pat_1', firstName: 'Ana', lastName: 'Puig', status: 'archived',
  tags: [], metadata: {}, createdAt: '', updatedAt: '',
};\n`,
    );
    const errors = typeErrors([SCRIPT, wrong]);
    expect(errors.get(wrong)?.join('\n')).toMatch(/"archived"/);
    errors.delete(wrong);
    // The example and the generated types themselves: no error at all.
    expect(Object.fromEntries(errors)).toEqual({});
  });

  it('runs and lists the real patients, page after page', async () => {
    const { core } = server.service;
    const ids: string[] = [];
    // More than one page of 100, so the example follows a cursor.
    for (let i = 0; i < 104; i++) {
      ids.push((await core.patients.create({ firstName: `Paciente${i}`, lastName: 'Prueba' })).id);
    }
    ids.push(
      (
        await core.patients.create({
          firstName: 'Núria',
          lastName: 'Puig Soler',
          email: 'nuria.puig@example.com',
          status: 'inactive',
        })
      ).id,
    );
    // Transpiled as it is, the way an integrator's build or Node's type stripping would.
    const js = ts.transpileModule(readFileSync(SCRIPT, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const script = join(work, 'list-patients.mjs');
    writeFileSync(script, js);
    const env = { ...process.env, ENGAGE_API_URL: server.url, ENGAGE_API_KEY: server.key };

    const all = await run(process.execPath, [script], { env });
    const lines = all.stdout.trim().split('\n');
    expect(lines.at(-1)).toBe('105 patients');
    // Newest first, each patient once.
    expect(lines.slice(0, -1).map((line) => line.split('  ')[0])).toEqual([...ids].reverse());
    expect(lines[0]).toBe(`${ids.at(-1)}  Núria Puig Soler  inactive  nuria.puig@example.com`);

    const found = await run(process.execPath, [script, 'nuria'], { env });
    expect(found.stdout.trim().split('\n')).toEqual([lines[0], '1 patient']);

    // A refusal is reported with the problem's status and code.
    const refused = run(process.execPath, [script], {
      env: { ...env, ENGAGE_API_KEY: 'sk_not_a_key' },
    });
    await expect(refused).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^401 invalid_token: /),
    });
  });
});
