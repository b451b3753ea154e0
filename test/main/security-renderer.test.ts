import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cspMetaTag } from '../../src-main/csp-meta-plugin';
import { contentSecurityPolicy } from '../../src-main/content-security-policy';

/*
 * The renderer's side of issue 8 part 5, beyond session-security.test.ts and window.test.ts
 * (which assert the CSP header, the permission handler, contextIsolation/sandbox/no Node and the
 * navigation guards): the built pages carry the policy as a meta tag with no 'unsafe-eval' and no
 * inline scripts, and the renderer's code never reaches Electron or Node, touching the preload's
 * `window.engage` in main.tsx only.
 */

const repo = fileURLToPath(new URL('../..', import.meta.url));

function metaPolicy(html: string): string | undefined {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return match?.[1]
    ?.replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

function expectStrict(policy: string | undefined): void {
  expect(policy).toBeDefined();
  expect(policy).not.toContain('unsafe-eval');
  const script = policy!
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src'));
  expect(script).toBe("script-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("default-src 'self'");
}

describe('the CSP in the built pages', () => {
  it('is what the build plugin writes: the meta form of the policy, first in <head>', () => {
    const plugin = cspMetaTag();
    const transform = plugin.transformIndexHtml as () => Array<{
      tag: string;
      attrs: Record<string, string>;
      injectTo: string;
    }>;
    const [tag] = transform();
    expect(tag).toMatchObject({ tag: 'meta', injectTo: 'head-prepend' });
    expect(tag!.attrs['http-equiv']).toBe('Content-Security-Policy');
    expect(tag!.attrs.content).toBe(contentSecurityPolicy({ target: 'meta' }));
    expectStrict(tag!.attrs.content);
    expect(plugin.apply).toBe('build');
  });

  // `npm test` builds both windows before vitest runs (`npm run build`, `npm run build:web`).
  for (const [name, file] of [
    ['Electron', 'out/renderer/index.html'],
    ['web mode', 'out/web/index.html'],
  ] as const) {
    it(`${name}: ${file} carries it, with no inline script`, () => {
      const html = readFileSync(join(repo, file), 'utf8');
      expectStrict(metaPolicy(html));
      expect(metaPolicy(html)).toBe(contentSecurityPolicy({ target: 'meta' }));
      // Before anything else can run: the policy precedes every script.
      expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        ([, attrs, body]) => !/\bsrc=/.test(attrs!) || body!.trim() !== '',
      );
      expect(inline).toEqual([]);
    });
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(path) ? [path] : [];
  });
}

/** The code without comments (good enough for a scan: strings stay). */
const code = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('the renderer code (src-renderer)', () => {
  const root = join(repo, 'src-renderer');
  const files = sourceFiles(root).map((file) => ({
    file: relative(repo, file),
    text: code(readFileSync(file, 'utf8')),
  }));

  it('is scanned at all', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.map((f) => f.file)).toContain('src-renderer/src/main.tsx');
  });

  it('never imports electron, Node built-ins or the main process', () => {
    const imports = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g;
    const offenders = files.flatMap(({ file, text }) =>
      [...text.matchAll(imports)]
        .map((m) => m[1]!)
        .filter(
          (spec) =>
            spec === 'electron' ||
            spec.startsWith('electron/') ||
            spec.startsWith('node:') ||
            /^(fs|path|child_process|os|net|http|https|crypto)$/.test(spec) ||
            /src-main\//.test(spec),
        )
        .map((spec) => `${file}: ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('touches window.engage (the preload) in main.tsx only', () => {
    const touching = files.filter(({ text }) =>
      /\bwindow\s*(\.\s*engage|\[\s*['"]engage['"]\s*\])/.test(text),
    );
    expect(touching.map((f) => f.file)).toEqual(['src-renderer/src/main.tsx']);
  });

  it('has no eval, new Function or string timers (the CSP forbids them anyway)', () => {
    const offenders = files.filter(({ text }) =>
      /\beval\s*\(|new\s+Function\s*\(|set(Timeout|Interval)\s*\(\s*['"`]/.test(text),
    );
    expect(offenders.map((f) => f.file)).toEqual([]);
  });
});
