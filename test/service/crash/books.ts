import type { Queryable } from '../queryable';
import { DEFAULT_PRICES } from '../../../src-main/service/domain/pricing';

/**
 * The books of a clinic database, checked from the rows themselves (never through the service's
 * own code): the cached balance against the append-only ledger, and every charge against the
 * resource it paid for, both ways. Returns the violations found; an empty list means the books
 * balance. Works on the live connection of an in-process server and on a read-only connection
 * to the file a killed child process left behind.
 */
export async function bookViolations(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const all = async <T>(sql: string, ...params: unknown[]) =>
    (await db.prepare(sql).all(...params)) as T[];
  const one = async <T>(sql: string, ...params: unknown[]) =>
    (await db.prepare(sql).get(...params)) as T;

  // 1. The balance is the sum of the ledger (whose first entry is the opening grant), and the last
  //    entry's balance_after; it never went below zero.
  const account = await one<
    | {
        balance: number;
        allowance_balance: number;
        topup_balance: number;
      }
    | undefined
  >('SELECT balance, allowance_balance, topup_balance FROM credit_account');
  if (!account) return ['no credit account'];
  const ledger = await one<{ total: number | null; entries: number; lowest: number | null }>(
    'SELECT sum(amount) AS total, count(*) AS entries, min(balance_after) AS lowest FROM credit_ledger',
  );
  const last = await one<{ balance_after: number } | undefined>(
    'SELECT balance_after FROM credit_ledger ORDER BY seq DESC LIMIT 1',
  );
  if (account.balance !== (ledger.total ?? 0))
    problems.push(`balance ${account.balance} but the ledger sums to ${ledger.total}`);
  if (last && last.balance_after !== account.balance)
    problems.push(`balance ${account.balance} but the last entry says ${last.balance_after}`);
  if (account.balance < 0 || (ledger.lowest ?? 0) < 0)
    problems.push(`balance went below zero (${account.balance}, lowest ${ledger.lowest})`);
  if (account.balance !== account.allowance_balance + account.topup_balance)
    problems.push('balance is not allowance + top-ups');
  // The running balance_after follows the amounts entry by entry.
  let running = 0;
  for (const entry of await all<{ id: string; amount: number; balance_after: number }>(
    'SELECT id, amount, balance_after FROM credit_ledger ORDER BY seq',
  )) {
    running += entry.amount;
    if (entry.balance_after !== running) {
      problems.push(`ledger ${entry.id}: balance_after ${entry.balance_after}, running ${running}`);
      break;
    }
  }

  // 2. No charge without its resource: every entry naming a resource names one that exists, and
  //    only grants and resets name none.
  for (const orphan of await all<{ id: string; kind: string; resource_type: string | null }>(
    `SELECT id, kind, resource_type FROM credit_ledger l WHERE
       (resource_type IS NULL AND kind NOT IN ('grant', 'reset'))
       OR (resource_type IS NOT NULL AND resource_type NOT IN ('conversation', 'form_schedule', 'call'))
       OR (resource_type = 'conversation' AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.id = l.resource_id))
       OR (resource_type = 'form_schedule' AND NOT EXISTS (SELECT 1 FROM form_schedules s WHERE s.id = l.resource_id))
       OR (resource_type = 'call' AND NOT EXISTS (SELECT 1 FROM calls k WHERE k.id = l.resource_id))`,
  )) {
    problems.push(`ledger ${orphan.id} (${orphan.kind} ${orphan.resource_type}) has no resource`);
  }

  // 3. No resource without its charge. A conversation: 10 at the start and 1 per patient message,
  //    one entry each, and its messages are welcome + patient/assistant pairs.
  for (const c of await all<{
    id: string;
    status: string;
    message_count: number;
    credits_consumed: number;
    messages: number;
    patient_messages: number;
    charged: number | null;
    charges: number;
    other: number;
    close_jobs: number;
  }>(
    `SELECT c.id, c.status, c.message_count, c.credits_consumed,
       (SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages,
       (SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.id AND m.role = 'patient') AS patient_messages,
       (SELECT -sum(amount) FROM credit_ledger l WHERE l.resource_id = c.id AND l.kind = 'consume') AS charged,
       (SELECT count(*) FROM credit_ledger l WHERE l.resource_id = c.id AND l.kind = 'consume') AS charges,
       (SELECT count(*) FROM credit_ledger l WHERE l.resource_id = c.id AND l.kind <> 'consume') AS other,
       (SELECT count(*) FROM jobs j WHERE j.dedupe_key = 'conversation.close:' || c.id
          AND j.status IN ('pending', 'running')) AS close_jobs
     FROM conversations c`,
  )) {
    const expected = DEFAULT_PRICES.conversationStart + c.patient_messages;
    if (c.charged !== expected || c.credits_consumed !== expected)
      problems.push(
        `conversation ${c.id}: ${c.patient_messages} messages cost ${expected}, charged ${c.charged}, says ${c.credits_consumed}`,
      );
    if (c.charges !== 1 + c.patient_messages || c.other !== 0)
      problems.push(`conversation ${c.id}: ${c.charges} charges and ${c.other} other entries`);
    if (c.messages !== c.message_count || c.messages !== 1 + 2 * c.patient_messages)
      problems.push(
        `conversation ${c.id}: ${c.messages} messages stored, count ${c.message_count}, ${c.patient_messages} from the patient`,
      );
    if (c.status === 'active' && c.close_jobs !== 1)
      problems.push(`active conversation ${c.id} has ${c.close_jobs} close jobs`);
  }

  // A schedule: one charge of its channel's price; a refund of all of it if cancelled or failed,
  // none otherwise; a pending one has its delivery job. Allowance charged before a monthly reset
  // stays expired (domain/credits.ts, refund): a schedule that failed after the reset that
  // followed its charge gets back only what had not expired, and says so.
  for (const s of await all<{
    id: string;
    status: string;
    channel: string;
    credits_consumed: number;
    credits_refunded: number | null;
    charged: number | null;
    charges: number;
    refunded: number | null;
    refunds: number;
    jobs: number;
    expired_by_reset: number;
  }>(
    `SELECT s.id, s.status, s.channel, s.credits_consumed, s.credits_refunded,
       (SELECT count(*) FROM credit_ledger r, credit_ledger c
          WHERE r.kind = 'reset' AND c.resource_id = s.id AND c.kind = 'consume'
            AND c.from_allowance > 0 AND r.seq > c.seq
            AND r.created_at <= coalesce(s.failed_at, s.cancelled_at)) AS expired_by_reset,
       (SELECT -sum(amount) FROM credit_ledger l WHERE l.resource_id = s.id AND l.kind = 'consume') AS charged,
       (SELECT count(*) FROM credit_ledger l WHERE l.resource_id = s.id AND l.kind = 'consume') AS charges,
       (SELECT sum(amount) FROM credit_ledger l WHERE l.resource_id = s.id AND l.kind = 'refund') AS refunded,
       (SELECT count(*) FROM credit_ledger l WHERE l.resource_id = s.id AND l.kind = 'refund') AS refunds,
       (SELECT count(*) FROM jobs j WHERE j.dedupe_key = 'form-schedule.deliver:' || s.id
          AND j.status IN ('pending', 'running')) AS jobs
     FROM form_schedules s`,
  )) {
    const price =
      s.channel === 'whatsapp' ? DEFAULT_PRICES.deliveryWhatsapp : DEFAULT_PRICES.deliveryEmail;
    if (s.charges !== 1 || s.charged !== price || s.credits_consumed !== price)
      problems.push(
        `schedule ${s.id} (${s.channel}): ${s.charges} charges of ${s.charged}, says ${s.credits_consumed}`,
      );
    const givesBack = s.status === 'cancelled' || s.status === 'failed';
    const whole = s.refunds === 1 && s.refunded === price && s.credits_refunded === price;
    const expired =
      s.expired_by_reset > 0 && s.refunds <= 1 && s.credits_refunded === (s.refunded ?? 0);
    if (givesBack && !whole && !expired)
      problems.push(
        `${s.status} schedule ${s.id}: ${s.refunds} refunds of ${s.refunded}, says ${s.credits_refunded}`,
      );
    if (!givesBack && (s.refunds !== 0 || s.credits_refunded !== null))
      problems.push(`${s.status} schedule ${s.id} has ${s.refunds} refunds`);
    if (s.status === 'pending' && s.jobs !== 1)
      problems.push(`pending schedule ${s.id} has ${s.jobs} delivery jobs`);
  }

  // A call (api-decisions "Call charging"): its first minute reserved when it is created, given
  // back if it is never answered, and the rest of its minutes taken once, when it is answered; so
  // a call's net charge is 5 while it waits, 0 if it failed, and its price once answered. One
  // still under way has the step that leaves its status planned (a replayed earlier step may also
  // sit there after a crash, and does nothing when it runs).
  for (const k of await all<{
    id: string;
    status: string;
    duration: number;
    credits_consumed: number;
    net: number | null;
    charges: number;
    refunds: number;
    other: number;
    steps: number;
    answered_at: string | null;
    completed_at: string | null;
  }>(
    `SELECT k.id, k.status, k.duration, k.credits_consumed,
       (SELECT -sum(amount) FROM credit_ledger l WHERE l.resource_id = k.id
          AND l.kind IN ('consume', 'refund')) AS net,
       (SELECT count(*) FROM credit_ledger l WHERE l.resource_id = k.id AND l.kind = 'consume') AS charges,
       (SELECT count(*) FROM credit_ledger l WHERE l.resource_id = k.id AND l.kind = 'refund') AS refunds,
       (SELECT count(*) FROM credit_ledger l WHERE l.resource_id = k.id
          AND l.kind NOT IN ('consume', 'refund')) AS other,
       (SELECT count(*) FROM jobs j WHERE j.dedupe_key = 'call.step:' || k.id || ':' || k.status
          AND j.status IN ('pending', 'running')) AS steps,
       k.answered_at, k.completed_at
     FROM calls k`,
  )) {
    const net = k.net ?? 0;
    if (k.other !== 0) problems.push(`call ${k.id} has ${k.other} entries that are not charges`);
    if (net !== k.credits_consumed)
      problems.push(`${k.status} call ${k.id}: charged ${net} net, says ${k.credits_consumed}`);
    if (k.status === 'completed' || k.status === 'in-progress') {
      const price = Math.ceil(k.duration / 60) * DEFAULT_PRICES.callPerStartedMinute;
      if (net !== price || k.charges > 2 || k.refunds > 1)
        problems.push(
          `${k.status} call ${k.id}: price ${price}, ${k.charges} charges and ${k.refunds} refunds, net ${net}`,
        );
    } else if (k.status === 'failed') {
      if (net !== 0 || k.charges !== 1 || k.refunds !== 1)
        problems.push(
          `failed call ${k.id}: ${k.charges} charges and ${k.refunds} refunds, net ${net}`,
        );
    } else if (net !== DEFAULT_PRICES.callReservation || k.charges !== 1 || k.refunds !== 0) {
      problems.push(`${k.status} call ${k.id}: reserved ${net} in ${k.charges} charges`);
    }
    if (k.status === 'completed') {
      // It hung up when its conversation ended, not when some other step happened to run.
      if (Date.parse(k.completed_at!) - Date.parse(k.answered_at!) !== k.duration * 1000)
        problems.push(
          `call ${k.id} answered at ${k.answered_at}, lasting ${k.duration} s, completed at ${k.completed_at}`,
        );
    } else if (k.status !== 'failed' && k.steps !== 1) {
      problems.push(`${k.status} call ${k.id} has ${k.steps} step jobs`);
    }
  }
  return problems;
}

const SPENDING_TABLES = [
  'credit_ledger',
  'conversations',
  'conversation_messages',
  'form_schedules',
  'calls',
  'events',
  'jobs',
] as const;

/** Row counts of the tables a credit-spending request writes to. */
export async function spendingCounts(
  db: Queryable,
): Promise<Record<(typeof SPENDING_TABLES)[number], number>> {
  const counts: Record<string, number> = {};
  for (const table of SPENDING_TABLES) {
    const row = (await db.prepare(`SELECT count(*) AS n FROM ${table}`).get()) as { n: number };
    counts[table] = row.n;
  }
  return counts as Record<(typeof SPENDING_TABLES)[number], number>;
}
