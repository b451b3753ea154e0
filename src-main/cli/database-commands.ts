import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type Core } from '../service/core';
import { DB_FILE_NAME, type DataKey } from '../service/create-service';
import { RefusedError, UsageError, type Io } from './io';

/**
 * What the commands that copy or replace a whole database (backup, restore, export, import) share:
 * how they refuse, how they ask before replacing a clinic, and how they print a size.
 */

/** The store's and the copies' refusals, by name: what a user can act on. */
const REFUSALS = new Set([
  'ArchiveError',
  'BackupError',
  'DatabaseFromTheFutureError',
  'DataKeyError',
  'DataKeyRequiredError',
  'PlainDatabaseError',
  'WrongDataKeyError',
]);

/** A refusal said in one paragraph without a stack (exit 1); anything else is thrown as it is. */
export function explained(error: unknown): never {
  if (error instanceof Error && REFUSALS.has(error.name)) throw new RefusedError(error.message);
  throw error;
}

export function requireDatabase(dataDir: string): void {
  if (!existsSync(join(dataDir, DB_FILE_NAME)))
    throw new UsageError(`There is no Engage Desk database in ${dataDir} (see --data).`);
}

/**
 * Asks before a database is replaced, unless `--yes` said so already; without a terminal to ask
 * on, `--yes` is required. False (after saying nothing changed) when the answer is not yes.
 */
export async function confirmed(
  io: Io,
  yes: boolean,
  command: string,
  question: string,
): Promise<boolean> {
  if (yes) return true;
  if (!io.ask)
    throw new UsageError(`${command} asks before replacing the database; add --yes to confirm`);
  if (/^y(es)?$/i.test((await io.ask(`${question} [y/N] `)).trim())) return true;
  io.err('Nothing was changed.');
  return false;
}

export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * Opens the clinic in `dataDir` for one command (while a server may keep it open too: WAL), runs
 * `work`, and closes it; a refusal on the way, opening or working, is said as `explained` says it.
 */
export async function withClinic<T>(
  dataDir: string,
  key: DataKey | undefined,
  work: (core: Core) => T | Promise<T>,
): Promise<T> {
  let core: Core;
  try {
    core = await createCore({ dataDir, ...(key ? { key } : {}) });
  } catch (error) {
    explained(error);
  }
  try {
    return await work(core);
  } catch (error) {
    explained(error);
  } finally {
    await core.close();
  }
}
