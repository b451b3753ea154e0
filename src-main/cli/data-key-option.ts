import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import {
  DataKey,
  DataKeyError,
  fileEncryption,
  DataKeyRequiredError,
  DB_FILE_NAME,
  PlainDatabaseError,
  WrongDataKeyError,
} from '../service/create-service';
import { UsageError, type Io } from './io';

/**
 * How every command that opens a data folder gets its data key (docs/data-safety.md):
 * `$ENGAGE_DESK_DATA_KEY`, or `--data-key-file PATH` (private to the user, like an ssh key), or an
 * explicit `--plain`. `--memory` needs none. One declaration, shared by serve, web, keys, encrypt,
 * rekey, backup and restore.
 */
export const DATA_KEY_ENV = 'ENGAGE_DESK_DATA_KEY';

export const DATA_KEY_OPTIONS = {
  'data-key-file': { type: 'string' },
  plain: { type: 'boolean', default: false },
} as const;

export const DATA_KEY_USAGE = `  --data-key-file PATH  the data key (one line, a file only you can read: chmod 600);
                      default: $${DATA_KEY_ENV}. A new folder is created encrypted with it
  --plain             keep the database in clear (a throwaway sandbox); refused on an
                      encrypted database`;

/** What the user asked for: a key, plain on purpose, or nothing said. */
export type DataKeyChoice =
  { mode: 'key'; key: DataKey; source: string } | { mode: 'plain' } | { mode: 'unset' };

export interface DataKeyValues {
  'data-key-file'?: string | undefined;
  plain?: boolean | undefined;
}

/** The largest key file read: a key is one line; a bigger file is the wrong file. */
const MAX_KEY_FILE_BYTES = 4096;

/**
 * The key from the flags and the environment, checked but not yet matched to a database. Never
 * puts the key in a message. `envName`/`fileFlag` let `rekey` read its new key the same way.
 */
export function resolveDataKey(
  values: DataKeyValues & Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  names: { envName?: string; fileFlag?: string; plainAllowed?: boolean } = {},
): DataKeyChoice {
  const envName = names.envName ?? DATA_KEY_ENV;
  const fileFlag = names.fileFlag ?? 'data-key-file';
  const path = values[fileFlag] as string | undefined;
  const plain = (names.plainAllowed ?? true) && values.plain === true;
  const envValue = env[envName];
  const fromEnv = envValue !== undefined && envValue !== '';
  if (path !== undefined && fromEnv) {
    throw new UsageError(
      `--${fileFlag} and $${envName} are both set; give the key one way only (unset $${envName} or drop --${fileFlag}).`,
    );
  }
  if (plain && (path !== undefined || fromEnv)) {
    throw new UsageError(
      `--plain asks for a database in clear, but a data key is also given (${path !== undefined ? `--${fileFlag}` : `$${envName}`}); drop one of them.`,
    );
  }
  if (plain) return { mode: 'plain' };
  if (path !== undefined) return { mode: 'key', key: readKeyFile(path, fileFlag), source: path };
  if (fromEnv) {
    try {
      return { mode: 'key', key: DataKey.from(envValue), source: `$${envName}` };
    } catch (error) {
      throw new UsageError(`$${envName}: ${(error as Error).message}`);
    }
  }
  return { mode: 'unset' };
}

/**
 * Reads a key file the way ssh reads a private key: a regular file, owned by this user and
 * readable by nobody else on POSIX (0600 or 0400), else refused before a byte of it is read.
 */
export function readKeyFile(path: string, flag = 'data-key-file'): DataKey {
  const text = readPrivateFile(path, flag, 'The data key');
  try {
    return DataKey.from(text);
  } catch (error) {
    if (error instanceof DataKeyError) throw new UsageError(`--${flag}: ${error.message}`);
    throw error;
  }
}

/**
 * A secret's file (a data key, an archive's passphrase), checked like ssh checks a private key
 * before a byte of it is read; the text, never echoed in a message.
 */
