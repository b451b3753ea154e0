/**
 * The one typed contract between the window and the embedded service. Every operation the window
 * needs is named once: its input by the TypeBox schema that checks it (operation-inputs.ts, so the
 * type is `Static<schema>`), its output in operation-outputs.ts. Three transports serve it:
 *
 * - Electron: main registers one `ipcMain.handle` per operation in one loop over `OPERATIONS`
 *   (src-main/ipc), the preload builds `window.engage` from the same list;
 * - web mode: the renderer posts the same operations to a loopback-only internal route of the
 *   service (src-main/service/http/routes/web-bridge.ts), guarded by a per-run token;
 * - unit tests: an in-memory Bridge (src-renderer/src/bridge/memory-bridge.ts).
 *
 * This folder never imports electron or Node APIs, and this file imports only types from the rest
 * of the service, so the preload and renderer bundles stay free of it.
 */
import type { BridgeResult } from './bridge-result';
import type { InputOfSpec } from './input-spec';
import type { OperationInputs } from '../operations/operation-inputs';
import type { OperationOutputs } from './operation-outputs';
import type { PushEventName, PushEvents } from './push-events';

/** An operation's input and output: a phantom pair of types. */
export interface Op<I, O> {
  input: I;
  output: O;
}

/** The contract, derived: inputs from their schemas, outputs from their declarations. */
export type Contract = {
  [G in keyof OperationOutputs]: {
    [M in keyof OperationOutputs[G]]: Op<
      M extends keyof OperationInputs[G] ? InputOfSpec<OperationInputs[G][M]> : never,
      OperationOutputs[G][M]
    >;
  };
};

export type Group = keyof Contract;
export type MethodOf<G extends Group> = keyof Contract[G] & string;
export type InputOf<G extends Group, M extends MethodOf<G>> =
  Contract[G][M] extends Op<infer I, unknown> ? I : never;
export type OutputOf<G extends Group, M extends MethodOf<G>> =
  Contract[G][M] extends Op<unknown, infer O> ? O : never;

/** Exhaustive at compile time: a method in `Contract` missing here, or an extra one, fails tsc. */
type MethodList<G extends Group> = readonly MethodOf<G>[];
type Exhaustive<T extends { [G in Group]: MethodList<G> }> = {
  [G in Group]: Exclude<MethodOf<G>, T[G][number]> extends never ? T[G] : never;
};
function exhaustive<const T extends { [G in Group]: MethodList<G> }>(list: Exhaustive<T>): T {
  return list as T;
}

/**
 * The runtime list every transport loops over. The preload cannot import the schemas (they are
 * the service's), so the names are listed here once more and checked against the types both ways.
 */
export const OPERATIONS = exhaustive({
  app: ['info'],
  patients: ['list', 'get', 'create', 'update', 'tags', 'timeline', 'matching', 'byIds', 'retag'],
  notes: ['list', 'create'],
  forms: [
    'list',
    'get',
    'create',
    'update',
    'archive',
    'restore',
    'remove',
    'preview',
    'instruments',
    'addInstrument',
  ],
  responses: ['list', 'get', 'recent', 'analysis', 'exportCsv', 'inbox', 'mark'],
  patientImport: ['preview', 'run'],
  exports: ['patients', 'deliveries', 'calls', 'alerts', 'ledger'],
  schedules: ['list', 'get', 'upcoming', 'calendar', 'create', 'cancel', 'retry'],
  series: ['get', 'create', 'cancel'],
  outbox: ['list'],
  conversations: ['list', 'attention', 'get', 'start', 'send', 'end', 'linkOptions', 'sendLink'],
  calls: ['list', 'get', 'start'],
  credits: ['balance', 'ledger', 'breakdown', 'usage', 'topUp', 'prices'],
  keys: ['list', 'create', 'revoke'],
  webhooks: [
    'list',
    'get',
    'create',
    'update',
    'remove',
    'deliveries',
    'failedDeliveries',
    'retry',
  ],
  receiver: ['url', 'list', 'clear', 'configure'],
  alerts: ['list', 'get', 'counts', 'ofPatient', 'acknowledge', 'resolve'],
  audit: ['list', 'exportCsv', 'purgePreview'],
  notifications: ['list', 'markRead', 'unreadCount', 'markAllRead'],
  developer: ['openapi', 'requestLog', 'clearRequestLog'],
  settings: ['get', 'update'],
  backups: ['status', 'list', 'run', 'setFolder', 'chooseFolder', 'inspect', 'restore'],
  archives: ['chooseExportFile', 'chooseImportFile', 'export', 'inspect', 'import'],
  sandbox: ['clock', 'advance', 'reset'],
});

/** `patients.list`: the IPC channel suffix and the web route's operation name. */
export type OperationName = { [G in Group]: `${G}.${MethodOf<G>}` }[Group];

export function operationNames(): OperationName[] {
  return (Object.keys(OPERATIONS) as Group[]).flatMap((group) =>
    (OPERATIONS[group] as readonly string[]).map((method) => `${group}.${method}` as OperationName),
  );
}

/** Prefix of every IPC channel: `engage:patients.list`. */
export const IPC_PREFIX = 'engage:';
/** Channel main pushes events on. */
export const IPC_EVENT_CHANNEL = 'engage:event';

/** What `window.engage` (and every other Bridge) looks like: named functions, never a raw invoke. */
export type BridgeApi = {
  [G in Group]: {
    [M in MethodOf<G>]: InputOf<G, M> extends void
      ? () => Promise<BridgeResult<OutputOf<G, M>>>
      : (input: InputOf<G, M>) => Promise<BridgeResult<OutputOf<G, M>>>;
  };
};

export interface EngageBridge extends BridgeApi {
  /** Subscribes to pushed events; returns the unsubscribe function. */
  on<K extends PushEventName>(event: K, listener: (data: PushEvents[K]) => void): () => void;
}

/**
 * Builds the named functions from one generic call, for every transport (preload, HTTP bridge,
 * in-memory bridge), so none of them can forget or invent an operation.
 */
export function buildBridgeApi(
  call: (name: OperationName, input: unknown) => Promise<BridgeResult<unknown>>,
): BridgeApi {
  const api: Record<
    string,
    Record<string, (input?: unknown) => Promise<BridgeResult<unknown>>>
  > = {};
  for (const name of operationNames()) {
    const [group, method] = name.split('.') as [string, string];
    (api[group] ??= {})[method] = (input?: unknown) => call(name, input);
  }
  return api as unknown as BridgeApi;
}
