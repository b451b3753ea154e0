import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const ROOTS = ['src-main', 'src-preload', 'src-renderer/src', 'bench'];
const LIMIT = 400;
/** The reason a long file gives in its first line (docs/architecture.md, "Who may import whom"). */
const REASON = /^\/\/ Long on purpose\b/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

describe('source files stay small', () => {
  it(`no source file passes ${LIMIT} lines without a reason written at its top`, () => {
    const unexplained = ROOTS.flatMap((root) => sources(join(repo, root)))
      .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
      .filter(({ text }) => text.split('\n').length - 1 > LIMIT && !REASON.test(text))
      .map(({ path, text }) => `${relative(repo, path)} (${text.split('\n').length - 1} lines)`);
    expect(unexplained).toEqual([]);
  });
});
