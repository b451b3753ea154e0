import { operationNames, type BridgeResult, type OperationName } from '../contract';
import type { InputSpec } from '../contract/input-spec';
import { OPERATION_INPUTS } from './operation-inputs';
import { ProblemError } from '../errors';
import { DESK_ACTOR } from '../schemas/actor';
import type { AuditContext } from '../domain/audit-trail';
import { parserFor } from './input-parsers';
import { creditOperations, keyOperations, notificationOperations } from './account-operations';
import { alertOperations } from './alert-operations';
import { auditOperations } from './audit-operations';
import { developerOperations } from './developer-operations';
import { callOperations, conversationOperations } from './engagement-operations';
import { formOperations } from './form-authoring-operations';
import { responseOperations } from './responses-operations';
import { exportOperations, patientImportOperations } from './transfer-operations';
import type { OperationDef, OperationDeps, OperationHandlers } from './operation-kit';
import { noteOperations } from './notes-operations';
import { patientOperations } from './patients-operations';
import { receiverOperations } from './receiver-operations';
import { sandboxOperations } from './sandbox-operations';
import { outboxOperations, scheduleOperations, seriesOperations } from './schedules-operations';
import { settingsOperations } from './settings-operations';
import { archiveOperations } from './archive-operations';
import { backupOperations } from './backup-operations';
import { webhookOperations } from './webhooks-operations';

export type {
  OperationDeps,
  OperationHandlers,
  OperationHost,
  RestoreRequest,
} from './operation-kit';

const WINDOW: AuditContext = { channel: 'window', actor: DESK_ACTOR };

/** Every operation of the contract, grouped as the contract groups them. */
export function createOperationHandlers(deps: OperationDeps): OperationHandlers {
  return {
    app: { info: { run: () => deps.info() } },
    patients: patientOperations(deps),
    notes: noteOperations(deps),
    forms: formOperations(deps),
    responses: responseOperations(deps),
    patientImport: patientImportOperations(deps),
    exports: exportOperations(deps),
    schedules: scheduleOperations(deps),
    series: seriesOperations(deps),
    outbox: outboxOperations(deps),
    conversations: conversationOperations(deps),
    calls: callOperations(deps),
    credits: creditOperations(deps),
    keys: keyOperations(deps),
    webhooks: webhookOperations(deps),
    receiver: receiverOperations(deps),
    alerts: alertOperations(deps),
    audit: auditOperations(deps),
    notifications: notificationOperations(deps),
    developer: developerOperations(deps),
    settings: settingsOperations(deps),
    backups: backupOperations(deps),
    archives: archiveOperations(deps),
    sandbox: sandboxOperations(deps),
  };
}

export interface Operations {
  /**
   * Runs one operation by name (`patients.list`). Never throws: a refusal of the domain comes
   * back as its problem code, detail and extensions; anything unexpected as `internal_error`
   * with a generic message (the cause goes to `onError`, never to the window).
   */
  run(name: string, input: unknown): Promise<BridgeResult<unknown>>;
  /** The names served: exactly the contract's (the coverage test compares them). */
  names: OperationName[];
  handlers: OperationHandlers;
}

/**
 * The one handler map every transport serves (IPC in Electron, the web bridge route): each
 * operation validates its input with the service's TypeBox schemas and calls the domain
 * directly, never through HTTP.
 */
export function createOperations(
  deps: OperationDeps & { onError?: (name: string, error: unknown) => void },
): Operations {
  const handlers = createOperationHandlers(deps);
  // One parser per operation, compiled once from its contract entry (contract/operation-inputs).
  const parsers = new Map(
    operationNames().map((name) => {
      const [group, method] = name.split('.') as [string, string];
      const specs = OPERATION_INPUTS as unknown as Record<string, Record<string, InputSpec>>;
      return [name, parserFor(specs[group]![method]!)] as const;
    }),
  );
  const parse = (name: OperationName) => parsers.get(name)!;
  const groups = handlers as unknown as Record<
    string,
    Record<string, OperationDef<unknown, unknown>>
  >;

  function find(name: string): OperationDef<unknown, unknown> | undefined {
    const dot = name.indexOf('.');
    if (dot < 0) return undefined;
    const group = name.slice(0, dot);
    const method = name.slice(dot + 1);
    // Own properties only: `constructor`, `__proto__` and friends are not operations.
    if (!Object.hasOwn(groups, group) || !Object.hasOwn(groups[group]!, method)) return undefined;
    return groups[group]![method];
  }

  return {
    names: (Object.keys(handlers) as (keyof OperationHandlers)[]).flatMap((group) =>
      Object.keys(handlers[group]).map((method) => `${group}.${method}` as OperationName),
    ),
    handlers,
    async run(name, input) {
      const def = typeof name === 'string' ? find(name) : undefined;
      if (!def) {
        return {
          ok: false,
          error: {
            code: 'unknown_operation',
            message: `There is no operation named '${String(name).slice(0, 100)}'.`,
          },
        };
      }
      try {
        const parsed = parse(name as OperationName)(input);
        // The window acts as the desk (the audit trail's actor until coordinator accounts exist).
        const { value, changed } = await deps.core.changes.collect(() =>
          deps.core.audit.as(WINDOW, () => def.run(parsed)),
        );
        return changed.length ? { ok: true, value, changed } : { ok: true, value };
      } catch (error) {
        if (error instanceof ProblemError) {
          return {
            ok: false,
            error: {
              code: error.code,
              message: error.detail,
              ...(Object.keys(error.extensions).length ? { details: error.extensions } : {}),
            },
          };
        }
        deps.onError?.(name, error);
        return {
          ok: false,
          error: {
            code: 'internal_error',
            message: 'Something went wrong in Engage Desk; the action was not completed.',
          },
        };
      }
    },
  };
}
