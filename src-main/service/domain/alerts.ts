import { ProblemError } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { Actor } from '../schemas/actor';
import type {
  Alert,
  AlertListQuery,
  AlertPriority,
  AlertReasonCode,
  AlertSource,
} from '../schemas/alert';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { ALERT_LIST, type AlertRow } from '../store/queries/alerts';
import type { TriageSign } from '../triage/signs';
import { reasonText, type ReasonDetail } from './alert-reasons';
import { resourceReader } from './resource-reader';

/** What raises an alert: always inside the transaction of its cause. */
export interface AlertInput {
  patientId: string;
  source: { type: AlertSource; id: string };
  priority: AlertPriority;
  code: AlertReasonCode;
  signs?: readonly TriageSign[];
  detail?: ReasonDetail & Record<string, unknown>;
}

/** What the domain needs to raise one (chats, calls, responses and deliveries get only this). */
export interface AlertRaiser {
  raise(input: AlertInput): Promise<string>;
}

const PRIORITY_RANK: Record<AlertPriority, number> = { urgent: 0, review: 1 };

/**
 * Alerts: every warning sign in front of a coordinator. Raised in the transaction of the change
 * that caused it, so an escalated message and its alert exist together or not at all. A second
 * sign from the same source while its alert is still open joins that alert (the higher priority
 * and every sign); once a person has acknowledged it, a new sign raises a new alert, so nothing
 * new hides behind an alert someone has already seen.
 */
export function createAlerts(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
}) {
  const { db, clock, newId, q } = deps;
  const { row, getJson, get } = resourceReader<AlertRow, Alert>(
    'alert',
    q.alerts.get,
    q.alerts.getJson,
  );

  async function raise(input: AlertInput): Promise<string> {
    const at = clock.nowIso();
    const signs = [...(input.signs ?? [])];
    const detail = input.detail ?? {};
    const open = await q.alerts.openFor(input.source.type, input.source.id);
    if (open) {
      const merged = [...new Set([...(JSON.parse(open.signs) as TriageSign[]), ...signs])];
      // The more serious reason leads; an equal one is replaced by the newer.
      const keepOld = PRIORITY_RANK[open.priority] < PRIORITY_RANK[input.priority];
      const code = keepOld ? (open.reason_code as AlertReasonCode) : input.code;
      const kept = keepOld ? (JSON.parse(open.detail) as ReasonDetail) : detail;
      await q.alerts.merge({
        id: open.id,
        priority: keepOld ? open.priority : input.priority,
        reason_code: code,
        reason: reasonText(code, merged, kept),
        signs: JSON.stringify(merged),
        detail: JSON.stringify(kept),
        at,
      });
      return open.id;
    }
    const id = newId('alert');
    await q.alerts.insert({
      id,
      patient_id: input.patientId,
      source_type: input.source.type,
      source_id: input.source.id,
      priority: input.priority,
      reason_code: input.code,
      reason: reasonText(input.code, signs, detail),
      signs: JSON.stringify(signs),
      detail: JSON.stringify(detail),
      raised_at: at,
    });
    return id;
  }

  function notOpen(alert: AlertRow, action: 'acknowledge' | 'resolve'): ProblemError {
    return new ProblemError(
      400,
      alert.state === 'resolved' ? 'alert_resolved' : 'alert_acknowledged',
      `This alert is already ${alert.state}; it cannot be ${action}d again.`,
      { alertState: alert.state },
    );
  }

  const acknowledge = (id: string, by: Actor, note?: string): Promise<Alert> =>
    db.transaction(async () => {
      const alert = await row(id);
      if (alert.state !== 'open') throw notOpen(alert, 'acknowledge');
      await q.alerts.acknowledge({
        id,
        at: clock.nowIso(),
        by: JSON.stringify(by),
        note: note?.trim() || null,
      });
      return await get(id);
    });

  const resolve = (id: string, by: Actor, note?: string): Promise<Alert> =>
    db.transaction(async () => {
      const alert = await row(id);
      if (alert.state === 'resolved') throw notOpen(alert, 'resolve');
      await q.alerts.resolve({
        id,
        at: clock.nowIso(),
        by: JSON.stringify(by),
        note: note?.trim() || null,
      });
      return await get(id);
    });

  return {
    raise,
    acknowledge,
    resolve,
    get,
    getJson,
    async list(query: AlertListQuery): Promise<ListPage> {
      const where = equalTo({
        patient_id: query.patientId,
        state: query.state,
        priority: query.priority,
        source_type: query.sourceType,
      });
      return await deps.listPage(ALERT_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: {
          patientId: query.patientId,
          state: query.state,
          priority: query.priority,
          sourceType: query.sourceType,
        },
        where,
      });
    },
    /** Open alerts by priority: the navigation badge and the dashboard. */
    openCounts: () => q.alerts.openCounts(),
    /** The patient's alerts not yet resolved, urgent first (the patient page header). */
    unresolvedOf: async (patientId: string): Promise<Alert[]> =>
      (await q.alerts.unresolvedOfPatient(patientId)).map((json) => JSON.parse(json) as Alert),
    hasUrgentUnresolved: (patientId: string) => q.alerts.hasUrgentUnresolved(patientId),
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
