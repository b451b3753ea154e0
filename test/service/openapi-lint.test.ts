import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintFromString, loadConfig, parseYaml } from '@redocly/openapi-core';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

/**
 * Issue 18: the served document passes the linters integrators run (Redocly's recommended rules
 * and all of Spectral's OpenAPI rules) with no error and no warning. The configuration is the
 * one checked in at the root (redocly.yaml with .redocly.lint-ignore.yaml, .spectral.yaml),
 * where each rule switched off, and each problem ignored, says why.
 */

const ROOT = join(import.meta.dirname, '../..');
/** The name the documents are linted under, which the Redocly ignore file refers to. */
const DOCUMENT = join(ROOT, 'openapi.json');

const { Spectral, Document } = spectralCore;

/** .spectral.yaml as a ruleset object: `spectral:oas` is the one ruleset it may extend. */
function spectralRuleset(withOverrides = true): RulesetDefinition & { rules?: object } {
  const config = parseYaml(readFileSync(join(ROOT, '.spectral.yaml'), 'utf8')) as {
    extends: [string, string][];
    rules?: Record<string, string>;
  };
  const keys = Object.keys(config).filter((key) => key !== 'extends' && key !== 'rules');
  if (keys.length) throw new Error(`.spectral.yaml: this test does not read ${keys.join(', ')}`);
  return {
    extends: config.extends.map(([name, set]) => {
      if (name !== 'spectral:oas') throw new Error(`.spectral.yaml extends ${name}`);
      return [oas, set as 'all' | 'recommended'];
    }),
    ...(withOverrides && config.rules ? { rules: config.rules } : {}),
  } as RulesetDefinition & { rules?: object };
}

async function spectral(text: string, ruleset = spectralRuleset()) {
  const linter = new Spectral();
  linter.setRuleset(ruleset);
  const results = await linter.run(new Document(text, Parsers.Json, DOCUMENT));
  return results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
}

async function redocly(text: string) {
  const config = await loadConfig({ configPath: join(ROOT, 'redocly.yaml') });
  const problems = await lintFromString({ source: text, absoluteRef: DOCUMENT, config });
  return {
    reported: problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`),
    ignored: problems.filter((p) => p.ignored).map((p) => `${p.ruleId} ${p.location[0]?.pointer}`),
  };
}

describe('the served OpenAPI document passes the linters', () => {
  const servers: TestServer[] = [];
  const texts: Record<'sandbox' | 'noSandbox', string> = { sandbox: '', noSandbox: '' };
  beforeAll(async () => {
    for (const [name, sandbox] of [
      ['sandbox', true],
      ['noSandbox', false],
    ] as const) {
      const server = await startServer({ sandbox });
      servers.push(server);
      texts[name] = (await server.request('GET', '/openapi.json', { token: null })).text;
    }
  });
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  for (const name of ['sandbox', 'noSandbox'] as const) {
    it(`Redocly recommended: nothing reported (${name})`, async () => {
      const { reported, ignored } = await redocly(texts[name]);
      expect(reported).toEqual([]);
      // The ignore file lists what is right as it is, and nothing that no longer occurs.
      expect(ignored).toEqual(['operation-4xx-response #/paths/~1health/get/responses']);
    });

    it(`Spectral oas (all rules): nothing reported (${name})`, async () => {
      expect(await spectral(texts[name])).toEqual([]);
    });
  }

  it('switches off only Spectral rules that would otherwise report something', async () => {
    const off = Object.keys(spectralRuleset().rules ?? {});
    expect(off.length).toBeGreaterThan(0);
    const without = await spectral(texts.sandbox, spectralRuleset(false));
    for (const rule of off) expect(without.join('\n'), rule).toContain(`${rule} at`);
  });

  it('reports a broken document (the linters really run)', async () => {
    const broken = JSON.parse(texts.sandbox);
    delete broken.paths['/patients'].get.operationId;
    broken.paths['/patients'].get.responses['200'].content['application/json'].schema = {
      $ref: '#/components/schemas/Nobody',
    };
    const text = JSON.stringify(broken);
    expect((await redocly(text)).reported.join('\n')).toMatch(/no-unresolved-refs/);
    expect((await spectral(text)).join('\n')).toMatch(/operation-operationId/);
  });
});
