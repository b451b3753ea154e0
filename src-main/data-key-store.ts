import { safeStorage } from 'electron';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  encryptPlainDatabase,
  type OnConversionProgress,
  DataKey,
  fileEncryption,
  DB_FILE_NAME,
  removeConversionLeftovers,
} from './service/create-service';

/**
 * The desktop app's data key (docs/data-safety.md, docs/desktop.md): one random key per
 * clinic folder, kept in `engage-desk.key.json` beside its database, encrypted by Electron
 * safeStorage (the macOS Keychain, Windows DPAPI, the Linux Secret Service or KWallet), so the file
 * alone opens nothing: the key comes out only for this user on this computer. Never in clear,
 * never logged.
 *
 * A Linux session without a keyring (safeStorage unavailable, or only its `basic_text` backend,
 * which "encrypts" with a fixed password) cannot protect the key. Then, and only with the user's
 * consent asked in plain words, the key is kept in that file as it is (0600): the database file
 * alone, its copies and backups still need it, but anyone who copies the whole folder or signs in
 * as the user reads the clinic. The next start with a keyring moves the key into it.
 */
export const KEY_STORE_FILE = 'engage-desk.key.json';

type Storage = 'safeStorage' | 'file';

interface StoredKey {
  version: 1;
  storage: Storage;
  /** safeStorage: base64 of encryptString; file: the key itself. */
  key: string;
}

/** The key store cannot give the key: the database is never replaced by a new empty one. */
export class KeyStoreError extends Error {
  override name = 'KeyStoreError';
}

/** The user chose not to keep the key without a keyring: the app quits, nothing changed. */
export class KeyringDeclinedError extends Error {
  override name = 'KeyringDeclinedError';
  constructor() {
    super('Engage Desk needs a keyring to protect this clinic, and was asked to quit.');
  }
}

/** Whether the operating system can protect a secret for this user (not Linux's basic_text). */
export function keyringAvailable(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    return false;
  return true;
}

function readStoredKey(dataDir: string): { key: DataKey; storage: Storage } | undefined {
  const path = join(dataDir, KEY_STORE_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new KeyStoreError(`The key file ${path} cannot be read: ${(error as Error).message}`);
  }
  let stored: StoredKey;
  try {
    stored = JSON.parse(text) as StoredKey;
    if (stored.version !== 1 || typeof stored.key !== 'string') throw new Error('bad format');
  } catch {
    throw new KeyStoreError(`The key file ${path} is damaged.`);
  }
  if (stored.storage === 'file') return { key: DataKey.from(stored.key), storage: 'file' };
  if (!safeStorage.isEncryptionAvailable())
    throw new KeyStoreError(
      `The clinic's key is locked in this computer's keyring, and the keyring is not available now (on Linux: is GNOME Keyring or KWallet running and unlocked?).`,
    );
  try {
    return {
      key: DataKey.from(safeStorage.decryptString(Buffer.from(stored.key, 'base64'))),
      storage: 'safeStorage',
    };
  } catch {
    throw new KeyStoreError(
      `The keyring of this user account cannot unlock the clinic's key (was the keyring reset, or the folder copied from another account or computer?).`,
    );
  }
}

/** Written to a new file, fsynced, then renamed: a crash leaves the old key file or the new one. */
function writeStoredKey(dataDir: string, key: DataKey, storage: Storage): void {
  const stored: StoredKey = {
    version: 1,
    storage,
    key:
      storage === 'safeStorage'
        ? safeStorage.encryptString(key.reveal()).toString('base64')
        : key.reveal(),
  };
  const path = join(dataDir, KEY_STORE_FILE);
  const temp = `${path}.new`;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  rmSync(temp, { force: true });
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(stored)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  if (process.platform !== 'win32') {
    const dir = openSync(dataDir, 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
}

export interface ClinicKeyOptions {
  dataDir: string;
  /**
   * Asked once, only when no keyring can protect a new key: true keeps it in the key file
   * (weaker, said plainly), false quits.
   */
  confirmKeyWithoutKeyring: () => boolean;
  /** Converting a plain database: progress for the window. */
  onProgress?: OnConversionProgress;
  /** Told when a plain database is about to be converted (the window says so). */
  onConversionStart?: () => void;
}

/**
 * The key to open the clinic in `dataDir` with, made on the first start (and the plain database
 * of an earlier version converted, on a verified copy). The key is stored before any database
 * depends on it, so a crash at any point leaves a database its stored key opens, or a plain one.
 * An encrypted database without a key it can read is an error, never a new key.
 */
export async function clinicKey(options: ClinicKeyOptions): Promise<DataKey> {
  const { dataDir } = options;
  removeConversionLeftovers(dataDir);
  const found = fileEncryption(join(dataDir, DB_FILE_NAME));
  let stored = readStoredKey(dataDir);
  if (!stored) {
    if (found === 'encrypted') {
      throw new KeyStoreError(
        `The clinic's database is encrypted, but its key file (${KEY_STORE_FILE}) is missing from the data folder.`,
      );
    }
    const storage: Storage = keyringAvailable()
      ? 'safeStorage'
      : options.confirmKeyWithoutKeyring()
        ? 'file'
        : (() => {
            throw new KeyringDeclinedError();
          })();
    stored = { key: DataKey.generate(), storage };
    writeStoredKey(dataDir, stored.key, storage);
  } else if (stored.storage === 'file' && keyringAvailable()) {
    // A keyring appeared since: the key moves into it.
    writeStoredKey(dataDir, stored.key, 'safeStorage');
  }
  if (found === 'plain') {
    options.onConversionStart?.();
    await encryptPlainDatabase(dataDir, stored.key, options.onProgress);
  }
  return stored.key;
}
