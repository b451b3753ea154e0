import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiKeyInfo, CreatedApiKey, Permission } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export interface KeysState {
  keys: Async<ApiKeyInfo[]>;
  load(): Promise<void>;
  /**
   * Creates a key and returns it with its plaintext for the caller to show once. The store keeps
   * only the key's info: the plaintext never enters shared state.
   */
  create(input: { name: string; permissions: Permission[] }): Promise<CreatedApiKey>;
  revoke(id: string): Promise<ApiKeyInfo>;
}

export type KeysStore = StoreApi<KeysState>;

function withoutPlaintext(created: CreatedApiKey): ApiKeyInfo {
  const { key: _key, ...info } = created;
  return info;
}

export function createKeysStore(bridge: Bridge): KeysStore {
  return createStore<KeysState>()((set, get) => {
    const replace = (info: ApiKeyInfo) => {
      const state = get().keys;
      if (!('data' in state) || !state.data) return;
      const exists = state.data.some((k) => k.id === info.id);
      const data = exists
        ? state.data.map((k) => (k.id === info.id ? info : k))
        : [info, ...state.data];
      set({ keys: { ...state, data } });
    };
    return {
      keys: idle,
      async load() {
        await load(
          get().keys,
          (keys) => set({ keys }),
          () => unwrap(bridge.keys.list()),
        );
      },
      async create(input) {
        const created = await unwrap(bridge.keys.create(input));
        replace(withoutPlaintext(created));
        return created;
      },
      async revoke(id) {
        const revoked = await unwrap(bridge.keys.revoke({ id }));
        replace(revoked);
        return revoked;
      },
    };
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
