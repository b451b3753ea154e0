import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src-main/service/form-page/html';
import { pageText } from '../../src-main/service/form-page/page-text';
import { expectProblem, formFixture, startServer, type TestServer } from './helpers';

/**
 * What happens when a coordinator's cancel meets a delivery already on its way to the SMTP server:
 * the cancel wins (it refunds, the schedule is cancelled, nothing says "sent"), and the patient
 * who opens the link that did leave is told plainly that the form was withdrawn.
 */

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** An SMTP server that holds each message until the test lets it go. */
async function slowSmtp() {
  const messages: string[] = [];
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        messages.push(raw);
        arrived();
        void released.then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as { port: number };
  return { port, messages, arrival, release };
}

/** The form link in a raw message (quoted-printable soft line breaks undone). */
function linkIn(raw: string): string {
  const match = /https?:\/\/[^\s"<>]+\/f\/[A-Za-z0-9_-]{43}/.exec(raw.replace(/=\r?\n/g, ''));
  if (!match) throw new Error(`no form link in:\n${raw}`);
  return match[0];
}

async function serverWith(smtpPort: number): Promise<TestServer> {
  const server = await startServer({
    smtp: { host: '127.0.0.1', port: smtpPort, secure: false, from: 'citas@example.org' },
  });
  cleanups.push(() => server.close());
  return server;
}

describe('a cancel racing an SMTP delivery', () => {
  it('wins: refunded, cancelled, no schedule.sent, no outbox row, and the link says withdrawn', async () => {
    const smtp = await slowSmtp();
    const server = await serverWith(smtp.port);
    const { core } = server.service;
    const { formId, patientId } = formFixture(server);
    const now = Date.parse((await server.request('GET', '/sandbox/clock')).body.now);
    const created = await server.request('POST', '/form-schedules', {
      body: {
        formId,
        patientId,
        channel: 'email',
        scheduledAt: new Date(now + 3_600_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const balanceBefore = core.credits.balance().balance;

    const advancing = server.request('POST', '/sandbox/clock/advance', { body: { seconds: 7200 } });
    await smtp.arrival; // the message is with the SMTP server, not yet acknowledged
    expect((await server.request('GET', `/form-schedules/${id}`)).body.status).toBe('pending');
    const cancelled = await server.request('POST', `/form-schedules/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, status: 'cancelled', creditsRefunded: 1 });
    smtp.release();
    expect((await advancing).status).toBe(200);

    const after = await server.request('GET', `/form-schedules/${id}`);
    expect(after.body.status).toBe('cancelled');
    expect(after.body.sentAt).toBeUndefined();
    expect(core.credits.balance().balance).toBe(balanceBefore + 1);
    expect(core.q.creditLedger.sum()).toBe(core.credits.balance().balance);
    const events = core.db
      .prepare(`SELECT count(*) FROM events WHERE type = 'schedule.sent'`)
      .pluck()
      .get();
    expect(events).toBe(0);
    expect((await server.request('GET', `/sandbox/outbox?scheduleId=${id}`)).body.data).toEqual([]);

    // The message did leave; its link now explains itself.
    expect(smtp.messages).toHaveLength(1);
    const link = linkIn(smtp.messages[0]!);
    const page = await fetch(link);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('lang="ca"');
    expect(html).not.toContain('<form');
    expect(html).toContain(escapeHtml(pageText('ca').status.cancelled.title));
    const post = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'pain=3&mood=Bien&fever=false',
    });
    expect(post.status).toBe(410);
    expect(core.db.prepare('SELECT count(*) FROM form_responses').pluck().get()).toBe(0);
    // And the sandbox cannot answer it either.
    expectProblem(
      await server.request('POST', `/sandbox/form-schedules/${id}/submit`, {
        body: { responses: [] },
      }),
      400,
      'schedule_not_submittable',
    );
  });

  it('loses when the SMTP server acknowledged first: the schedule is sent and cannot be cancelled', async () => {
    const smtp = await slowSmtp();
    smtp.release();
    const server = await serverWith(smtp.port);
    const { formId, patientId } = formFixture(server);
    const created = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email' },
    });
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 1 } });
    const id = created.body.id as string;
    expect((await server.request('GET', `/form-schedules/${id}`)).body.status).toBe('sent');
    const before = server.service.core.credits.balance().balance;
    expectProblem(
      await server.request('POST', `/form-schedules/${id}/cancel`),
      400,
      'schedule_not_cancellable',
    );
    expect(server.service.core.credits.balance().balance).toBe(before);
    const page = await fetch(linkIn(smtp.messages[0]!));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form');
  });
});
