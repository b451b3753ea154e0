import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import { listItems } from '../../src-main/service/domain/list-page';
import { INSTRUMENTS } from '../../src-main/service/domain/instrument-scores';
import { INACTIVITY_MS } from '../../src-main/service/domain/conversations';
import type { Alert } from '../../src-main/service/schemas/alert';
import { ALERT_REASON_CODES } from '../../src-main/service/schemas/alert';
import { bookViolations } from './crash/books';
import { jsonField } from './engine-sql';

/**
 * The demo clinic at work (issue 19): the seed's present, not only its history. Open alerts of
 * every kind, each raised by a cause that exists; a history of alerts seen to; two live chats,
 * one escalated; an unread bell; patients who mostly prefer Spanish and Catalan.
 */

/** A fixed "real now": 2026-11-22 09:30 UTC. */
const FIXED_NOW = Date.parse('2026-11-22T09:30:00.000Z');
const DAY = 86_400_000;
/** The one kind the built-in call's simulated patient never says (it voices no emergency). */
const NOT_IN_DEMO = ['call_emergency'];

let core: Core;
beforeAll(async () => {
  core = await createCore({ memory: true, seed: 'demo', realNow: () => FIXED_NOW });
});
afterAll(() => core.close());

const all = async <T>(sql: string, ...params: unknown[]) =>
  (await core.db.prepare(sql).all(...params)) as T[];
const one = async <T>(sql: string, ...params: unknown[]) =>
  (await core.db
    .prepare(sql)
    .pluck()
    .get(...params)) as T;

/** An alert as listed, its detail read as the record it is. */
type ListedAlert = Omit<Alert, 'detail'> & { detail: Record<string, unknown> };

async function alerts(state?: Alert['state']): Promise<ListedAlert[]> {
  const out: ListedAlert[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await core.alerts.list({ limit: 100, cursor, ...(state ? { state } : {}) });
    out.push(...listItems<ListedAlert>(page));
    if (!page.pagination.hasMore) return out;
    cursor = page.pagination.cursor;
  }
}

const SOURCE_TABLE = {
  conversation: 'conversations',
  call: 'calls',
  form_response: 'form_responses',
  form_schedule: 'form_schedules',
} as const;

