// Backup and restore of the whole clinic, timed through the CLI as a coordinator's desk runs them
// (`engage-desk backup`: VACUUM INTO in a worker, then verification; `engage-desk restore --yes`:
// verification, the current database kept aside, the swap). The baseline, in the same run, is
// copying the same database file with the operating system (copyFileSync + fsync): what any
// backup of these bytes costs at least.
import { spawn } from 'node:child_process';
import { closeSync, copyFileSync, fsyncSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from './processes.mjs';

/** Runs the CLI to its end; resolves with its stdout and the seconds it took. */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) =>
      code === 0
        ? resolve({ out: out.trim(), seconds: (performance.now() - started) / 1000 })
        : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

const round = (x, digits = 2) => Number(x.toFixed(digits));

export async function measureBackupRestore({ cli, dataDir, keyFile, workDir }) {
  const db = join(dataDir, 'engage-desk.db');
  const bytes = statSync(db).size;
  const copy = join(workDir, 'plain-copy.db');
  const copyStarted = performance.now();
  copyFileSync(db, copy);
  const fd = openSync(copy, 'r');
  fsyncSync(fd);
  closeSync(fd);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  rmSync(copy);

  process.stderr.write('  timing engage-desk backup and restore of the encrypted clinic…\n');
  const key = ['--data-key-file', keyFile];
  const folder = join(workDir, 'backups');
  mkdirSync(folder, { recursive: true }); // --to is a folder that must exist, like a second disk
  const backup = await timed([cli, 'backup', '--data', dataDir, '--to', folder, ...key]);
  const restoredDir = join(workDir, 'restored');
  const restore = await timed([cli, 'restore', backup.out, '--data', restoredDir, '--yes', ...key]);
  return {
    databaseMiB: round(bytes / 1_048_576, 1),
    backupMiB: round(statSync(backup.out).size / 1_048_576, 1),
    backupSeconds: round(backup.seconds),
    restoreSeconds: round(restore.seconds),
    fileCopySeconds: round(copySeconds, 3),
    backupToCopy: round(backup.seconds / copySeconds, 1),
    restoreToCopy: round(restore.seconds / copySeconds, 1),
  };
}
