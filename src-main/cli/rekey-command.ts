import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  fileEncryption,
  DB_FILE_NAME,
  ConversionVerifyError,
  DatabaseInUseError,
  rekeyDatabase,
} from '../service/create-service';
import {
  DATA_KEY_ENV,
  DATA_KEY_OPTIONS,
  explainOpenError,
  resolveDataKey,
} from './data-key-option';
import { printedProgress } from './conversion-progress';
import { defaultSandboxDataDir } from './default-data-dir';
import { RefusedError, UsageError, type Io } from './io';
import { generateKeyFile } from './key-file';

export const NEW_DATA_KEY_ENV = 'ENGAGE_DESK_NEW_DATA_KEY';

export const REKEY_USAGE = `engage-desk rekey [--data DIR] [--data-key-file OLD] (--new-key-file NEW | --generate-key-file NEW)

  Changes the data key: the old one from $${DATA_KEY_ENV} or --data-key-file, the new one from
  $${NEW_DATA_KEY_ENV}, --new-key-file (0600), or a new random key written to --generate-key-file.
  The re-encrypted copy is verified before it replaces the database; until then the old key
  opens it. Stop the server or the app first.`;

/** `engage-desk rekey`: the same database under a new key (store/convert-database). */
export async function rekeyCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      data: { type: 'string' },
      'data-key-file': DATA_KEY_OPTIONS['data-key-file'],
      'new-key-file': { type: 'string' },
      'generate-key-file': { type: 'string' },
    },
  });
  const dataDir = values.data ?? defaultSandboxDataDir();
  if (fileEncryption(join(dataDir, DB_FILE_NAME)) === 'empty')
    throw new UsageError(`There is no database in ${dataDir} to rekey.`);
  const old = resolveDataKey(values, env);
  if (old.mode !== 'key')
    throw new UsageError(
      `rekey needs the current data key: $${DATA_KEY_ENV} or --data-key-file PATH.`,
    );
  const generate = values['generate-key-file'];
  let newKey;
  if (generate !== undefined) {
    if (values['new-key-file'] !== undefined || env[NEW_DATA_KEY_ENV])
      throw new UsageError(
        `--generate-key-file makes the new key; it excludes --new-key-file and $${NEW_DATA_KEY_ENV}.`,
      );
  } else {
    const next = resolveDataKey(values, env, {
      envName: NEW_DATA_KEY_ENV,
      fileFlag: 'new-key-file',
      plainAllowed: false,
    });
    if (next.mode !== 'key')
      throw new UsageError(
        `rekey needs the new data key: $${NEW_DATA_KEY_ENV}, --new-key-file PATH, or --generate-key-file PATH.`,
      );
    newKey = next.key;
  }
  if (newKey && newKey.sameSecretAs(old.key))
    throw new UsageError('The new data key is the same as the current one; nothing to do.');
  // Only now, with everything else checked, is a new key file written.
  newKey ??= generateKeyFile(generate!);
  if (generate !== undefined) io.err(`A new data key was written to ${generate} (mode 0600).`);
  try {
    await rekeyDatabase(dataDir, old.key, newKey, printedProgress(io, 'rekey'));
    io.out(
      `The data key of ${dataDir} was changed and the database verified. Only the new key opens it now; the old one can be destroyed.`,
    );
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof ConversionVerifyError)
      throw new RefusedError(error.message);
    throw explainOpenError(error);
  }
}
