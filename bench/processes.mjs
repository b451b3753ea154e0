// Child processes of the benchmark. Every server runs in its own process so that the load
// generator (this process) never shares an event loop with what it measures, and so that each
// server's memory can be read on its own (rss.mjs).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const repo = new URL('..', import.meta.url).pathname;
/**
 * The builds the benchmark runs: `out/cli` (npm run build:cli) and `out/bench` (npm run
 * build:bench), or under ENGAGE_DESK_OUT (relative to the repository) to measure another build.
 */
export const OUT = resolve(repo, process.env.ENGAGE_DESK_OUT ?? 'out');

/** Starts `node ARGS` from the repository root; `firstLine` is its first line on stdout. */
export function startProcess(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const firstLine = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  // A server that died before printing is reported by firstLine; later exits are expected.
  firstLine.catch(() => {});
  return { child, firstLine };
}

/** SIGTERM and wait: the service closes its database cleanly, so the next start finds no WAL. */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs `node ARGS` to its end with inherited output; rejects on a non-zero exit. */
export function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repo, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}
