import { AsyncLocalStorage } from 'node:async_hooks';
import { validationFailed } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { Actor } from '../schemas/actor';
import type {
  AuditAction,
  AuditActor,
  AuditChannel,
  AuditEventListQuery,
  AuditResource,
} from '../schemas/audit-event';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListCondition, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import {
  AUDIT_EVENT_LIST,
  AUDIT_RETENTION_SETTING,
  type NewAuditEvent,
} from '../store/queries/audit-events';
import { dateRangeConditions } from './date-range';

/** Who is acting and from where: set once by each transport around the work it asks for. */
export interface AuditContext {
  channel: AuditChannel;
  actor: AuditActor | Actor;
}

/** What one event names: a record by type and id, and whose record it is. */
export interface AuditEntry {
  resourceType: AuditResource;
  resourceId: string;
  patientId: string;
  /** For an export: how many patients it held. */
  count?: number;
}

/**
 * How a domain method is audited: its action, whether it writes (then the events commit in the
 * write's own transaction, so a refused write records nothing), and the records a call concerns,
 * from its arguments and its result (ids only).
 */
export interface AuditRule<A extends unknown[], R> {
  action: AuditAction;
  write?: boolean;
  /**
   * A write that commits by itself (an asynchronous one, or a chat's end, which commits a due
   * close even when refused): its events are stored right after it, with their own commit,
   * never left to the reads' group commit.
   */
  after?: boolean;
  entries(args: A, result: R): readonly AuditEntry[] | Promise<readonly AuditEntry[]>;
}

/** The audited methods of a service (the others pass through untouched). */
export type AuditRules<S> = {
  readonly [K in keyof S]?: S[K] extends (...args: infer A) => Promise<infer R>
    ? AuditRule<A, R>
    : never;
};

export const DEFAULT_RETENTION_YEARS = 6;
/** How long a read's event waits for company before its group commit. */
const READ_COMMIT_MS = 100;

interface Scope {
  context: AuditContext;
  /** Closed once the transport's work answered: a timer or job it started records nothing. */
  state: { open: boolean };
  /** Inside an audited call already: what it calls in turn is part of the same event. */
  inside: boolean;
}

/**
 * The audit trail (docs/data-safety.md). Transports say who acts and from where (`as`:
 * the HTTP layer with the request's API key, the window's operations as the desk, the CLI as its
 * command); the domain services the transports reach are wrapped once in core.ts with their rules
 * (audit-rules.ts), so each read of a patient's record and each change records itself, whoever
 * asked, and nothing is sprinkled over routes or operations. The service's own work (jobs, the
 * demo seed, the patient's own form and chat pages) has no context and records nothing.
 */
