import { createPrng } from '../../src-main/service/seed/prng';
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../src-main/service/errors';
import { bookViolations, spendingCounts } from './crash/books';
import { CHECK_REFUSED } from './engine-sql';
import {
  expectProblem,
  formFixture,
  serversClosedAfterEach,
  type ApiResponse,
  type TestServer,
} from './helpers';

/**
 * Concurrency (issue 8.3): many spenders at once against a small balance. The balance never goes
 * below zero, what the successes cost is exactly what the balance lost, every refusal is a clean
 * 402 insufficient_credits problem, and a refused request leaves nothing behind.
 */

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-23T09:00:00.000Z'));
const SEED = 0x5eed8;
const SMALL_BALANCE = 25;
const SPENDERS = 200;
/** Each message goes to a conversation of its own, so no two race on one conversation. */
const CONVERSATIONS = 60;

type Kind = 'conversation' | 'message' | 'whatsapp' | 'email' | 'call';
const PRICE: Record<Kind, number> = {
  conversation: 10,
  message: 1,
  whatsapp: 2,
  email: 1,
  // A call reserves its first started minute when it is created (api-decisions "Call charging").
  call: 5,
};
/** What a request of each kind needs in hand: its price. */
const REQUIRED: Record<Kind, number> = PRICE;

interface Spender {
  kind: Kind;
  path: string;
  body: unknown;
  conversationId?: string;
  res?: ApiResponse;
}

/** A service whose plan opens the account with exactly `credits`. */
const withCredits = (credits: number) =>
  newServer({ plans: { starter: credits, professional: credits, enterprise: credits } });

async function ledgerSince(server: TestServer, seq: number) {
  return await server.service.core.db
    .prepare<
      [number],
      { kind: string; amount: number; resource_type: string; resource_id: string }
    >(
      'SELECT kind, amount, resource_type, resource_id FROM credit_ledger WHERE seq > ? ORDER BY seq',
    )
    .all(seq);
}

const lastSeq = async (server: TestServer) =>
  (await server.service.core.db
    .prepare('SELECT max(seq) FROM credit_ledger')
    .pluck()
    .get()) as number;

