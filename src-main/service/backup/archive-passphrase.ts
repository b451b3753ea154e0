import { inspect } from 'node:util';
import { ARCHIVE_PASSPHRASE_MAX_LENGTH, ARCHIVE_PASSPHRASE_MIN_LENGTH } from '../contract/limits';

/**
 * The passphrase of a clinic archive (docs/data-safety.md). Unlike a DataKey, it is always
 * a passphrase: SQLCipher stretches it with PBKDF2-HMAC-SHA512 (256,000 rounds) and the archive's
 * own random salt, even when it happens to look like 64 hexadecimal digits. Like a DataKey, it
 * never shows itself: printed, logged or serialised it is "[passphrase]".
 */
export class ArchivePassphrase {
  readonly #text: string;

  private constructor(text: string) {
    this.#text = text;
  }

  /**
   * A passphrase as typed (a trailing newline of a file or a terminal dropped). Refused, without
   * repeating it: shorter than the minimum, longer than the maximum, several lines, or SQLCipher's
   * raw-key syntax `x'…'` (which would skip the key derivation).
   */
  static from(typed: string): ArchivePassphrase {
    const text = typed.replace(/\r?\n$/, '');
    const length = [...text].length;
    if (length < ARCHIVE_PASSPHRASE_MIN_LENGTH)
      throw new ArchivePassphraseError(
        `The passphrase must have at least ${ARCHIVE_PASSPHRASE_MIN_LENGTH} characters (${length} given); a few words are easiest to remember.`,
      );
    if (length > ARCHIVE_PASSPHRASE_MAX_LENGTH)
      throw new ArchivePassphraseError(
        `The passphrase must have at most ${ARCHIVE_PASSPHRASE_MAX_LENGTH} characters.`,
      );
    if (/[\r\n]/.test(text)) throw new ArchivePassphraseError('The passphrase must be one line.');
    if (/^x'.*'$/is.test(text))
      throw new ArchivePassphraseError(
        `The passphrase cannot have the form x'…' (SQLCipher reads that as a raw key).`,
      );
    return new ArchivePassphrase(text);
  }

  /** For the worker thread, which cannot be handed this object; never logged. */
  reveal(): string {
    return this.#text;
  }

  /** The text itself: SQLite3 Multiple Ciphers derives the key from it. */
  toSqliteKey(): Buffer {
    return Buffer.from(this.#text, 'utf8');
  }

  toString(): string {
    return '[passphrase]';
  }

  toJSON(): string {
    return '[passphrase]';
  }

  [inspect.custom](): string {
    return '[passphrase]';
  }
}

/** A passphrase that the rule refuses; the message never repeats it. */
export class ArchivePassphraseError extends Error {
  override name = 'ArchivePassphraseError';
}
