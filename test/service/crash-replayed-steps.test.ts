import { describe, expect, it } from 'vitest';
import { bookViolations } from './crash/books';
import { formFixture, serversClosedAfterEach } from './helpers';

/**
 * Regression (found by crash-consistency.test.ts): a call's answer step is an asynchronous job, so
 * its work (ringing → in-progress, hang-up planned) commits before the job is marked done. A kill
 * in between leaves the job to run again after the restart, and it used to take the *next* step
 * instead: it completed (and charged) the call at the time it was answered, before its duration
 * had passed, while the planned hang-up later found it completed.
 */

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-23T09:00:00.000Z'));

describe('a call step job that runs again after a crash', () => {
  it('does nothing once the call has moved past the status it was planned for', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { patientId } = await formFixture(server);
    const created = await server.request('POST', '/voice/calls', {
      body: { patientId, purpose: 'Post-operative check.' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await core.advanceClock(3);
    expect((await core.calls.row(id)).status).toBe('ringing');

    // The answer job's work commits, then the process dies before the job is marked done: the
    // job row is still pending when the service comes back.
    const answerJob = (await core.db
      .prepare<[string], { due_at: string; payload: string; status: string }>(
        'SELECT due_at, payload, status FROM jobs WHERE dedupe_key = ?',
      )
      .get(`call.step:${id}:ringing`))!;
    const step = JSON.parse(answerJob.payload) as { callId: string; from?: 'ringing' };
    // Answering waits on the assistant: a follow-up the job runner runs after its transaction.
    const followUp = await core.calls.onStepDue(
      step.callId,
      Date.parse(answerJob.due_at),
      step.from,
    );
    await followUp?.();
    const answered = await core.calls.row(id);
    expect(answered.status).toBe('in-progress');
    expect(answered.duration).toBeGreaterThan(60);
    expect(
      await core.db
        .prepare('SELECT status FROM jobs WHERE dedupe_key = ?')
        .pluck()
        .get(`call.step:${id}:ringing`),
    ).toBe('pending');

    // Its minutes were taken when it was answered (the reservation and the rest: its price).
    const price = Math.ceil(answered.duration / 60) * 5;
    expect(answered.credits_consumed).toBe(price);
    // The replayed answer job runs (it is due) and must leave the call in progress, charged once.
    const before = (await core.credits.balance()).balance;
    await core.advanceClock(1);
    expect((await core.calls.row(id)).status).toBe('in-progress');
    expect((await core.credits.balance()).balance).toBe(before);

    // The planned hang-up completes it once, at the end of its duration, charging nothing more.
    await core.advanceClock(answered.duration + 60);
    const done = await core.calls.row(id);
    expect(done.status).toBe('completed');
    expect(Date.parse(done.completed_at!) - Date.parse(answered.answered_at!)).toBe(
      answered.duration * 1000,
    );
    expect(done.credits_consumed).toBe(price);
    expect((await core.credits.balance()).balance).toBe(before);
    expect(await bookViolations(core.db)).toEqual([]);
  });
});
