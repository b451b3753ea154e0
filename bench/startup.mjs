// Cold start and idle memory of `engage-desk serve` on the benchmark database. "Cold" is the
// process: a fresh Node, the CLI bundle loaded, the database opened and checked, jobs woken and
// the port bound, up to the `--json` line that tells a script it can send requests. The operating
// system's file cache is warm (the database was just written), as it is when a developer
// restarts the sandbox.
import { startProcess, stop } from './processes.mjs';
import { rssMiB } from './rss.mjs';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** `runs` starts, each timed from spawn to the --json line; the median and every run, in ms. */
export async function coldStart(serveArgs, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const server = startProcess(serveArgs);
    await server.firstLine;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    await stop(server.child);
  }
  return {
    runs,
    medianMs: Math.round(median(times)),
    minMs: Math.round(Math.min(...times)),
    maxMs: Math.round(Math.max(...times)),
  };
}

/**
 * Resident memory of a server left alone for `seconds` after it printed its first line: what it
 * costs to keep running between test suites. `args` starts any server (the service or the bare
 * one, for scale).
 */
export async function idleRss(args, seconds) {
  const server = startProcess(args);
  try {
    await server.firstLine;
    await new Promise((r) => setTimeout(r, seconds * 1000));
    return await rssMiB(server.child.pid);
  } finally {
    await stop(server.child);
  }
}
