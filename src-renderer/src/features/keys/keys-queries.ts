import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyInfo, CreatedApiKey, Permission } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { callOperation, operationQuery } from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';

function keysQuery(bridge: ReturnType<typeof useBridge>) {
  return operationQuery(bridge, ['keys'], 'keys', 'list');
}

/** Every API key (active and revoked), without any plaintext: the service never returns it. */
export function useKeys() {
  return useQuery(keysQuery(useBridge()));
}

function withoutPlaintext(created: CreatedApiKey): ApiKeyInfo {
  const { key: _key, ...info } = created;
  return info;
}

/** The cached list with `key` in it, new or replacing the one with its id. */
function useReplaceKey() {
  const bridge = useBridge();
  const client = useQueryClient();
  return (key: ApiKeyInfo) =>
    client.setQueryData(keysQuery(bridge).queryKey, (list) => {
      if (!list) return list;
      return list.some((k) => k.id === key.id)
        ? list.map((k) => (k.id === key.id ? key : k))
        : [key, ...list];
    });
}

/**
 * Creates a key and resolves with it and its plaintext for the caller to show once. The cache
 * gets only the key's info: the plaintext never enters shared state. (Not a useMutation for that
 * reason: Query's mutation cache would keep the answer, plaintext included.)
 */
export function useCreateKey() {
  const bridge = useBridge();
  const replace = useReplaceKey();
  return async (input: { name: string; permissions: Permission[] }): Promise<CreatedApiKey> => {
    const created = await callOperation(bridge, 'keys', 'create', input);
    replace(withoutPlaintext(created));
    return created;
  };
}

export function useRevokeKey() {
  const bridge = useBridge();
  const replace = useReplaceKey();
  return useWrite({
    mutationFn: (id: string) => callOperation(bridge, 'keys', 'revoke', { id }),
    onSuccess: (revoked) => void replace(revoked),
  });
}

/** Active keys newest first, then revoked ones most recently revoked first. */
export function splitKeys(keys: ApiKeyInfo[]): { active: ApiKeyInfo[]; revoked: ApiKeyInfo[] } {
  const byDesc = (pick: (k: ApiKeyInfo) => string) => (a: ApiKeyInfo, b: ApiKeyInfo) =>
    pick(b).localeCompare(pick(a));
  return {
    active: keys.filter((k) => !k.revokedAt).sort(byDesc((k) => k.createdAt)),
    revoked: keys.filter((k) => k.revokedAt).sort(byDesc((k) => k.revokedAt ?? '')),
  };
}