export function createAuditTrail(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
  /** A group commit that failed (its events wait for the next one); core.ts reports it. */
  onFlushError?: (error: unknown) => void;
}) {
  const { db, clock, newId, q } = deps;
  const scopes = new AsyncLocalStorage<Scope>();

  // Reads are recorded by group commit: their events wait up to READ_COMMIT_MS and are stored
  // together in one transaction, so a read's answer never waits for a disk sync (the store syncs
  // every commit: about 3 ms here, several times the read itself; docs/benchmarks.md) and the
  // reads of that moment share one. A write's events are stored in the write's own transaction
  // instead, so a write is never without its event. Reading the trail, a purge, a write and
  // closing the database (every graceful close: create-service.ts) store what waits first; an
  // abrupt end (power cut, crash, SIGKILL) loses at most the reads of the last READ_COMMIT_MS.
  let pending: NewAuditEvent[] = [];
  let flushScheduled = false;
  const storeAll = (rows: NewAuditEvent[]) =>
    db.transaction(async () => {
      for (const row of rows) await q.auditEvents.insert(row);
    });

  function scheduleFlush(): void {
    if (flushScheduled) return;
    flushScheduled = true;
    // Unref'd: a pending commit never keeps the process alive (close() stores it).
    setTimeout(() => void timedFlush(), READ_COMMIT_MS).unref();
  }

  /**
   * The flush under way, if any. A caller that reads the trail after flush() must see its rows
   * too: SQLite's in-memory store made that read wait for the commit, PostgreSQL does not.
   */
  let storing: Promise<unknown> | undefined;

  /** Stores the waiting events now; throws if the store refuses, keeping them for the next try. */
  async function flush(): Promise<void> {
    flushScheduled = false;
    // Only when one is under way: a flush with nothing to wait for keeps its turn among the
    // writes around it. A refused one puts its rows back into `pending`: they go in here.
    if (storing) await storing.catch(() => undefined);
    if (!pending.length || !db.open) return;
    const rows = pending;
    pending = [];
    const stored = storeAll(rows);
    storing = stored;
    try {
      await stored;
    } catch (error) {
      // A busy or full disk: the events are kept (older first) and tried again, never dropped.
      pending = [...rows, ...pending];
      throw error;
    } finally {
      if (storing === stored) storing = undefined;
    }
  }

  /** The timer's flush: a failure is reported and retried, never thrown out of a timer. */
  async function timedFlush(): Promise<void> {
    try {
      await flush();
    } catch (error) {
      deps.onFlushError?.(error);
      scheduleFlush();
    }
  }

  async function record(
    context: AuditContext,
    action: AuditAction,
    entries: readonly AuditEntry[],
    write: boolean,
  ) {
    if (!entries.length) return;
    const at = clock.nowIso();
    const actorId = context.actor.type === 'api_key' ? (context.actor.id ?? null) : null;
    const rows = entries.map((entry): NewAuditEvent => ({
      id: newId('aud'),
      at,
      actor_type: context.actor.type,
      actor_id: actorId,
      actor_name: context.actor.name,
      channel: context.channel,
      action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      patient_id: entry.patientId,
      count: entry.count ?? null,
    }));
    // Inside a transaction (a write, or a read a write makes), the events commit with it.
    if (db.inTransaction) {
      for (const row of rows) await q.auditEvents.insert(row);
      return;
    }
    // A write that committed by itself: its events now, after the reads waiting before it.
    if (write) {
      await timedFlush();
      await storeAll(rows);
      return;
    }
    pending.push(...rows);
    scheduleFlush();
  }

  function wrap<A extends unknown[], R>(
    method: (...args: A) => Promise<R>,
    self: unknown,
    rule: AuditRule<A, R>,
  ): (...args: A) => Promise<R> {
    const writes = Boolean(rule.write || rule.after);
    async function run(scope: Scope, args: A): Promise<R> {
      const result = await method.apply(self, args);
      await record(scope.context, rule.action, await rule.entries(args, result), writes);
      return result;
    }
    return async function (...args: A): Promise<R> {
      const scope = scopes.getStore();
      if (!scope?.state.open || scope.inside) return await method.apply(self, args);
      const inner: Scope = { ...scope, inside: true };
      // The reads waiting for their group commit are older than this write: stored first, in
      // their own commit (so a write that fails takes none of them with it), the trail keeps
      // the order things happened in. Inside a caller's transaction they wait for the timer.
      if (rule.write && !db.inTransaction) await timedFlush();
      return await scopes.run(inner, async () =>
        rule.write ? await db.transaction(() => run(inner, args)) : await run(inner, args),
      );
    };
  }

  async function retentionYears(): Promise<number> {
    return Number((await q.settings.get(AUDIT_RETENTION_SETTING)) ?? DEFAULT_RETENTION_YEARS);
  }

  /** The purge's bound by the service clock: events older than `years` before now. */
  function horizonOf(years: number): string {
    const horizon = new Date(clock.now());
    horizon.setUTCFullYear(horizon.getUTCFullYear() - years);
    return horizon.toISOString();
  }

  function checkYears(years: number): void {
    if (!Number.isInteger(years) || years < 1 || years > 30) {
      throw validationFailed([
        {
          pointer: '/auditRetentionYears',
          code: 'range',
          detail: 'The audit trail is kept from 1 to 30 whole years.',
        },
      ]);
    }
  }

  /** Who changes the retention: the transport's scope; code with none (a script) as a command. */
  const UNSCOPED: AuditContext = { channel: 'cli', actor: { type: 'cli', name: 'engage-desk' } };

  return {
    /**
     * Runs `work` as `context`: every audited call it makes, synchronously or after an await,
     * records as that actor from that channel, until `work` has answered.
     */
    as<T>(context: AuditContext, work: () => T): T {
      const scope: Scope = { context, state: { open: true }, inside: false };
      let async = false;
      try {
        const result = scopes.run(scope, work);
        if (result instanceof Promise) {
          async = true;
          return result.finally(() => (scope.state.open = false)) as T;
        }
        return result;
      } finally {
        if (!async) scope.state.open = false;
      }
    },

    /** The service with its audited methods recording themselves (the others untouched). */
    audited<S extends object>(service: S, rules: AuditRules<S>): S {
      const wrapped: Record<string, unknown> = { ...(service as Record<string, unknown>) };
      for (const [name, rule] of Object.entries(rules) as [
        string,
        AuditRule<unknown[], unknown>,
      ][]) {
        const method = (service as Record<string, unknown>)[name];
        if (typeof method !== 'function') throw new Error(`No method ${name} to audit`);
        wrapped[name] = wrap(method as (...args: unknown[]) => Promise<unknown>, service, rule);
      }
      return wrapped as S;
    },

    /**
     * Stores the reads' events still waiting for their group commit (before the trail is read,
     * before the database closes; tests).
     */
    flush,

    /** The trail, newest first, with GET /audit-events' filters. Reading it records nothing. */
    async list(query: AuditEventListQuery): Promise<ListPage> {
      await flush();
      const where: ListCondition[] = [
        ...equalTo({
          patient_id: query.patientId,
          action: query.action,
          channel: query.channel,
        }),
        ...dateRangeConditions('at', query.from, query.to),
      ];
      if (query.actor?.startsWith('key_'))
        where.push({ sql: 'actor_id = ?', params: [query.actor] });
      else if (query.actor) {
        where.push({ sql: 'actor_id IS NULL AND actor_type = ?', params: [query.actor] });
      }
      return await deps.listPage(AUDIT_EVENT_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: {
          patientId: query.patientId,
          actor: query.actor,
          action: query.action,
          channel: query.channel,
          from: query.from,
          to: query.to,
        },
        where,
      });
    },

    /** How long events are kept, in whole years (the setting; default 6). */
    retentionYears,

    /**
     * Sets the retention period, 1 to 30 whole years (the table's triggers hold the same), and
     * records the change in the trail in the same transaction: who, when, from and to (the
     * event's resourceId, `from-6-to-2`; it concerns no patient, so its patientId is empty).
     * Setting the period it already has changes and records nothing.
     */
    setRetentionYears: (years: number): Promise<void> =>
      db.transaction(async () => {
        checkYears(years);
        const from = await retentionYears();
        if (from === years) return;
        await q.settings.set(AUDIT_RETENTION_SETTING, String(years));
        const scope = scopes.getStore();
        const context = scope?.state.open ? scope.context : UNSCOPED;
        await record(
          context,
          'retention.changed',
          [{ resourceType: 'retention', resourceId: `from-${from}-to-${years}`, patientId: '' }],
          true,
        );
      }),

    /**
     * What the next purge would delete if the period were `years`: with the purge's own bounds,
     * so the confirmation of a shorter period says exactly what goes.
     */
    async purgePreview(years: number) {
      checkYears(years);
      await flush();
      const horizon = horizonOf(years);
      const { bound, ...what } = await q.auditEvents.purgeable(horizon, years);
      // The earlier of the two bounds is the one that holds (a sandbox clock may run ahead).
      return { years, before: bound < horizon ? bound : horizon, ...what };
    },

    /**
     * The retention purge (core.ts runs it at start and every day): deletes the events older
     * than the period, by the service clock and by the computer's own one (the delete trigger's
     * bound). The `at` index makes it a range delete, nothing to wait for at start.
     */
    async purge(): Promise<number> {
      await flush();
      const years = await retentionYears();
      return await q.auditEvents.purge(horizonOf(years), years);
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