describe('many concurrent spenders against a small balance', () => {
  it('never go below zero, pay exactly what they get, and are refused with clean 402s', async () => {
    // Enough for the conversations the messages go to, and then a small balance.
    const server = await withCredits(CONVERSATIONS * 10 + SMALL_BALANCE);
    const { core } = server.service;
    const { formId, patientId } = await formFixture(server);
    const conversationIds: string[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const started = await core.conversations.start({
        patientId,
        context: 'Follow-up after knee surgery.',
        language: 'en',
      });
      conversationIds.push(started.id);
    }
    expect((await core.credits.balance()).balance).toBe(SMALL_BALANCE);
    const before = await spendingCounts(core.db);
    const seq = await lastSeq(server);

    const rng = createPrng(SEED);
    const free = [...conversationIds];
    const spenders: Spender[] = Array.from({ length: SPENDERS }, () => {
      const roll = rng.next();
      if (roll < 0.3 && free.length) {
        const conversationId = free.splice(rng.int(0, free.length - 1), 1)[0]!;
        return {
          kind: 'message' as const,
          path: `/conversations/${conversationId}/messages`,
          body: { content: 'The pain is better today.' },
          conversationId,
        };
      }
      if (roll < 0.55)
        return {
          kind: 'conversation' as const,
          path: '/conversations',
          body: { patientId, context: 'Check how the patient is doing.', language: 'en' },
        };
      if (roll < 0.75)
        return {
          kind: 'whatsapp' as const,
          path: '/form-schedules',
          body: { formId, patientId, channel: 'whatsapp' },
        };
      if (roll < 0.85)
        return {
          kind: 'email' as const,
          path: '/form-schedules',
          body: { formId, patientId, channel: 'email', scheduledAt: '2026-11-24T09:00:00Z' },
        };
      return {
        kind: 'call' as const,
        path: '/voice/calls',
        body: { patientId, purpose: 'Post-operative check.' },
      };
    });

    // All at once: every request is in flight before the first answer comes back.
    await Promise.all(
      spenders.map(async (spender, i) => {
        spender.res = await server.request('POST', spender.path, {
          body: spender.body,
          headers: { 'idempotency-key': `spender-${i}` },
        });
      }),
    );

    const after = (await core.credits.balance()).balance;
    expect(after).toBeGreaterThanOrEqual(0);
    const ok = spenders.filter((s) => s.res!.status < 300);
    const refused = spenders.filter((s) => s.res!.status >= 300);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(SPENDERS / 2);

    // Every refusal is a clean 402 naming the balance it met and what it needed; since the balance
    // only went down, it met at least the final balance and needed more than that.
    for (const spender of refused) {
      expectProblem(spender.res!, 402, 'insufficient_credits');
      const body = spender.res!.body as { balance: number; required: number };
      expect(body.required, spender.kind).toBe(REQUIRED[spender.kind]);
      expect(body.balance).toBeLessThan(body.required);
      expect(body.balance).toBeGreaterThanOrEqual(after);
      expect(after, `a ${spender.kind} refused though ${after} credits were left`).toBeLessThan(
        REQUIRED[spender.kind],
      );
    }

    // What the successes cost is exactly what the balance lost, entry for entry.
    const cost = ok.reduce((sum, s) => sum + PRICE[s.kind], 0);
    expect(SMALL_BALANCE - after).toBe(cost);
    const entries = await ledgerSince(server, seq);
    expect(entries.every((e) => e.kind === 'consume')).toBe(true);
    expect(entries.reduce((sum, e) => sum - e.amount, 0)).toBe(cost);
    const paidFor = (s: Spender) =>
      s.kind === 'message' ? s.conversationId! : (s.res!.body as { id: string }).id;
    expect(entries.map((e) => e.resource_id).sort()).toEqual(ok.map(paidFor).sort());

    // Refused requests left nothing: the rows are exactly those of the successes.
    const count = (kind: Kind) => ok.filter((s) => s.kind === kind).length;
    const now = await spendingCounts(core.db);
    expect(now.conversations - before.conversations).toBe(count('conversation'));
    expect(now.conversation_messages - before.conversation_messages).toBe(
      count('conversation') + 2 * count('message'),
    );
    expect(now.form_schedules - before.form_schedules).toBe(count('whatsapp') + count('email'));
    expect(now.calls - before.calls).toBe(count('call'));
    for (const spender of refused.filter((s) => s.kind === 'message')) {
      const conversation = await server.request('GET', `/conversations/${spender.conversationId}`);
      expect(conversation.body.messages).toHaveLength(1);
      expect(conversation.body.creditsConsumed).toBe(10);
    }
    expect(await bookViolations(core.db)).toEqual([]);

    // A refused request's answer is kept for its key: the retry is refused the same way, still
    // charging nothing.
    const retried = refused[0]!;
    const again = await server.request('POST', retried.path, {
      body: retried.body,
      headers: { 'idempotency-key': `spender-${spenders.indexOf(retried)}` },
    });
    expect(again.status).toBe(402);
    expect((await core.credits.balance()).balance).toBe(after);
  });

  it('keeps the balance at or above zero in the database itself, not only in the code', async () => {
    const server = await withCredits(3);
    const { core } = server.service;
    const seq = await lastSeq(server);

    // The domain refuses first, with the 402 and nothing written.
    await expect(core.credits.charge({ amount: 4, reason: 'Too much' })).rejects.toThrow(
      ProblemError,
    );
    expect(await ledgerSince(server, seq)).toEqual([]);

    // A write that went around the domain meets the CHECK constraints.
    await expect(
      core.db
        .prepare(
          'UPDATE credit_account SET balance = balance - 4, allowance_balance = allowance_balance - 4',
        )
        .run(),
    ).rejects.toThrow(CHECK_REFUSED);
    await expect(
      core.db
        .prepare(
          `INSERT INTO credit_ledger (id, kind, amount, balance_after, reason, created_at)
           VALUES ('led_negative', 'consume', -4, -1, 'Around the domain', '2026-11-23T09:00:00.000Z')`,
        )
        .run(),
    ).rejects.toThrow(CHECK_REFUSED);
    expect((await core.credits.balance()).balance).toBe(3);
    expect(await bookViolations(core.db)).toEqual([]);
  });

  it('lets exactly one of many racing spenders take the last credits', async () => {
    const server = await withCredits(10);
    const { formId, patientId } = await formFixture(server);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        server.request('POST', '/conversations', {
          body: { patientId, context: 'Race for the last ten credits.' },
          headers: { 'idempotency-key': `last-${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 201))
      expectProblem(res, 402, 'insufficient_credits');
    expect((await server.service.core.credits.balance()).balance).toBe(0);
    // And at zero, the cheapest spend is refused too.
    const schedule = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email' },
    });
    expectProblem(schedule, 402, 'insufficient_credits');
    expect(await bookViolations(server.service.core.db)).toEqual([]);
  });
});