describe('the demo clinic at work', () => {
  it('holds open alerts of every kind the demo can show, urgent and for review', async () => {
    const open = await alerts('open');
    const kinds = new Set(open.map((a) => a.reasonCode));
    for (const code of ALERT_REASON_CODES.filter((c) => !NOT_IN_DEMO.includes(c)))
      expect(kinds.has(code), code).toBe(true);
    expect(open.some((a) => a.priority === 'urgent')).toBe(true);
    expect(open.some((a) => a.priority === 'review')).toBe(true);
    // The navigation's counts agree with the list.
    const counts = await core.alerts.openCounts();
    expect(counts.urgent + counts.review).toBe(open.length);
  });

  it('links every alert to the real cause that raised it, for its patient', async () => {
    for (const alert of await alerts()) {
      const table = SOURCE_TABLE[alert.source.type];
      const owner = await one<string | undefined>(
        `SELECT patient_id FROM ${table} WHERE id = ?`,
        alert.source.id,
      );
      expect(owner, `${alert.reasonCode} ${alert.source.id}`).toBe(alert.patientId);
      expect(Date.parse(alert.raisedAt)).toBeLessThanOrEqual(FIXED_NOW);
    }
    // A chat alert names the patient message that raised it, in that chat.
    for (const alert of (await alerts('open')).filter((a) => a.source.type === 'conversation')) {
      const message = await all<{ role: string; escalated: number }>(
        'SELECT role, escalated FROM conversation_messages WHERE id = ? AND conversation_id = ?',
        alert.detail.messageId,
        alert.source.id,
      );
      expect(message).toHaveLength(1);
      expect(message[0]!.role).toBe('patient');
      expect(message[0]!.escalated).toBe(alert.reasonCode === 'chat_for_team' ? 0 : 1);
    }
    // A call alert's call carries the triage that raised it.
    for (const alert of (await alerts('open')).filter((a) => a.reasonCode.startsWith('call_'))) {
      const call = (
        await all<{ status: string; metadata: string }>(
          'SELECT status, metadata FROM calls WHERE id = ?',
          alert.source.id,
        )
      )[0]!;
      if (alert.reasonCode === 'call_failed') expect(call.status).toBe('failed');
      else expect(JSON.parse(call.metadata).triage.level).not.toBe('none');
    }
  });

  it('shows PHQ-9 item 9 and a severe PHQ-9 total as urgent open alerts', async () => {
    const open = (await alerts('open')).filter((a) => a.reasonCode === 'response_rule');
    const item9 = open.find((a) => a.detail.fieldId === INSTRUMENTS.phq9.itemIds[8]);
    expect(item9?.priority).toBe('urgent');
    const severe = open.find(
      (a) => a.detail.instrument === 'phq9' && (a.detail.value as number) >= 20,
    );
    expect(severe?.priority).toBe('urgent');
    // Each from a response the patient submitted through the form's validation.
    for (const alert of [item9!, severe!]) {
      const responses = await one<string>(
        'SELECT responses FROM form_responses WHERE id = ?',
        alert.source.id,
      );
      expect(JSON.parse(responses).length).toBeGreaterThanOrEqual(9);
    }
  });

  it('has the history seen to: older alerts acknowledged or resolved, with notes', async () => {
    const older = (await alerts()).filter((a) => Date.parse(a.raisedAt) < FIXED_NOW - DAY);
    expect(older.length).toBeGreaterThan(20);
    expect(older.filter((a) => a.state === 'open')).toEqual([]);
    const resolved = older.filter((a) => a.state === 'resolved');
    expect(resolved.length).toBeGreaterThan(older.length / 2);
    expect(older.some((a) => a.state === 'acknowledged')).toBe(true);
    for (const a of resolved) {
      expect(a.resolveNote!.length).toBeGreaterThan(10);
      expect(a.resolvedBy).toEqual({ type: 'desk', name: 'Engage Desk' });
      expect(Date.parse(a.resolvedAt!)).toBeGreaterThan(Date.parse(a.acknowledgedAt!));
      expect(Date.parse(a.resolvedAt!)).toBeLessThan(FIXED_NOW);
    }
    // Today has something in hand too: an acknowledged alert and a resolved one.
    const recent = (await alerts()).filter((a) => Date.parse(a.raisedAt) >= FIXED_NOW - DAY);
    expect(recent.some((a) => a.state === 'acknowledged')).toBe(true);
    expect(recent.some((a) => a.state === 'resolved')).toBe(true);
  });

  it('has two chats active at start, one escalated, each closing 30 minutes after its last message', async () => {
    const active = await all<{ id: string; escalated_at: string | null; last_message_at: string }>(
      `SELECT id, escalated_at, last_message_at FROM conversations WHERE status = 'active'`,
    );
    expect(active).toHaveLength(2);
    expect(active.filter((c) => c.escalated_at !== null)).toHaveLength(1);
    for (const chat of active) {
      const last = Date.parse(chat.last_message_at);
      expect(last).toBeLessThanOrEqual(FIXED_NOW);
      // Recent enough for a demo to show them live for the next twenty minutes and more.
      expect(last).toBeGreaterThan(FIXED_NOW - 10 * 60_000);
      expect((await core.conversations.get(chat.id)).status).toBe('active');
      expect(
        await one<string>(
          `SELECT due_at FROM jobs WHERE kind = 'conversation.close' AND status = 'pending'
           AND ${jsonField(core.db, 'payload', 'conversationId')} = ?`,
          chat.id,
        ),
      ).toBe(new Date(last + INACTIVITY_MS).toISOString());
    }
  });

  it("escalates each of the last day's chats on its one red flag, whatever the hour it opens", async () => {
    // The interview's own answers in a scene are drawn per patient, and the patients drawn depend
    // on the clock: at 15:45 one scene once drew a pain of 8 before its scripted fever.
    const clocks = [
      FIXED_NOW,
      Date.parse('2026-11-26T15:45:00.000Z'),
      FIXED_NOW + 7.25 * 3_600_000,
    ];
    for (const now of clocks) {
      const other = await createCore({ memory: true, seed: 'demo', realNow: () => now });
      try {
        const flags = (await other.db
          .prepare(
            `SELECT c.id, count(m.seq) AS flags FROM conversations c
             JOIN conversation_messages m ON m.conversation_id = c.id
             WHERE c.escalated_at IS NOT NULL AND c.created_at >= ?
               AND m.role = 'patient' AND m.escalated = 1
             GROUP BY c.id`,
          )
          .all(new Date(now - DAY).toISOString())) as { id: string; flags: number }[];
        expect(flags.length, new Date(now).toISOString()).toBeGreaterThanOrEqual(3);
        expect(
          flags.filter((c) => c.flags !== 1),
          new Date(now).toISOString(),
        ).toEqual([]);
      } finally {
        await other.close();
      }
    }
  });

  it('closes the live chats by inactivity like any other, once the sandbox clock moves on', async () => {
    const moved = await createCore({ memory: true, seed: 'demo', realNow: () => FIXED_NOW });
    const activeChats = () =>
      moved.db.prepare(`SELECT count(*) FROM conversations WHERE status = 'active'`).pluck().get();
    try {
      expect(await activeChats()).toBe(2);
      await moved.advanceClock(31 * 60);
      expect(await activeChats()).toBe(0);
    } finally {
      await moved.close();
    }
  });

  it('keeps the responses inbox news: the last day unread, the history read', async () => {
    const unread = await core.responseInbox.list({ unread: true, limit: 100 });
    expect(unread.unread).toBeGreaterThan(0);
    const rows = JSON.parse(`[${unread.rows.toString()}]`) as { completedAt: string }[];
    expect(rows.length).toBe(Math.min(unread.unread, 100));
    for (const row of rows)
      expect(Date.parse(row.completedAt)).toBeGreaterThanOrEqual(FIXED_NOW - DAY);
    const older = await one<number>(
      `SELECT count(*) FROM form_responses r WHERE r.completed_at < ?
         AND NOT EXISTS (SELECT 1 FROM response_reads rr WHERE rr.response_id = r.id)`,
      new Date(FIXED_NOW - DAY).toISOString(),
    );
    expect(older).toBe(0);
  });

  it('rings the bell: unread notifications of the last day, none from the history', async () => {
    expect(await core.notifications.unreadCount()).toBeGreaterThanOrEqual(3);
    const rows = await all<{
      kind: string;
      data: string;
      created_at: string;
      read_at: string | null;
    }>('SELECT kind, data, created_at, read_at FROM notifications');
    for (const row of rows) {
      expect(row.read_at).toBeNull();
      expect(Date.parse(row.created_at)).toBeGreaterThanOrEqual(FIXED_NOW - DAY);
      expect(row.kind).toBe('conversation.escalated');
      const data = JSON.parse(row.data) as { conversationId: string; patient: { id: string } };
      expect(
        await one<string | null>(
          'SELECT escalated_at FROM conversations WHERE id = ? AND patient_id = ?',
          data.conversationId,
          data.patient.id,
        ),
      ).not.toBeNull();
    }
    // Older escalations are history: there are some, and they raised nothing.
    expect(
      await one<number>(
        'SELECT count(*) FROM conversations WHERE escalated_at < ?',
        new Date(FIXED_NOW - DAY).toISOString(),
      ),
    ).toBeGreaterThan(0);
  });

  it('has patients who mostly prefer Spanish, then Catalan, and a few English', async () => {
    const counts: Record<string, number> = Object.fromEntries(
      (
        await all<{ language: string; n: number }>(
          `SELECT ${jsonField(core.db, 'metadata', 'preferredLanguage')} AS language, count(*) AS n
         FROM patients GROUP BY 1`,
        )
      ).map((r) => [r.language, r.n]),
    );
    const total = await one<number>('SELECT count(*) FROM patients');
    expect(Object.keys(counts).sort()).toEqual(['ca', 'en', 'es']);
    expect(counts['es']! / total).toBeGreaterThan(0.5);
    expect(counts['es']! / total).toBeLessThan(0.7);
    expect(counts['ca']! / total).toBeGreaterThan(0.25);
    expect(counts['ca']! / total).toBeLessThan(0.45);
    expect(counts['en']! / total).toBeLessThan(0.1);
    // Deliveries and chats follow the patient's language.
    expect(
      await one<number>(
        `SELECT count(*) FROM form_schedules s JOIN patients p ON p.id = s.patient_id
         WHERE s.language <> ${jsonField(core.db, 'p.metadata', 'preferredLanguage')}`,
      ),
    ).toBe(0);
  });

  it('keeps its books with the present written: every charge, chat and call accounted for', async () => {
    expect(await bookViolations(core.db)).toEqual([]);
  });

  it('is the same clinic at work on every run with the same clock', async () => {
    const again = await createCore({ memory: true, seed: 'demo', realNow: () => FIXED_NOW });
    try {
      const pick = (c: Core) =>
        c.db
          .prepare(`SELECT id, state, reason_code, source_id, raised_at FROM alerts ORDER BY id`)
          .all();
      expect(await pick(again)).toEqual(await pick(core));
      const bell = (c: Core) =>
        c.db.prepare('SELECT id, data FROM notifications ORDER BY id').all();
      expect(await bell(again)).toEqual(await bell(core));
    } finally {
      await again.close();
    }
  });
});
