// Encryption at rest, measured: the same clinic, copied and encrypted with `engage-desk encrypt`,
// served again with its key, under the same load as the plain run a minute before. The plain
// figures are the baseline (same machine, same run); the ratio is the cost of SQLCipher's pages.
// Then the encrypted clinic is backed up and restored (backup-restore.mjs).
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBackupRestore } from './backup-restore.mjs';
import { measure } from './load.mjs';
import { run, startProcess, stop } from './processes.mjs';
import { httpScenarios } from './scenarios.mjs';

/** Reads from the page cache and from the disk, searches, and writes (a chat message each). */
export const ENCRYPTED_SCENARIOS = ['list', 'listUncached', 'search', 'searchUncached', 'messages'];

/**
 * `plainDir` holds the plain clinic (its server stopped); `plain` are that server's results by
 * scenario key. Returns the encrypted results with their ratio to the plain ones, and how long
 * the conversion of the whole clinic took.
 */
export async function measureEncrypted({ cli, plainDir, plain, apiKey, timing }) {
  const home = mkdtempSync(join(tmpdir(), 'engage-desk-bench-encrypted-'));
  const dataDir = join(home, 'data');
  const keyFile = join(home, 'data.key');
  try {
    cpSync(plainDir, dataDir, { recursive: true });
    chmodSync(dataDir, 0o700);
    process.stderr.write('  encrypting a copy of the clinic (engage-desk encrypt)…\n');
    const started = performance.now();
    await run([cli, 'encrypt', '--data', dataDir, '--generate-key-file', keyFile]);
    const encryptSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

    const args = [cli, 'serve', '--data', dataDir, '--data-key-file', keyFile];
    args.push('--port', '0', '--json', '--rate-limit', 'off', '--api-key', apiKey);
    const server = startProcess(args);
    const results = {};
    try {
      const { baseUrl } = JSON.parse(await server.firstLine);
      for (const scenario of httpScenarios({ baseUrl, apiKey })) {
        if (!ENCRYPTED_SCENARIOS.includes(scenario.key)) continue;
        process.stderr.write(`  measuring ${scenario.title}, encrypted…\n`);
        const { target } = await scenario.setup();
        const measured = await measure(target, server.child.pid, timing);
        const baseline = plain[scenario.key];
        results[scenario.key] = {
          title: scenario.title,
          ...measured,
          plain: {
            reqPerSec: baseline.reqPerSec,
            p50: baseline.p50,
            p99: baseline.p99,
            peakRssMiB: baseline.peakRssMiB,
          },
          ratioToPlain: Number((measured.reqPerSec / baseline.reqPerSec).toFixed(3)),
        };
      }
    } finally {
      await stop(server.child);
    }
    const backup = await measureBackupRestore({ cli, dataDir, keyFile, workDir: home });
    return { encryptSeconds, scenarios: results, backup };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
