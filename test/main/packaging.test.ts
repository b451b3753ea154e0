import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What the installer and `npx engage-desk` ship: package.json `dependencies` are installed beside
 * the app (electron-builder) and the CLI bundle (npm), and both bundles leave them external
 * (electron-vite externalises exactly `dependencies` in main and the preload; vite.cli.config.ts
 * every bare import). The renderer is one Vite bundle, so its libraries are devDependencies:
 * in `dependencies` they would ship twice. Read from the sources (no build needed): the runtime
 * import graph of Electron main, the preload and the CLI, type-only imports left out.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Entry points that run from node_modules: Electron main, the preload and the CLI. */
const RUNTIME_ENTRIES = ['src-main/index.ts', 'src-preload/index.ts', 'src-main/cli.ts'];
const RENDERER_ENTRY = 'src-renderer/src/main.tsx';

/** Bare imports main and the CLI may make without a `dependencies` entry, and why. */
const PROVIDED: Record<string, string> = {
  electron: 'the Electron runtime itself (electron-builder wants it in devDependencies)',
};
/** Runtime imports outside `dependencies` allowed in one file only, and why. */
const DEV_ONLY: Record<string, string> = {
  'src-main/cli/web-command.ts vite':
    '`engage-desk web --dev`: the Vite dev server, imported on demand in a checkout only',
};

const NODE_BUILTINS = new Set(builtinModules);
const isBuiltin = (spec: string) => spec.startsWith('node:') || NODE_BUILTINS.has(spec);
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

interface BareImport {
  file: string;
  pkg: string;
}

/** The runtime imports of one file: import/export declarations that are not type-only, import(). */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import type {…}` is erased; `import { type A }` is not (verbatimModuleSyntax keeps it).
      if (!node.importClause?.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  if (/\.(sql|css|svg|txt|json|html)$/.test(base)) return undefined; // assets, no imports
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  if (!found) throw new Error(`${relative(REPO, from)}: cannot resolve '${spec}'`);
  return found;
}

/** Every bare runtime import reachable from `entries` through relative imports. */
function bareImports(entries: string[]): BareImport[] {
  const seen = new Set<string>();
  const out: BareImport[] = [];
  const queue = entries.map((e) => join(REPO, e));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) {
        const next = resolveRelative(file, spec);
        if (next) queue.push(next);
      } else if (!isBuiltin(spec)) {
        out.push({ file: relative(REPO, file).split('\\').join('/'), pkg: packageOf(spec) });
      }
    }
  }
  return out;
}

const runtime = bareImports(RUNTIME_ENTRIES);
const renderer = bareImports([RENDERER_ENTRY]);

describe('packaging: what ships in node_modules', () => {
  it('finds the runtime import graph (sanity: fastify, better-sqlite3-multiple-ciphers and electron are in it)', () => {
    const pkgs = new Set(runtime.map((i) => i.pkg));
    for (const name of ['fastify', 'better-sqlite3-multiple-ciphers', 'electron'])
      expect(pkgs).toContain(name);
    expect(new Set(renderer.map((i) => i.pkg))).toContain('react');
  });

  it('main, the preload, the CLI and the service import only packages in dependencies', () => {
    const missing = runtime
      .filter((i) => !(i.pkg in pkg.dependencies) && !(i.pkg in PROVIDED))
      .filter((i) => !(`${i.file} ${i.pkg}` in DEV_ONLY))
      .map((i) => `${i.file} imports ${i.pkg}`);
    expect(missing).toEqual([]);
  });

  it('every dependency is used at run time by main, the preload or the CLI (none renderer-only)', () => {
    const used = new Set(runtime.map((i) => i.pkg));
    const unused = Object.keys(pkg.dependencies).filter((name) => !used.has(name));
    expect(unused).toEqual([]);
  });

  it('every package the renderer imports is declared (a renderer-only one as a devDependency)', () => {
    const declared = { ...pkg.dependencies, ...pkg.devDependencies };
    const undeclared = renderer.filter((i) => !(i.pkg in declared)).map((i) => i.pkg);
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('no package is both a dependency and a devDependency', () => {
    const both = Object.keys(pkg.dependencies).filter((name) => name in pkg.devDependencies);
    expect(both).toEqual([]);
  });
});

describe('packaging: the benchmarks stay out of what ships', () => {
  it('the CLI bundle builds the CLI alone; the benchmark programs have their own config', () => {
    const cli = readFileSync(join(REPO, 'vite.cli.config.ts'), 'utf8');
    expect(cli).not.toMatch(/bench\//);
    const bench = readFileSync(join(REPO, 'vite.bench.config.ts'), 'utf8');
    for (const entry of ['patient-fixture', 'delivery-bench', 'webhook-bench', 'triage-bench'])
      expect(bench).toContain(`bench/${entry}.ts`);
  });

  it('the desktop app packs main, the preload and the window only (no CLI, no benchmarks)', () => {
    const yml = readFileSync(join(REPO, 'electron-builder.yml'), 'utf8');
    const files = /^files:\n((?:[ \t]+.*\n|\n)+)/m.exec(yml)?.[1] ?? '';
    const globs = [...files.matchAll(/^\s+-\s+'?([^'\n]+)'?\s*$/gm)].map((m) => m[1] ?? '');
    expect(globs.filter((g) => g.startsWith('out/'))).toEqual([
      'out/main/**',
      'out/preload/**',
      'out/renderer/**',
    ]);
  });
});
