import { parseArgs } from 'node:util';
import { createCore } from '../service/core';
import { PERMISSIONS } from '../service/schemas/auth';
import { ProblemError } from '../service/errors';
import { defaultSandboxDataDir } from './default-data-dir';
import { UsageError, type Io } from './io';
import {
  DATA_KEY_OPTIONS,
  DATA_KEY_USAGE,
  explainOpenError,
  keyForDataDir,
  resolveDataKey,
} from './data-key-option';

export const KEYS_USAGE = `engage-desk keys create --name NAME --permissions a,b|all [--data DIR] [--json]
engage-desk keys list [--data DIR] [--json]
engage-desk keys revoke KEY_ID [--data DIR]

Each takes the data key as serve does:
${DATA_KEY_USAGE}

Permissions: ${PERMISSIONS.join(', ')}`;

/** Manages API keys directly in a data directory (the server may be running on it meanwhile). */
export async function keysCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const [action, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    strict: true,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      permissions: { type: 'string' },
      data: { type: 'string' },
      ...DATA_KEY_OPTIONS,
      json: { type: 'boolean', default: false },
    },
  });
  if (action === 'create') {
    if (!values.name) throw new UsageError('keys create needs --name');
    if (!values.permissions) throw new UsageError('keys create needs --permissions (a,b or all)');
  } else if (action === 'revoke') {
    if (!positionals[0]) throw new UsageError('keys revoke needs the key id (see keys list)');
  } else if (action !== 'list') {
    throw new UsageError(`Unknown keys action '${action ?? ''}'.\n\n${KEYS_USAGE}`);
  }
  // Only a well-formed command opens (and, for a new directory, creates) the database.
  // The developers' sandbox clinic by default, the one `serve` uses.
  const dataDir = values.data ?? defaultSandboxDataDir();
  const key = keyForDataDir(dataDir, resolveDataKey(values, env), io);
  let core;
  try {
    core = await createCore({ dataDir, ...(key ? { key } : {}) });
  } catch (error) {
    throw explainOpenError(error);
  }
  try {
    if (action === 'create') {
      const permissions =
        values.permissions === 'all'
          ? [...PERMISSIONS]
          : values.permissions!.split(',').map((p) => p.trim());
      const key = await core.apiKeys.create({ name: values.name!, permissions });
      if (values.json) io.out(JSON.stringify(key));
      else {
        io.out(key.key);
        io.err(
          `Created ${key.id} "${key.name}" with ${key.permissions.join(', ')}. The key is shown only now.`,
        );
      }
    } else if (action === 'list') {
      const keys = await core.apiKeys.list();
      if (values.json) io.out(JSON.stringify(keys));
      else if (keys.length === 0) io.out('No API keys yet.');
      else {
        for (const k of keys) {
          const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
          io.out(
            `${k.id}  ${k.hint}  ${state}  "${k.name}"  ${k.permissions.join(',')}  last used ${k.lastUsedAt ?? 'never'}`,
          );
        }
      }
    } else {
      const key = await core.apiKeys.revoke(positionals[0]!);
      io.out(
        `Revoked ${key.id} "${key.name}". It and every token minted from it stop working now.`,
      );
    }
  } catch (error) {
    if (error instanceof ProblemError) throw new UsageError(error.detail);
    throw error;
  } finally {
    await core.close();
  }
}
