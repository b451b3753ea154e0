// Resident memory of a server process, read from outside so that the server runs unchanged.
// Linux first: /proc/<pid>/status gives VmRSS (now) and VmHWM (the peak), and writing 5 to
// /proc/<pid>/clear_refs resets the peak, so each scenario gets its own peak rather than the
// process's lifetime one. Sampling VmRSS every 50 ms backs that up where the reset is refused.
// Elsewhere (macOS) `ps -o rss=` is sampled instead, which can miss a short spike; on Windows
// there is no figure (null).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LINUX = process.platform === 'linux';
const MiB = 1024; // the kernel and ps report KiB

function statusKiB(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function psKiB(pid) {
  return new Promise((resolve) => {
    execFile('ps', ['-o', 'rss=', '-p', String(pid)], (error, stdout) =>
      resolve(error ? undefined : Number(stdout.trim()) || undefined),
    );
  });
}

const toMiB = (kib) => (kib === undefined ? null : Math.round((kib / MiB) * 10) / 10);

/** The process's resident memory now, in MiB (null where it cannot be read). */
export async function rssMiB(pid) {
  if (LINUX) return toMiB(statusKiB(pid, 'VmRSS'));
  if (process.platform === 'win32') return null;
  return toMiB(await psKiB(pid));
}

/** Starts watching a process; `stop()` gives the peak resident memory since then, in MiB. */
export function watchPeakRss(pid, intervalMs = 50) {
  let peakKiB = 0;
  let hwmReset = false;
  if (LINUX) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      hwmReset = true;
    } catch {
      // Not allowed here (another user's process, or an old kernel): sampling alone then.
    }
  }
  const sample = async () => {
    const kib = LINUX ? statusKiB(pid, 'VmRSS') : await psKiB(pid);
    if (kib !== undefined && kib > peakKiB) peakKiB = kib;
  };
  void sample();
  const timer = process.platform === 'win32' ? undefined : setInterval(sample, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      if (hwmReset) peakKiB = Math.max(peakKiB, statusKiB(pid, 'VmHWM') ?? 0);
      return peakKiB ? toMiB(peakKiB) : null;
    },
  };
}
