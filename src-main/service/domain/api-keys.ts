import { ProblemError, resourceMissing, validationFailed } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import { PERMISSIONS, type Permission } from '../schemas/auth';
import { textProblem } from '../schemas/text-rules';
import type { Queries } from '../store/queries';
import type { ApiKeyRow } from '../store/queries/api-keys';
import { createReadCache } from '../store/read-cache';
import {
  API_KEY_PATTERN,
  apiKeyHint,
  generateApiKey,
  hashApiKey,
} from '../security/api-key-format';

export interface ApiKeyInfo {
  id: string;
  name: string;
  hint: string;
  permissions: Permission[];
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** The key itself: shown once, never stored. */
  key: string;
}

/** How often last_used_at is written for a key that is used continuously. */
const TOUCH_INTERVAL_MS = 60_000;

export function createApiKeys(deps: { clock: Clock; newId: IdFactory; q: Queries }) {
  const { clock, newId, q } = deps;
  const lastTouched = new Map<string, number>();
  // The key behind a credential, until the next write (a revocation from any process is a write).
  // Only active keys are kept (as their parsed info); null remembers "unknown or revoked".
  const byHash = createReadCache<ApiKeyInfo | null>(q.changeToken);
  const byId = createReadCache<ApiKeyInfo | null>(q.changeToken);
  const active = (row: ApiKeyRow | undefined) => (row && !row.revoked_at ? info(row) : null);

  function info(row: ApiKeyRow): ApiKeyInfo {
    return {
      id: row.id,
      name: row.name,
      hint: row.hint,
      permissions: JSON.parse(row.permissions) as Permission[],
      createdAt: row.created_at,
      ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}),
      ...(row.revoked_at ? { revokedAt: row.revoked_at } : {}),
    };
  }

  function checkPermissions(permissions: readonly string[]): Permission[] {
    const unknown = permissions.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
    if (unknown.length || permissions.length === 0) {
      throw validationFailed([
        {
          pointer: '/permissions',
          code: 'enum',
          detail: unknown.length
            ? `Unknown permission(s): ${unknown.join(', ')}. Known: ${PERMISSIONS.join(', ')}.`
            : 'A key needs at least one permission.',
        },
      ]);
    }
    return PERMISSIONS.filter((p) => permissions.includes(p));
  }

  return {
    async create(input: {
      name: string;
      permissions: readonly string[];
      key?: string;
    }): Promise<CreatedApiKey> {
      const name = input.name.trim();
      if (!name || name.length > 100) {
        throw validationFailed([
          {
            pointer: '/name',
            code: 'length',
            detail: 'A key needs a name of 1 to 100 characters.',
          },
        ]);
      }
      // The CLI reaches this without the schema: the same rule as a person's name.
      const problem = textProblem(name, 'name');
      if (problem) {
        throw validationFailed([
          { pointer: '/name', code: problem.code, detail: `The key's name ${problem.detail}` },
        ]);
      }
      const permissions = checkPermissions(input.permissions);
      const key = input.key ?? generateApiKey();
      if (!API_KEY_PATTERN.test(key)) {
        throw validationFailed([
          {
            pointer: '/key',
            code: 'format',
            detail: 'An API key is sk_ followed by 20 to 100 letters and digits.',
          },
        ]);
      }
      const row: ApiKeyRow = {
        id: newId('key'),
        name,
        key_hash: hashApiKey(key),
        hint: apiKeyHint(key),
        permissions: JSON.stringify(permissions),
        created_at: clock.nowIso(),
        last_used_at: null,
        revoked_at: null,
      };
      await q.apiKeys.insert(row);
      return { ...info(row), key };
    },

    /**
     * Makes this exact key usable with every permission (`serve --api-key`): created when new,
     * un-revoked and widened when it exists. Returns whether it was created.
     */
    async ensure(key: string, name: string): Promise<{ created: boolean; info: ApiKeyInfo }> {
      const existing = await q.apiKeys.byHash(hashApiKey(key));
      if (!existing) {
        const created = await this.create({ name, permissions: PERMISSIONS, key });
        return { created: true, info: created };
      }
      await q.apiKeys.restore(existing.id, JSON.stringify(PERMISSIONS));
      return { created: false, info: info((await q.apiKeys.byId(existing.id))!) };
    },

    /** The active key behind a secret, or undefined (unknown or revoked). */
    async authenticate(key: string): Promise<ApiKeyInfo | undefined> {
      const hash = hashApiKey(key);
      const found = await byHash.get(hash, async () => active(await q.apiKeys.byHash(hash)));
      if (!found) return undefined;
      await this.touch(found.id);
      return found;
    },

    /** The active key by id (for tokens minted from it), or undefined. */
    async activeById(id: string): Promise<ApiKeyInfo | undefined> {
      const key = await byId.get(id, async () => active(await q.apiKeys.byId(id)));
      if (!key) return undefined;
      await this.touch(key.id);
      return key;
    },

    /** Records use, at most once a minute per key, so reads do not turn into a write each. */
    async touch(id: string): Promise<void> {
      const now = clock.now();
      if (now - (lastTouched.get(id) ?? 0) < TOUCH_INTERVAL_MS) return;
      lastTouched.set(id, now);
      await q.apiKeys.touch(id, new Date(now).toISOString());
    },

    list: async (): Promise<ApiKeyInfo[]> => (await q.apiKeys.all()).map(info),

    async revoke(id: string): Promise<ApiKeyInfo> {
      const row = await q.apiKeys.byId(id);
      if (!row) throw resourceMissing('api key', id);
      if (!row.revoked_at) await q.apiKeys.revoke(id, clock.nowIso());
      return info((await q.apiKeys.byId(id))!);
    },

    checkPermissions,
  };
}

export type ApiKeys = ReturnType<typeof createApiKeys>;

/** Raised by auth when a credential is fine but lacks the route's permission. */
export function insufficientPermissions(required: Permission): ProblemError {
  return new ProblemError(
    403,
    'insufficient_permissions',
    `This credential does not have the '${required}' permission this action needs.`,
    { requiredPermission: required },
  );
}
