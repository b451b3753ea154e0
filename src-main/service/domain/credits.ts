import { ProblemError } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { CreditBalance, LedgerQuery, Plan } from '../schemas/billing';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { CreditAccountRow } from '../store/queries/credit-account';
import { LEDGER_LIST, type LedgerRow } from '../store/queries/credit-ledger';
import type { Queries } from '../store/queries';
import type { EventLog } from './event-log';
import type { NotificationRaiser } from './notifications';
import { billingPeriod, LOW_BALANCE_SHARE } from './pricing';
import { dateRangeConditions } from './date-range';
import { eventData } from './event-data';
import { ledgerReasonText } from './ledger-reasons';

export const CREDITS_RESET_JOB = 'credits.reset';

export interface ChargeInput {
  amount: number;
  reason: string;
  resourceType?: string;
  resourceId?: string;
}

interface Deps {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  events: EventLog;
  plans: Record<Plan, number>;
  listPage: ListRunner;
  /** The notification centre; absent while seeding (history is not news). */
  notifications?: NotificationRaiser;
  scheduleJob: (job: {
    kind: string;
    dueAt: string;
    payload?: unknown;
    dedupeKey?: string;
  }) => Promise<unknown>;
}

/**
 * The credit ledger. Every movement is an append-only ledger entry written in the same transaction
 * as the cached balance on the account row (whose CHECK keeps it at or above zero) and as the action
 * it pays for: callers run charge() inside their own transaction, so the charge and the action
 * commit together or not at all.
 */
/** Below this balance credits.low fires: 10% of the monthly allowance (interface spec). */
export const lowBalanceThreshold = (acc: Pick<CreditAccountRow, 'monthly_allowance'>) =>
  Math.ceil(acc.monthly_allowance * LOW_BALANCE_SHARE);