export function readPrivateFile(path: string, flag: string, what: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `--${flag}: there is no file ${path}.`
        : `--${flag}: cannot read ${path} (${code ?? 'error'}).`,
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UsageError(`--${flag}: ${path} is not a regular file.`);
    if (process.platform !== 'win32') {
      if ((st.mode & 0o077) !== 0) {
        throw new UsageError(
          `--${flag}: permissions 0${(st.mode & 0o777).toString(8)} for ${path} are too open. ` +
            `${what} must be readable by you alone, so it was not used. Fix it with: chmod 600 '${path}'`,
        );
      }
      const uid = process.getuid?.();
      if (uid !== undefined && st.uid !== uid && uid !== 0) {
        throw new UsageError(
          `--${flag}: ${path} belongs to another user; ${what.toLowerCase()} must be your own file.`,
        );
      }
    }
    if (st.size > MAX_KEY_FILE_BYTES) {
      throw new UsageError(`--${flag}: ${path} is ${st.size} bytes; such a file holds one line.`);
    }
    const bytes = Buffer.alloc(st.size);
    const read = st.size === 0 ? 0 : readSync(fd, bytes, 0, st.size, 0);
    try {
      return bytes.subarray(0, read).toString('utf8');
    } finally {
      bytes.fill(0);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The key to open `dataDir` with, decided from the file before anything is opened or created:
 * a key on an encrypted (or new) database, nothing for a plain one. Every mismatch is a
 * one-paragraph UsageError naming what to do; nothing is created or changed on a refusal.
 */
export function keyForDataDir(
  dataDir: string,
  choice: DataKeyChoice,
  io: Pick<Io, 'err'>,
): DataKey | undefined {
  const file = join(dataDir, DB_FILE_NAME);
  const found = fileEncryption(file);
  if (choice.mode === 'key') {
    if (found === 'plain') throw explainOpenError(new PlainDatabaseError(file));
    return choice.key;
  }
  if (found === 'encrypted') {
    if (choice.mode === 'plain') {
      throw new UsageError(
        `--plain was given, but the database ${file} is encrypted. Give its data key instead ` +
          `($${DATA_KEY_ENV} or --data-key-file PATH), or use another folder for a plain sandbox.`,
      );
    }
    throw explainOpenError(new DataKeyRequiredError(file));
  }
  if (choice.mode === 'unset') {
    if (found === 'empty') {
      throw new UsageError(
        `${dataDir} holds no database yet, and no data key was given. A clinic's data is kept ` +
          `encrypted: set $${DATA_KEY_ENV} or pass --data-key-file PATH (a file only you can read; ` +
          `create one with: umask 077; openssl rand -hex 32 > PATH). For a throwaway sandbox with ` +
          `fictitious patients, pass --plain (npm run serve does).`,
      );
    }
    // An existing plain database keeps opening: it is in clear already, and refusing it would
    // only break a running setup. Every start says how to protect it.
    io.err(
      `Warning: the database ${file} is not encrypted: anyone who copies the folder reads it. ` +
        `Encrypt it with: engage-desk encrypt --data '${dataDir}' --data-key-file PATH ` +
        `(or pass --plain to say it is a throwaway sandbox).`,
    );
  }
  return undefined;
}

/**
 * The store's refusals as the CLI tells them: what happened and what to do, without a stack and
 * never with the key. Anything else is returned unchanged.
 */
export function explainOpenError(error: unknown): unknown {
  if (error instanceof DataKeyRequiredError) {
    return new UsageError(
      `The database ${error.file} is encrypted and no data key was given. Give it with ` +
        `$${DATA_KEY_ENV} or --data-key-file PATH. Nothing was changed.`,
    );
  }
  if (error instanceof WrongDataKeyError) {
    return new UsageError(
      `The data key given does not open ${error.file}: it is another database's key, or the ` +
        `file is damaged. Check $${DATA_KEY_ENV} or --data-key-file. Nothing was changed.`,
    );
  }
  if (error instanceof PlainDatabaseError) {
    return new UsageError(
      `The database ${error.file} is not encrypted yet, so a data key cannot open it. Convert it ` +
        `once with: engage-desk encrypt --data DIR (same key options), or drop the key and pass ` +
        `--plain to keep it in clear. Nothing was changed.`,
    );
  }
  return error;
}
