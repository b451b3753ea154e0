import { closeSync, openSync, writeSync } from 'node:fs';
import { DataKey } from '../service/create-service';
import { UsageError } from './io';

/**
 * `--generate-key-file PATH`: a new random key written to a file created for this user alone
 * (0600, never over an existing file), so the key is in one place the user chose before any
 * database depends on it.
 */
export function generateKeyFile(path: string): DataKey {
  const key = DataKey.generate();
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'EEXIST'
        ? `--generate-key-file: ${path} exists already; it is never overwritten (it may hold a key). Choose another path.`
        : `--generate-key-file: cannot create ${path} (${code ?? 'error'}).`,
    );
  }
  try {
    writeSync(fd, `${key.reveal()}\n`);
  } finally {
    closeSync(fd);
  }
  return key;
}
