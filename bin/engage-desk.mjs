#!/usr/bin/env node
// The CLI is bundled to out/cli/cli.js by `npm run build:cli` (run by `npm install` via prepare).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../out/cli/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write(
    'engage-desk: the CLI is not built yet; run `npm run build:cli` in the repository.\n',
  );
  process.exit(1);
}
await import(entry.href);
