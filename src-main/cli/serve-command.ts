import { parseArgs } from 'node:util';
import {
  createService,
  type Service,
  DatabaseFromTheFutureError,
  DB_FILE_NAME,
  PostgresOpenError,
} from '../service/create-service';
import { parseRateLimit } from '../service/http/rate-limit';
import { API_KEY_PATTERN } from '../service/security/api-key-format';
import { parseSmtpUrl, type SmtpSettings } from '../service/delivery/smtp-settings';
import type { AssistantSettings } from '../service/assistant/assistant-settings';
import { PERMISSIONS } from '../service/schemas/auth';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSandboxDataDir } from './default-data-dir';
import { SANDBOX_FLAG_OPTIONS, SANDBOX_FLAGS_USAGE, sandboxOptions } from './sandbox-flags';
import { RefusedError, UsageError, type Io } from './io';
import {
  DATA_KEY_OPTIONS,
  DATA_KEY_USAGE,
  explainOpenError,
  keyForDataDir,
  resolveDataKey,
} from './data-key-option';

export const SERVE_USAGE = `engage-desk serve [options]

  --port N            port to listen on (default 4010; 0 picks a free one)
  --host ADDR         address to bind (default 127.0.0.1)
  --data DIR          data directory (default: the developers' sandbox clinic, never the desktop
                      app's: ${defaultSandboxDataDir()})
  --memory            a throwaway in-memory database instead of --data (no key needed)
  --database URL      a PostgreSQL database instead of --data, e.g.
                      postgres://engage:secret@db.clinic.lan:5432/engage (default:
                      $ENGAGE_DESK_DATABASE_URL); migrated and, when new, seeded
${DATA_KEY_USAGE}
  --seed demo|empty   what a new database starts with (default demo)
  --api-key sk_…      make this exact key exist with every permission
  --rate-limit N/S    per-credential limit, e.g. 600/60 (the default), or off
${SANDBOX_FLAGS_USAGE}
  --smtp URL          send e-mail deliveries through SMTP, e.g.
                      smtp://user:pass@mail.example.org:587?from=citas@example.org
                      (smtps:// for TLS on connect; default: $ENGAGE_DESK_SMTP_URL,
                      else e-mail stays in the outbox)
  --public-url URL    base of the patient form links (default: this server's address)
  --assistant-url URL an OpenAI-compatible endpoint for the AI assistant, e.g.
                      http://127.0.0.1:11434/v1 (Ollama); default: $ENGAGE_DESK_ASSISTANT_URL,
                      else the built-in offline assistant
  --assistant-model M the model to ask (default: $ENGAGE_DESK_ASSISTANT_MODEL); the API key,
                      if the endpoint needs one, comes from $ENGAGE_DESK_ASSISTANT_KEY
  --assistant-timeout S  seconds to wait for the model before the built-in assistant answers
                      (default 20)
  --json              print one line {"baseUrl","apiKey"} on stdout once ready`;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function serveCommand(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Service> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      memory: { type: 'boolean', default: false },
      database: { type: 'string' },
      ...DATA_KEY_OPTIONS,
      seed: { type: 'string' },
      'api-key': { type: 'string' },
      'rate-limit': { type: 'string', default: '600/60' },
      ...SANDBOX_FLAG_OPTIONS,
      smtp: { type: 'string' },
      'public-url': { type: 'string' },
      'assistant-url': { type: 'string' },
      'assistant-model': { type: 'string' },
      'assistant-timeout': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new UsageError(`--port takes 0..65535, not '${values.port}'`);
  if (values.data && values.memory) throw new UsageError('--data and --memory exclude each other');
  if (values.seed !== undefined && values.seed !== 'demo' && values.seed !== 'empty') {
    throw new UsageError(`--seed takes demo or empty, not '${values.seed}'`);
  }
  const apiKey = values['api-key'];
  if (apiKey !== undefined && !API_KEY_PATTERN.test(apiKey)) {
    throw new UsageError('--api-key must be sk_ followed by 20 to 100 letters and digits');
  }
  let rateLimit;
  try {
    rateLimit = parseRateLimit(values['rate-limit']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const smtpUrl = values.smtp ?? env.ENGAGE_DESK_SMTP_URL;
  let smtp: SmtpSettings | undefined;
  if (smtpUrl) {
    try {
      smtp = parseSmtpUrl(smtpUrl);
    } catch (error) {
      throw new UsageError(`--smtp: ${(error as Error).message}`);
    }
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new UsageError(`--public-url must be an http(s) URL, not '${publicUrl}'`);
  }
  const assistant = assistantFrom(values, env);
  let sandbox;
  try {
    sandbox = sandboxOptions(values);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const databaseUrl = postgresUrlFrom(values, env);
  const dataDir =
    values.memory || databaseUrl ? undefined : (values.data ?? defaultSandboxDataDir());
  if (values.memory && values['data-key-file'] !== undefined)
    throw new UsageError('--memory and --data-key-file exclude each other');
  // Decided before anything opens: a refusal leaves the folder as it was.
  const key = dataDir ? keyForDataDir(dataDir, resolveDataKey(values, env), io) : undefined;
  const existing = dataDir !== undefined && existsSync(join(dataDir, DB_FILE_NAME));
  if (existing && values.seed) {
    io.err(
      `Note: ${dataDir} already holds a clinic; --seed only applies to a new database, so it was kept as it is.`,
    );
  }
  if (!LOOPBACK.has(values.host)) {
    io.err(
      `Warning: listening on ${values.host}, not loopback. Other machines can reach this server; it holds patient data and is meant for this computer only.`,
    );
  }

  let service: Service;
  try {
    service = await createService({
      ...(databaseUrl ? { databaseUrl } : dataDir ? { dataDir } : { memory: true }),
      ...(key ? { key } : {}),
      seed: (values.seed as 'demo' | 'empty' | undefined) ?? 'demo',
      host: values.host,
      port,
      ...sandbox,
      rateLimit,
      // Hourly and at Ctrl+C (docs/data-safety.md); nothing to keep for --memory.
      backups: dataDir !== undefined,
      ...(smtp ? { smtp } : {}),
      ...(publicUrl ? { publicUrl } : {}),
      ...(assistant ? { assistant } : {}),
      logger: { level: 'error', stream: process.stderr },
      onJobError: (kind, error) => io.err(`Job ${kind} failed: ${(error as Error).message}`),
      onFileWarning: (message) => io.err(`Warning: ${message}`),
    });
  } catch (error) {
    if (error instanceof DatabaseFromTheFutureError) throw new UsageError(error.message);
    if (error instanceof PostgresOpenError) throw new RefusedError(error.message);
    const explained = explainOpenError(error);
    if (explained !== error) throw explained;
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(
        `Port ${port} on ${values.host} is already in use; pick another with --port (0 picks a free one).`,
      );
    }
    throw error;
  }

  const { core } = service;
  let shownKey: string | undefined;
  let keyNote = '';
  if (apiKey) {
    const ensured = await core.apiKeys.ensure(apiKey, 'Key given with --api-key');
    shownKey = apiKey;
    keyNote = ensured.created
      ? 'created from --api-key, every permission'
      : 'from --api-key, every permission';
  } else if (core.created || values.json) {
    const created = await core.apiKeys.create({
      name: core.created
        ? 'Default key (created by engage-desk serve)'
        : 'Key for engage-desk serve --json',
      permissions: PERMISSIONS,
    });
    shownKey = created.key;
    keyNote = 'every permission; shown only now, so keep it';
  }

  if (values.json) {
    io.out(JSON.stringify({ baseUrl: service.url, apiKey: shownKey }));
  } else {
    const origin = service.url.replace(/\/api\/v1$/, '');
    io.out('Engage Desk: Healthcare Engagement Service');
    io.out(`  API         ${service.url}`);
    io.out(`  OpenAPI     ${service.url}/openapi.json`);
    io.out(
      `  Data        ${databaseUrl ? `PostgreSQL ${withoutPassword(databaseUrl)}${core.created ? ` (new: ${values.seed ?? 'demo'} clinic)` : ''}` : dataDir ? `${dataDir}${core.created ? ` (new: ${values.seed ?? 'demo'} clinic)` : ''}, ${key ? 'encrypted' : 'plain (not encrypted)'}` : 'in memory (gone when the server stops)'}`,
    );
    io.out(
      `  E-mail      ${smtp ? `SMTP ${smtp.host}:${smtp.port} as ${smtp.from}` : 'kept in the outbox (no --smtp)'}`,
    );
    io.out(`  Form links  ${core.delivery.publicUrl()}/f/…`);
    const ai = await core.assistants.describe();
    io.out(
      `  Assistant   ${ai.provider === 'openai' ? `${ai.model} at ${ai.baseUrl} (the built-in assistant answers if it fails)` : 'built-in, offline'}`,
    );
    io.out(
      `  Sandbox     ${core.isSandbox() ? `on (${origin}/api/v1/sandbox/…, keys need sandbox:write)` : `off${values['no-sandbox'] ? '' : ' (this clinic keeps its switch; --sandbox turns it on)'}`}`,
    );
    io.out(
      `  Rate limit  ${rateLimit === 'off' ? 'off' : `${rateLimit.limit} requests per ${rateLimit.windowSeconds} s per credential`}`,
    );
    if (shownKey) io.out(`  API key     ${shownKey}  (${keyNote})`);
    else
      io.out(
        '  API key     create one with: engage-desk keys create --name NAME --permissions all',
      );
    io.out('');
    io.out(
      `Try: curl -H "Authorization: Bearer ${shownKey ?? 'sk_…'}" ${service.url}/patients?limit=3`,
    );
    io.out('Press Ctrl+C to stop.');
  }
  return service;
}

/** The language model from flags or environment; undefined keeps the saved or built-in one. */
function assistantFrom(
  values: { 'assistant-url'?: string; 'assistant-model'?: string; 'assistant-timeout'?: string },
  env: NodeJS.ProcessEnv,
): AssistantSettings | undefined {
  const baseUrl = values['assistant-url'] ?? env.ENGAGE_DESK_ASSISTANT_URL;
  const model = values['assistant-model'] ?? env.ENGAGE_DESK_ASSISTANT_MODEL;
  const timeout = values['assistant-timeout'];
  if (!baseUrl) {
    if (values['assistant-model'] || timeout)
      throw new UsageError('--assistant-model and --assistant-timeout need --assistant-url');
    return undefined;
  }
  if (!/^https?:\/\/[^/]+/.test(baseUrl))
    throw new UsageError(`--assistant-url must be an http(s) URL, not '${baseUrl}'`);
  if (!model?.trim())
    throw new UsageError(
      '--assistant-url needs --assistant-model (or $ENGAGE_DESK_ASSISTANT_MODEL)',
    );
  let timeoutMs: number | undefined;
  if (timeout !== undefined) {
    const seconds = Number(timeout);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600)
      throw new UsageError(`--assistant-timeout takes seconds between 0 and 600, not '${timeout}'`);
    timeoutMs = Math.round(seconds * 1000);
  }
  return {
    provider: 'openai',
    baseUrl,
    model: model.trim(),
    ...(env.ENGAGE_DESK_ASSISTANT_KEY ? { apiKey: env.ENGAGE_DESK_ASSISTANT_KEY } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  };
}

/**
 * The PostgreSQL database asked for (--database, else $ENGAGE_DESK_DATABASE_URL), checked before
 * anything opens. SQLite's own options do not apply to it: said rather than ignored.
 */
function postgresUrlFrom(
  values: { database?: string; data?: string; memory?: boolean; 'data-key-file'?: string },
  env: NodeJS.ProcessEnv,
): string | undefined {
  const url =
    values.database ?? (values.data || values.memory ? undefined : env.ENGAGE_DESK_DATABASE_URL);
  if (url === undefined) return undefined;
  if (values.database !== undefined && (values.data || values.memory))
    throw new UsageError('--database excludes --data and --memory');
  // --plain is harmless (npm run serve passes it); a key would be silently unused, so it is refused.
  if (values['data-key-file'] !== undefined)
    throw new UsageError(
      '--data-key-file is for a SQLite data folder; a PostgreSQL database is protected by its server',
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--database takes a postgres:// URL, not '${withoutPassword(url)}'`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new UsageError(`--database takes a postgres:// URL, not '${withoutPassword(url)}'`);
  return url;
}

/** A URL fit to print: its password replaced. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}
