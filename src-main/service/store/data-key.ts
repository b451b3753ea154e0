import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { inspect } from 'node:util';
import Database from 'better-sqlite3-multiple-ciphers';

/**
 * The key of an encrypted database (docs/data-safety.md). SQLite3 Multiple Ciphers runs the
 * SQLCipher 4 scheme (AES-256 pages with an HMAC each; the -wal file is encrypted the same way), so
 * a support engineer can open a copy with any SQLCipher 4 tool given its key.
 *
 * A key is either 64 hexadecimal digits, taken as the raw 256-bit key (what the desktop app makes and
 * keeps in safeStorage: no key derivation to pay at every open), or any other text, taken as a
 * passphrase and stretched by SQLCipher's PBKDF2-HMAC-SHA512 (256,000 rounds).
 *
 * The secret lives in a private field: printing, logging or serialising a DataKey shows only
 * "[data key]", so it cannot leak through an error body or a log line by accident.
 */
export class DataKey {
  readonly #secret: string;

  private constructor(secret: string) {
    this.#secret = secret;
  }

  /** A key from the user (ENGAGE_DESK_DATA_KEY, a key file, safeStorage): one line, trimmed. */
  static from(text: string): DataKey {
    const secret = text.replace(/\r?\n$/, '').trim();
    if (secret.length === 0) throw new DataKeyError('The data key is empty.');
    if (/[\r\n]/.test(secret)) throw new DataKeyError('The data key must be one line.');
    return new DataKey(secret);
  }

  /** A new random raw key (32 bytes from the system's CSPRNG, as 64 hex digits). */
  static generate(): DataKey {
    return new DataKey(randomBytes(32).toString('hex'));
  }

  /** The secret, for the one place that must hold it (safeStorage, a key file the user asked for). */
  reveal(): string {
    return this.#secret;
  }

  /**
   * Whether two keys are the same secret (a rekey to the same key is refused), compared in
   * constant time over their digests like every secret comparison of the service.
   */
  sameSecretAs(other: DataKey): boolean {
    const digest = (secret: string) => createHash('sha256').update(secret).digest();
    return timingSafeEqual(digest(this.#secret), digest(other.#secret));
  }

  /** What SQLite3 Multiple Ciphers takes: `x'…'` marks a raw key, anything else is a passphrase. */
  toSqliteKey(): Buffer {
    return Buffer.from(/^[0-9a-f]{64}$/i.test(this.#secret) ? `x'${this.#secret}'` : this.#secret);
  }

  toString(): string {
    return '[data key]';
  }

  toJSON(): string {
    return '[data key]';
  }

  [inspect.custom](): string {
    return '[data key]';
  }
}

/** A key that cannot be used (empty, several lines). */
export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

/** Anything that gives SQLite3 Multiple Ciphers a key: a DataKey, an archive's passphrase. */
export interface SqliteKey {
  toSqliteKey(): Buffer;
}

/**
 * Selects the SQLCipher 4 scheme and gives the connection its key; must run before anything reads
 * the database. `temp_store = MEMORY` keeps sorts and temporary tables off the disk, where they
 * would be written in clear.
 */
export function applyKey(db: Database.Database, key: SqliteKey): void {
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  db.key(key.toSqliteKey());
  db.pragma('temp_store = MEMORY');
}

/**
 * A second connection to a database file that exists: keyed like the first (or plain, sorting in
 * memory all the same), waiting up to 5 s for a lock. The store's read connection, and the
 * backup and archive jobs' connections, are opened this way.
 */
export function openKeyed(
  file: string,
  key: SqliteKey | undefined,
  readonly: boolean,
): Database.Database {
  const db = new Database(file, { readonly, fileMustExist: true });
  try {
    if (key !== undefined) applyKey(db, key);
    else db.pragma('temp_store = MEMORY');
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Changes an open, keyed database's key in place (SQLite3 Multiple Ciphers rewrites every page). */
export function changeKey(db: Database.Database, key: SqliteKey): void {
  db.rekey(key.toSqliteKey());
}

/** The 16 bytes every plain SQLite 3 database file begins with (a public constant, no secret). */
const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * What a database file is, from its first 16 bytes: empty (a new database), plain (an SQLite
 * header in clear) or encrypted (SQLCipher begins with a random salt, indistinguishable from noise).
 * Missing counts as empty.
 */
export function fileEncryption(path: string): 'empty' | 'plain' | 'encrypted' {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'empty';
    throw error;
  }
  try {
    const head = Buffer.alloc(16);
    const read = readSync(fd, head, 0, 16, 0);
    if (read === 0) return 'empty';
    return read === 16 && head.toString('latin1') === SQLITE_HEADER ? 'plain' : 'encrypted';
  } finally {
    closeSync(fd);
  }
}
