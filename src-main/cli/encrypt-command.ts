import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DatabaseFromTheFutureError,
  fileEncryption,
  DB_FILE_NAME,
  ConversionVerifyError,
  DatabaseInUseError,
  encryptPlainDatabase,
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

export const ENCRYPT_USAGE = `engage-desk encrypt [--data DIR] (--data-key-file PATH | --generate-key-file PATH)

  Encrypts a plain data folder's database with the data key ($${DATA_KEY_ENV}, --data-key-file,
  or a new random key written to --generate-key-file PATH, 0600). The encrypted copy is verified
  (integrity, schema version, every table's rows) before it replaces the plain file; stop the
  server or the app first. --data defaults to the developers' sandbox clinic.`;

/** `engage-desk encrypt`: a plain database to an encrypted one (store/convert-database). */
export async function encryptCommand(
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
      'generate-key-file': { type: 'string' },
    },
  });
  const dataDir = values.data ?? defaultSandboxDataDir();
  const file = join(dataDir, DB_FILE_NAME);
  const found = fileEncryption(file);
  if (found === 'empty') throw new UsageError(`There is no database in ${dataDir} to encrypt.`);
  if (found === 'encrypted')
    throw new UsageError(`The database ${file} is encrypted already; nothing to do.`);
  const generate = values['generate-key-file'];
  if (generate !== undefined && (values['data-key-file'] !== undefined || env[DATA_KEY_ENV]))
    throw new UsageError(
      `--generate-key-file makes a new key; it excludes --data-key-file and $${DATA_KEY_ENV}.`,
    );
  const choice = generate === undefined ? resolveDataKey(values, env) : undefined;
  if (choice && choice.mode !== 'key')
    throw new UsageError(
      `encrypt needs the data key: $${DATA_KEY_ENV}, --data-key-file PATH, or --generate-key-file PATH for a new one.`,
    );
  const key = choice?.mode === 'key' ? choice.key : generateKeyFile(generate!);
  if (generate !== undefined) io.err(`A new data key was written to ${generate} (mode 0600).`);
  try {
    const result = await encryptPlainDatabase(dataDir, key, printedProgress(io, 'encrypt'));
    io.out(
      `Encrypted ${file}: ${result.tables} tables, ${result.rows} rows verified. From now on it opens only with this data key; keep a copy of it somewhere safe (without it the clinic cannot be read).`,
    );
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof ConversionVerifyError)
      throw new RefusedError(error.message);
    if (error instanceof DatabaseFromTheFutureError) throw new UsageError(error.message);
    throw explainOpenError(error);
  }
}