export function createCredits(deps: Deps) {
  const { db, clock, newId, q, events } = deps;

  async function account(): Promise<CreditAccountRow> {
    const row = await q.creditAccount.get();
    if (!row) throw new Error('The credit account has not been opened');
    return row;
  }

  const threshold = lowBalanceThreshold;

  async function record(
    acc: CreditAccountRow,
    entry: Omit<LedgerRow, 'id' | 'balance_after' | 'created_at'>,
    at: string,
    atMs: number,
  ): Promise<LedgerRow> {
    const row: LedgerRow = {
      ...entry,
      id: newId('led', atMs),
      balance_after: acc.balance,
      created_at: at,
    };
    await q.creditLedger.insert(row);
    return row;
  }

  /** Fires credits.low once per dip below the threshold; re-arms when the balance is back. */
  async function watchLowBalance(acc: CreditAccountRow, debited: boolean): Promise<void> {
    const limit = threshold(acc);
    if (debited && acc.low_armed === 1 && acc.balance < limit) {
      acc.low_armed = 0;
      const data = eventData.creditsLow(acc, limit);
      await events.emit('credits.low', data);
      await deps.notifications?.raise('credits.low', data);
    } else if (acc.low_armed === 0 && acc.balance >= limit) {
      acc.low_armed = 1;
    }
  }

  function toBalance(acc: CreditAccountRow): CreditBalance {
    return {
      balance: acc.balance,
      plan: acc.plan,
      monthlyAllowance: acc.monthly_allowance,
      usedThisMonth: acc.used_this_period,
      resetsAt: acc.resets_at,
    };
  }

  async function scheduleReset(resetsAt: string): Promise<void> {
    await deps.scheduleJob({
      kind: CREDITS_RESET_JOB,
      dueAt: resetsAt,
      payload: { resetsAt },
      dedupeKey: `${CREDITS_RESET_JOB}:${resetsAt}`,
    });
  }

  /** Records a movement already applied to `acc`: one ledger entry, then the account row. */
  async function settle(
    acc: CreditAccountRow,
    entry: Omit<LedgerRow, 'id' | 'balance_after' | 'created_at'>,
    debited: boolean,
  ): Promise<LedgerRow> {
    const atMs = clock.now();
    const at = new Date(atMs).toISOString();
    acc.updated_at = at;
    const row = await record(acc, entry, at, atMs);
    await watchLowBalance(acc, debited);
    await q.creditAccount.save(acc);
    return row;
  }

  const resource = (input: ChargeInput) => ({
    reason: input.reason,
    resource_type: input.resourceType ?? null,
    resource_id: input.resourceId ?? null,
  });

  const charge = (input: ChargeInput): Promise<LedgerRow> =>
    db.transaction(async () => {
      assertAmount(input.amount);
      const acc = await account();
      if (acc.balance < input.amount) throw insufficient(acc.balance, input.amount);
      // The monthly allowance goes first: it expires at the reset, top-ups do not.
      const fromAllowance = Math.min(acc.allowance_balance, input.amount);
      acc.allowance_balance -= fromAllowance;
      acc.topup_balance -= input.amount - fromAllowance;
      acc.balance -= input.amount;
      acc.used_this_period += input.amount;
      const entry = {
        kind: 'consume' as const,
        amount: -input.amount,
        from_allowance: fromAllowance,
      };
      return await settle(acc, { ...entry, ...resource(input) }, true);
    });

  /**
   * Gives a resource's credits back to the pot each came from, within its validity: allowance taken
   * in this period goes back to the allowance, top-ups go back to top-ups, and allowance taken in
   * a period that has since been reset stays expired (it would otherwise outlive the reset as
   * permanent credit). Returns what was actually given back (0 writes nothing); the reason of the
   * ledger entry says how much expired. A refund without a resource (by hand) is a top-up.
   */
  const refund = (input: ChargeInput): Promise<{ entry?: LedgerRow; refunded: number }> =>
    db.transaction(async () => {
      assertAmount(input.amount);
      const acc = await account();
      const id = input.resourceId;
      const allowanceOwed = id ? await q.creditLedger.allowanceOwed(id, acc.period_start) : 0;
      const topUpOwed = id ? await q.creditLedger.topUpOwed(id) : input.amount;
      const toAllowance = Math.max(0, Math.min(allowanceOwed, input.amount));
      const toTopUp = Math.max(0, Math.min(topUpOwed, input.amount - toAllowance));
      const refunded = toAllowance + toTopUp;
      const expired = input.amount - refunded;
      if (refunded === 0) return { refunded };
      // This period's usage only loses what this period used (a charge from before the reset was
      // counted in its own period); a refund without a resource is not usage at all.
      const usedNow = id
        ? Math.max(0, await q.creditLedger.periodConsumed(id, acc.period_start))
        : 0;
      acc.allowance_balance += toAllowance;
      acc.topup_balance += toTopUp;
      acc.balance += refunded;
      acc.used_this_period = Math.max(0, acc.used_this_period - Math.min(refunded, usedNow));
      const reason =
        expired > 0
          ? ledgerReasonText({ code: 'other', text: input.reason, expired })
          : input.reason;
      const entry = { kind: 'refund' as const, amount: refunded, from_allowance: toAllowance };
      return {
        entry: await settle(acc, { ...entry, ...resource({ ...input, reason }) }, false),
        refunded,
      };
    });

  /**
   * Credits bought on top of the plan; they do not expire at the monthly reset. A person's note
   * (a card, an invoice) follows the reason's own words, so the window can translate those.
   */
  const topUp = (amount: number, note?: string): Promise<LedgerRow> =>
    db.transaction(async () => {
      const reason = ledgerReasonText({ code: 'topUp', ...(note ? { note } : {}) });
      assertAmount(amount);
      const acc = await account();
      acc.topup_balance += amount;
      acc.balance += amount;
      const entry = { kind: 'grant' as const, amount, from_allowance: 0 };
      return await settle(acc, { ...entry, ...resource({ amount, reason }) }, false);
    });

  /**
   * The monthly reset: what is left of the allowance expires and a fresh allowance is granted, in
   * one transaction; top-ups are untouched. Runs as a durable job at `resetsAt`; a job whose period
   * was already reset does nothing, so a replayed job cannot grant twice.
   */
  const resetPeriod = (resetsAt: string): Promise<boolean> =>
    db.transaction(async () => {
      const acc = await account();
      if (acc.resets_at !== resetsAt) return false;
      const atMs = Date.parse(resetsAt);
      const at = resetsAt;
      if (acc.allowance_balance > 0) {
        const expired = acc.allowance_balance;
        acc.allowance_balance = 0;
        acc.balance -= expired;
        await record(
          acc,
          {
            kind: 'reset',
            amount: -expired,
            from_allowance: expired,
            reason: ledgerReasonText({ code: 'allowanceExpired' }),
            resource_type: null,
            resource_id: null,
          },
          at,
          atMs,
        );
      }
      const period = billingPeriod(atMs);
      acc.allowance_balance = acc.monthly_allowance;
      acc.balance += acc.monthly_allowance;
      acc.used_this_period = 0;
      acc.period_start = period.start;
      acc.resets_at = period.end;
      acc.updated_at = at;
      await record(
        acc,
        {
          kind: 'grant',
          amount: acc.monthly_allowance,
          from_allowance: acc.monthly_allowance,
          reason: ledgerReasonText({ code: 'allowance', plan: acc.plan }),
          resource_type: null,
          resource_id: null,
        },
        at,
        atMs,
      );
      await watchLowBalance(acc, false);
      await q.creditAccount.save(acc);
      await scheduleReset(acc.resets_at);
      return true;
    });

  /** Opens the account on a plan with its first allowance (a new install or a sandbox reset). */
  const open = (plan: Plan): Promise<CreditBalance> =>
    db.transaction(async () => {
      const existing = await q.creditAccount.get();
      if (existing) return toBalance(existing);
      const atMs = clock.now();
      const at = new Date(atMs).toISOString();
      const period = billingPeriod(atMs);
      const allowance = deps.plans[plan];
      const acc: CreditAccountRow = {
        id: 1,
        plan,
        monthly_allowance: allowance,
        allowance_balance: allowance,
        topup_balance: 0,
        balance: allowance,
        used_this_period: 0,
        period_start: period.start,
        resets_at: period.end,
        low_armed: 1,
        updated_at: at,
      };
      await q.creditAccount.insert(acc);
      await record(
        acc,
        {
          kind: 'grant',
          amount: allowance,
          from_allowance: allowance,
          reason: ledgerReasonText({ code: 'allowance', plan }),
          resource_type: null,
          resource_id: null,
        },
        at,
        atMs,
      );
      await scheduleReset(acc.resets_at);
      return toBalance(acc);
    });

  /** A plan change takes effect at the next reset: the current allowance is kept. */
  const setPlan = (plan: Plan): Promise<CreditBalance> =>
    db.transaction(async () => {
      const acc = await account();
      acc.plan = plan;
      acc.monthly_allowance = deps.plans[plan];
      acc.updated_at = clock.nowIso();
      await watchLowBalance(acc, false);
      await q.creditAccount.save(acc);
      return toBalance(acc);
    });

  return {
    charge,
    refund,
    topUp,
    open,
    setPlan,
    resetPeriod,
    balance: async (): Promise<CreditBalance> => toBalance(await account()),
    /**
     * The 402 a charge of `amount` would meet, thrown before slow work (a language model's reply)
     * rather than after it; the charge itself checks again when it commits.
     */
    async requireBalance(amount: number): Promise<void> {
      const { balance } = await account();
      if (balance < amount) throw insufficient(balance, amount);
    },
    /** Makes sure the next monthly reset is on the job table (idempotent; run at every start). */
    async ensureResetScheduled(): Promise<void> {
      const acc = await q.creditAccount.get();
      if (acc) await scheduleReset(acc.resets_at);
    },
    async ledger(query: LedgerQuery): Promise<ListPage> {
      const where = [
        ...equalTo({ kind: query.kind }),
        ...dateRangeConditions('created_at', query.from, query.to),
      ];
      return await deps.listPage(LEDGER_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { kind: query.kind, from: query.from, to: query.to },
        where,
      });
    },
  };
}

export type Credits = ReturnType<typeof createCredits>;

function insufficient(balance: number, required: number): ProblemError {
  return new ProblemError(
    402,
    'insufficient_credits',
    `This action needs ${required} credits and the balance is ${balance}.`,
    { balance, required },
  );
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`A credit movement must be a positive whole number, got ${amount}`);
  }
}
