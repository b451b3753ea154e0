import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDeliveryMessage } from '../../src-main/service/domain/delivery-message';
import { DEFAULT_CLINIC_NAME } from '../../src-main/service/delivery/delivery-settings';
import { SMTP_RETRY_DELAYS_S } from '../../src-main/service/delivery/form-delivery';
import { parseSmtpUrl } from '../../src-main/service/delivery/smtp-settings';
import { ProblemError } from '../../src-main/service/errors';
import { EVERY_FIELD_TYPE, formFixture, startServer, type TestServer } from './helpers';
import { jsonField } from './engine-sql';

/** E-mail deliveries through a real SMTP server on 127.0.0.1 (api-decisions §7, §8). */

const T0_ISO = '2026-11-20T09:00:00.000Z';
const T0 = Date.parse(T0_ISO);
const HOUR_S = 3600;
const FROM = 'Clínica Test <citas@example.org>';
const iso = (ms: number) => new Date(ms).toISOString();

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

interface Smtp {
  port: number;
  /** Messages accepted (after DATA). */
  received: Received[];
  /** Every RCPT TO the server saw, accepted or not. */
  rcptAttempts: string[];
  /** Every message body the server read, accepted or not. */
  dataSeen: string[];
}

/**
 * A plain SMTP server (no STARTTLS, no AUTH needed). `rcpt` decides each RCPT TO: undefined
 * accepts, a number rejects with that reply code. It is given how many RCPTs came before.
 */
async function startSmtp(
  rcpt: (address: string, attempt: number) => number | undefined = () => undefined,
  options: {
    /** Reply code refusing the n-th message (0-based) after DATA; undefined accepts it. */
    data?: (attempt: number) => number | undefined;
    /** Held before answering each RCPT TO. */
    gate?: () => Promise<void>;
    /** Held, with the whole message in hand, before answering DATA. */
    dataGate?: (raw: string) => Promise<void>;
  } = {},
): Promise<Smtp> {
  const smtp: Smtp = { port: 0, received: [], rcptAttempts: [], dataSeen: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const attempt = smtp.rcptAttempts.length;
      smtp.rcptAttempts.push(address.address);
      const code = rcpt(address.address, attempt);
      void (options.gate?.() ?? Promise.resolve()).then(() =>
        code === undefined ? callback() : callback(smtpError(code)),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const code = options.data?.(smtp.dataSeen.length);
        smtp.dataSeen.push(raw);
        void (options.dataGate?.(raw) ?? Promise.resolve()).then(() => {
          if (code !== undefined) return callback(smtpError(code));
          smtp.received.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((a) => a.address),
            raw,
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  smtp.port = (server.server.address() as AddressInfo).port;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return smtp;
}

function smtpError(code: number): Error {
  const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & {
    responseCode: number;
  };
  error.responseCode = code;
  return error;
}

/** A port nothing listens on: bound once to learn a free number, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function newServer(smtpPort: number): Promise<TestServer> {
  const server = await startServer({
    realNow: () => T0,
    smtp: { host: '127.0.0.1', port: smtpPort, secure: false, from: FROM },
  });
  cleanups.push(() => server.close());
  return server;
}

// --- Just enough of RFC 5322 / MIME to read what nodemailer wrote. ---

interface ParsedPart {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): ParsedPart {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (Q and B), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_all, _charset: string, enc: string, data: string) => {
        if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
        const bytes = data
          .replace(/_/g, ' ')
          .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
        return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
      },
    );
}

function decodeBody(part: ParsedPart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = part.body.replace(/=\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = /^=([0-9A-Fa-f]{2})/.exec(joined.slice(i, i + 3));
      if (hex) {
        bytes.push(parseInt(hex[1]!, 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return part.body;
}

interface Mail {
  to: string;
  from: string;
  subject: string;
  messageId: string;
  text: string;
  html: string | undefined;
}

function parseMail(raw: string): Mail {
  const top = splitHeaders(raw);
  const type = top.headers.get('content-type') ?? 'text/plain';
  let parts: ParsedPart[] = [top];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    parts = top.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .map((chunk) => splitHeaders(chunk.replace(/^\n/, '')));
  }
  const ofType = (t: string) =>
    parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(t));
  const textPart = ofType('text/plain');
  const htmlPart = ofType('text/html');
  return {
    to: decodeWords(top.headers.get('to') ?? ''),
    from: decodeWords(top.headers.get('from') ?? ''),
    subject: decodeWords(top.headers.get('subject') ?? ''),
    messageId: top.headers.get('message-id') ?? '',
    text: textPart ? decodeBody(textPart).replace(/\n+$/, '') : '',
    html: htmlPart ? decodeBody(htmlPart) : undefined,
  };
}

/** The form link in a raw message's text part. */
function linkIn(raw: string): string {
  const match = /http:\/\/127\.0\.0\.1:\d+\/f\/[A-Za-z0-9_-]{43}(?=\s)/.exec(parseMail(raw).text);
  if (!match) throw new Error('no form link in the message');
  return match[0];
}

// --- The service side. ---

async function schedule(
  server: TestServer,
  input: { formId: string; patientId: string; channel?: 'email' | 'whatsapp' },
): Promise<{ id: string; scheduledAt: string }> {
  const clock = await server.request('GET', '/sandbox/clock');
  const scheduledAt = iso(Date.parse(clock.body.now) + HOUR_S * 1000);
  const created = await server.request('POST', '/form-schedules', {
    body: { ...input, channel: input.channel ?? 'email', scheduledAt },
  });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('pending');
  return { id: created.body.id, scheduledAt };
}

async function advance(server: TestServer, seconds: number): Promise<void> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status).toBe(200);
}

const getSchedule = async (server: TestServer, id: string) =>
  (await server.request('GET', `/form-schedules/${id}`)).body;

const outboxOf = async (server: TestServer, id: string) =>
  (await server.request('GET', `/sandbox/outbox?scheduleId=${id}`)).body.data as Array<
    Record<string, unknown>
  >;

const events = async (server: TestServer, type: string) =>
  (
    await server.service.core.db
      .prepare<[string], { data: string }>('SELECT data FROM events WHERE type = ? ORDER BY seq')
      .all(type)
  ).map((row) => JSON.parse(row.data) as Record<string, unknown>);

const deliverJobs = async (server: TestServer, scheduleId: string) =>
  (
    await server.service.core.db
      .prepare<[string], { payload: string; due_at: string; status: string }>(
        `SELECT payload, due_at, status FROM jobs WHERE kind = 'form-schedule.deliver' AND ${jsonField(server.service.core.db, 'payload', 'scheduleId')} = ? ORDER BY due_at`,
      )
      .all(scheduleId)
  ).map((job) => ({ ...job, payload: JSON.parse(job.payload) as unknown }));

const balance = async (server: TestServer) => (await server.service.core.credits.balance()).balance;

async function expectLedgerConsistent(server: TestServer): Promise<void> {
  const { core } = server.service;
  expect(await core.q.creditLedger.sum()).toBe((await core.credits.balance()).balance);
}

/** The schedule failed for `reason`, gave back `refunded` credits, and the balance is `before`. */
async function expectRefundedFailure(
  server: TestServer,
  id: string,
  reason: string,
  refunded: number,
  before: number,
): Promise<void> {
  expect(await getSchedule(server, id)).toMatchObject({
    status: 'failed',
    failureReason: reason,
    creditsRefunded: refunded,
  });
  expect(await balance(server)).toBe(before);
  await expectLedgerConsistent(server);
}

describe('e-mail deliveries over SMTP', () => {
  it('sends the form link to the patient, records it as smtp and writes one schedule.sent', async () => {
    const smtp = await startSmtp();
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    expect(await balance(server)).toBe(before - 1);

    // Nothing leaves before its time.
    await advance(server, HOUR_S - 1);
    expect(smtp.rcptAttempts).toEqual([]);
    expect((await getSchedule(server, sch.id)).status).toBe('pending');

    await advance(server, 2);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.envelopeFrom).toBe('citas@example.org');
    expect(message!.envelopeTo).toEqual(['nuria.puig@example.com']);

    const sent = await getSchedule(server, sch.id);
    expect(sent).toMatchObject({ status: 'sent', sentAt: sch.scheduledAt, creditsConsumed: 1 });
    expect(sent.creditsRefunded).toBeUndefined();
    expect(await balance(server)).toBe(before - 1);
    await expectLedgerConsistent(server);

    const outbox = await outboxOf(server, sch.id);
    expect(outbox).toHaveLength(1);
    const row = outbox[0]!;
    const link = row.link as string;
    expect(link).toMatch(
      new RegExp(`^${new URL(server.url).origin.replace(/\./g, '\\.')}/f/[A-Za-z0-9_-]{43}$`),
    );

    // The mail is what the delivery-message module renders for this patient, link included.
    const expected = renderDeliveryMessage({
      channel: 'email',
      language: 'ca',
      clinicName: DEFAULT_CLINIC_NAME,
      patientFirstName: 'Núria',
      formName: EVERY_FIELD_TYPE.name,
      link,
    });
    const mail = parseMail(message!.raw);
    expect(mail.to).toBe('nuria.puig@example.com');
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe(expected.subject);
    expect(mail.subject).toBe('Engage Desk: formulari «Every field type»');
    expect(mail.messageId).toBe(`<${sch.id}.0@engage-desk.invalid>`);
    expect(mail.text).toBe(expected.text);
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);

    expect(row).toEqual({
      id: expect.stringMatching(/^out_/),
      channel: 'email',
      transport: 'smtp',
      to: 'nuria.puig@example.com',
      subject: expected.subject,
      body: expected.text,
      link,
      scheduleId: sch.id,
      patientId,
      createdAt: sch.scheduledAt,
    });

    expect(await events(server, 'schedule.sent')).toEqual([
      {
        scheduleId: sch.id,
        formId,
        patientId,
        channel: 'email',
        sentAt: sch.scheduledAt,
        creditsConsumed: 1,
      },
    ]);

    // The link in the e-mail opens the form.
    const page = await fetch(link, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Every field type</h1>');

    // Sent once: later clock moves do not send again.
    await advance(server, HOUR_S);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.rcptAttempts).toHaveLength(1);
  });

  it('never sends WhatsApp deliveries to SMTP', async () => {
    const smtp = await startSmtp();
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId, channel: 'whatsapp' });
    await advance(server, HOUR_S + 1);

    expect(smtp.rcptAttempts).toEqual([]);
    expect(smtp.received).toEqual([]);
    expect((await getSchedule(server, sch.id)).status).toBe('sent');
    const outbox = await outboxOf(server, sch.id);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      channel: 'whatsapp',
      transport: 'outbox',
      to: '+34612345678',
    });
    expect(outbox[0]!.subject).toBeUndefined();
    expect(await events(server, 'schedule.sent')).toHaveLength(1);
    expect(await balance(server)).toBe(before - 2);
    await expectLedgerConsistent(server);
  });

  it('fails a delivery the server refuses for good (550): refunded, no event, no outbox row, no retry', async () => {
    const smtp = await startSmtp(() => 550);
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    await advance(server, HOUR_S + 1);

    expect(smtp.rcptAttempts).toEqual(['nuria.puig@example.com']);
    expect(smtp.received).toEqual([]);
    const failed = await getSchedule(server, sch.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'smtp_error',
      failedAt: sch.scheduledAt,
      creditsConsumed: 1,
      creditsRefunded: 1,
    });
    expect(failed.sentAt).toBeUndefined();
    expect(await balance(server)).toBe(before);
    await expectLedgerConsistent(server);
    expect(await outboxOf(server, sch.id)).toEqual([]);
    expect(await events(server, 'schedule.sent')).toEqual([]);
    expect(await deliverJobs(server, sch.id)).toEqual([
      { payload: { scheduleId: sch.id }, due_at: sch.scheduledAt, status: 'done' },
    ]);

    // Nothing is tried again later.
    await advance(server, 2 * HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(1);
    expect((await getSchedule(server, sch.id)).status).toBe('failed');
  });

  it('retries a temporary refusal (451) a minute later and then sends', async () => {
    const smtp = await startSmtp((_address, attempt) => (attempt === 0 ? 451 : undefined));
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });

    await advance(server, HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(1);
    expect(smtp.received).toEqual([]);
    const waiting = await getSchedule(server, sch.id);
    expect(waiting.status).toBe('pending');
    expect(waiting.creditsRefunded).toBeUndefined();
    expect(await balance(server)).toBe(before - 1);
    expect(await outboxOf(server, sch.id)).toEqual([]);
    expect(await events(server, 'schedule.sent')).toEqual([]);

    // Not before the minute is up.
    await advance(server, 59);
    expect(smtp.rcptAttempts).toHaveLength(1);
    expect((await getSchedule(server, sch.id)).status).toBe('pending');

    await advance(server, 1);
    const retriedAt = iso(Date.parse(sch.scheduledAt) + 60_000);
    expect(smtp.rcptAttempts).toHaveLength(2);
    expect(smtp.received).toHaveLength(1);
    const mail = parseMail(smtp.received[0]!.raw);
    expect(mail.to).toBe('nuria.puig@example.com');
    expect(mail.messageId).toBe(`<${sch.id}.1@engage-desk.invalid>`);

    const sent = await getSchedule(server, sch.id);
    expect(sent).toMatchObject({ status: 'sent', sentAt: retriedAt, creditsConsumed: 1 });
    const outbox = await outboxOf(server, sch.id);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ transport: 'smtp', createdAt: retriedAt });
    expect(mail.text).toContain(outbox[0]!.link as string);
    expect(await events(server, 'schedule.sent')).toEqual([
      expect.objectContaining({ scheduleId: sch.id, sentAt: retriedAt }),
    ]);
    expect(await balance(server)).toBe(before - 1);
    await expectLedgerConsistent(server);

    const page = await fetch(outbox[0]!.link as string, { redirect: 'manual' });
    expect(page.status).toBe(200);
  });

  it('gives up after the first try and three temporary refusals (+60 s, +5 min, +15 min)', async () => {
    expect(SMTP_RETRY_DELAYS_S).toEqual([60, 300, 900]);
    const smtp = await startSmtp(() => 451);
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    const due = Date.parse(sch.scheduledAt);

    await advance(server, HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(1);
    await advance(server, 60);
    expect(smtp.rcptAttempts).toHaveLength(2);
    expect((await getSchedule(server, sch.id)).status).toBe('pending');
    await advance(server, 300);
    expect(smtp.rcptAttempts).toHaveLength(3);
    expect((await getSchedule(server, sch.id)).status).toBe('pending');
    expect(await balance(server)).toBe(before - 1);
    await advance(server, 899);
    expect(smtp.rcptAttempts).toHaveLength(3);
    await advance(server, 1);
    expect(smtp.rcptAttempts).toHaveLength(4);
    expect(smtp.received).toEqual([]);

    const failed = await getSchedule(server, sch.id);
    const lastTry = iso(due + (60 + 300 + 900) * 1000);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'smtp_error',
      failedAt: lastTry,
      creditsRefunded: 1,
    });
    expect(await balance(server)).toBe(before);
    await expectLedgerConsistent(server);
    expect(await outboxOf(server, sch.id)).toEqual([]);
    expect(await events(server, 'schedule.sent')).toEqual([]);
    expect(await deliverJobs(server, sch.id)).toEqual([
      { payload: { scheduleId: sch.id }, due_at: sch.scheduledAt, status: 'done' },
      { payload: { scheduleId: sch.id, attempt: 1 }, due_at: iso(due + 60_000), status: 'done' },
      { payload: { scheduleId: sch.id, attempt: 2 }, due_at: iso(due + 360_000), status: 'done' },
      { payload: { scheduleId: sch.id, attempt: 3 }, due_at: lastTry, status: 'done' },
    ]);

    await advance(server, HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(4);
  });

  it('retries an unreachable server the same way, then fails and refunds', async () => {
    const server = await newServer(await closedPort());
    const { formId, patientId } = await formFixture(server);
    const other = await formFixture(server, {
      patient: { email: 'pau@example.com', phone: '+34699000111' },
    });
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    const byWhatsapp = await schedule(server, {
      formId: other.formId,
      patientId: other.patientId,
      channel: 'whatsapp',
    });
    expect(await balance(server)).toBe(before - 3);
    await expectLedgerConsistent(server);

    await advance(server, HOUR_S);
    expect((await getSchedule(server, sch.id)).status).toBe('pending');
    // The WhatsApp message does not depend on the mail server.
    expect((await getSchedule(server, byWhatsapp.id)).status).toBe('sent');
    await expectLedgerConsistent(server);

    // All retries fall within one advance.
    await advance(server, 60 + 300 + 900);
    const failed = await getSchedule(server, sch.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'smtp_error',
      creditsRefunded: 1,
    });
    expect((await deliverJobs(server, sch.id)).map((j) => j.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    expect(await balance(server)).toBe(before - 2);
    await expectLedgerConsistent(server);
    expect(await outboxOf(server, sch.id)).toEqual([]);
    expect((await events(server, 'schedule.sent')).map((e) => e.scheduleId)).toEqual([
      byWhatsapp.id,
    ]);
  });

  it('fails when a temporary refusal turns permanent on the retry (451, then 550)', async () => {
    const smtp = await startSmtp((_address, attempt) => (attempt === 0 ? 451 : 550));
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    await advance(server, HOUR_S + 60);
    expect(smtp.rcptAttempts).toHaveLength(2);
    expect(await getSchedule(server, sch.id)).toMatchObject({
      status: 'failed',
      failureReason: 'smtp_error',
      failedAt: iso(Date.parse(sch.scheduledAt) + 60_000),
      creditsRefunded: 1,
    });
    expect(await deliverJobs(server, sch.id)).toHaveLength(2);
    await advance(server, HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(2);
    expect(await balance(server)).toBe(before);
    await expectLedgerConsistent(server);
  });

  it('fails when the server refuses the message itself after DATA (554)', async () => {
    const smtp = await startSmtp(undefined, { data: () => 554 });
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    await advance(server, 2 * HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(1);
    expect(smtp.received).toEqual([]);
    await expectRefundedFailure(server, sch.id, 'smtp_error', 1, before);
    expect(await outboxOf(server, sch.id)).toEqual([]);

    // The refused message's link opens nothing: a failed schedule keeps no token.
    expect(smtp.dataSeen).toHaveLength(1);
    const page = await fetch(linkIn(smtp.dataSeen[0]!), { redirect: 'manual' });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('<form');
  });

  it('does not retry a schedule cancelled while it waits for its retry', async () => {
    const smtp = await startSmtp(() => 451);
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    await advance(server, HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(1);

    const cancelled = await server.request('POST', `/form-schedules/${sch.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({
      id: sch.id,
      status: 'cancelled',
      creditsRefunded: 1,
      cancelledAt: sch.scheduledAt,
    });
    await advance(server, HOUR_S);
    expect(smtp.rcptAttempts).toHaveLength(1);
    expect((await getSchedule(server, sch.id)).status).toBe('cancelled');
    expect(await balance(server)).toBe(before);
    await expectLedgerConsistent(server);
  });

  it('fails a retry for a patient made inactive while it waited', async () => {
    const smtp = await startSmtp((_address, attempt) => (attempt === 0 ? 451 : undefined));
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    await advance(server, HOUR_S);
    const patched = await server.request('PATCH', `/patients/${patientId}`, {
      body: { status: 'inactive' },
    });
    expect(patched.status).toBe(200);
    await advance(server, 60);
    expect(smtp.rcptAttempts).toHaveLength(1);
    expect(smtp.received).toEqual([]);
    await expectRefundedFailure(server, sch.id, 'patient_inactive', 1, before);
  });

  it("carries the coordinator's message and the schedule's language", async () => {
    const smtp = await startSmtp();
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const clock = await server.request('GET', '/sandbox/clock');
    const message = 'Recuerde venir en ayunas.\nGracias, Dra. Peña';
    const created = await server.request('POST', '/form-schedules', {
      body: {
        formId,
        patientId,
        channel: 'email',
        language: 'es',
        message,
        scheduledAt: iso(Date.parse(clock.body.now) + HOUR_S * 1000),
      },
    });
    expect(created.status).toBe(201);
    await advance(server, HOUR_S + 1);
    expect(smtp.received).toHaveLength(1);
    const [row] = await outboxOf(server, created.body.id);
    const expected = renderDeliveryMessage({
      channel: 'email',
      language: 'es',
      clinicName: DEFAULT_CLINIC_NAME,
      patientFirstName: 'Núria',
      formName: EVERY_FIELD_TYPE.name,
      message,
      link: row!.link as string,
    });
    const mail = parseMail(smtp.received[0]!.raw);
    expect(mail.subject).toBe('Formulario «Every field type» de Engage Desk');
    expect(mail.subject).toBe(expected.subject);
    expect(mail.text).toBe(expected.text);
    expect(mail.text).toContain('\n\nRecuerde venir en ayunas.\nGracias, Dra. Peña\n\n');
    expect(row!.body).toBe(expected.text);
  });

  it('lets a cancel that wins the race with an in-flight e-mail stand; its link says withdrawn (410)', async () => {
    // The patient receives the e-mail, but the schedule is cancelled and refunded.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let seen!: () => void;
    const rcptSeen = new Promise<void>((resolve) => (seen = resolve));
    const smtp = await startSmtp(undefined, {
      gate: () => {
        seen();
        return released;
      },
    });
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });

    const advancing = server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: HOUR_S + 1 },
    });
    await rcptSeen;
    const cancelled = await server.request('POST', `/form-schedules/${sch.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', creditsRefunded: 1 });
    release();
    expect((await advancing).status).toBe(200);

    expect(smtp.received).toHaveLength(1);
    expect((await getSchedule(server, sch.id)).status).toBe('cancelled');
    // The mail did leave, so the outbox keeps it; nothing says the schedule was sent.
    const kept = await outboxOf(server, sch.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ transport: 'smtp', scheduleId: sch.id });
    expect(await events(server, 'schedule.sent')).toEqual([]);
    expect(await balance(server)).toBe(before);
    await expectLedgerConsistent(server);

    const link = linkIn(smtp.received[0]!.raw);
    const page = await fetch(link, { redirect: 'manual' });
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html.startsWith('<!doctype html>\n<html lang="ca">\n')).toBe(true);
    expect(html).toContain('<h1>Aquest formulari ja no està disponible</h1>');
    expect(html).toContain(
      '<p>Engage Desk ha retirat el formulari «Every field type», així que no cal que el respongui.</p>',
    );
    expect(html).not.toContain('<form');

    // Answering a withdrawn form changes nothing.
    const posted = await fetch(link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([
        ['pain', '3'],
        ['mood', 'Bien'],
        ['fever', 'false'],
      ]),
    });
    expect(posted.status).toBe(410);
    expect(await posted.text()).toContain('<h1>Aquest formulari ja no està disponible</h1>');
    expect((await getSchedule(server, sch.id)).status).toBe('cancelled');
    expect(
      await server.service.core.db.prepare('SELECT count(*) FROM form_responses').pluck().get(),
    ).toBe(0);
  });

  it('shows "not yet" (410) for a link opened before the SMTP server has acknowledged it', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let gotData!: (raw: string) => void;
    const dataSeen = new Promise<string>((resolve) => (gotData = resolve));
    const smtp = await startSmtp(undefined, {
      dataGate: (raw) => {
        gotData(raw);
        return released;
      },
    });
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const sch = await schedule(server, { formId, patientId });
    const advancing = server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: HOUR_S + 1 },
    });
    const link = linkIn(await dataSeen);

    const early = await fetch(link, { redirect: 'manual' });
    expect(early.status).toBe(410);
    const html = await early.text();
    expect(html).toContain('<h1>Ara no es pot respondre aquest formulari</h1>');
    expect(html).not.toContain('<form');
    expect((await getSchedule(server, sch.id)).status).toBe('pending');

    release();
    expect((await advancing).status).toBe(200);
    expect((await getSchedule(server, sch.id)).status).toBe('sent');
    const later = await fetch(link, { redirect: 'manual' });
    expect(later.status).toBe(200);
    expect(await later.text()).toContain('<h1>Every field type</h1>');
    expect((await outboxOf(server, sch.id))[0]!.link).toBe(link);
  });

  it('gives a retried mail a new link; the link of the refused attempt opens nothing', async () => {
    // The first message is read and then refused for now (451 after DATA); the retry is taken.
    const smtp = await startSmtp(undefined, { data: (n) => (n === 0 ? 451 : undefined) });
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server);
    const sch = await schedule(server, { formId, patientId });
    await advance(server, HOUR_S);
    expect(smtp.dataSeen).toHaveLength(1);
    expect(smtp.received).toEqual([]);
    expect((await getSchedule(server, sch.id)).status).toBe('pending');
    const firstLink = linkIn(smtp.dataSeen[0]!);

    await advance(server, 60);
    expect(smtp.received).toHaveLength(1);
    const secondLink = linkIn(smtp.received[0]!.raw);
    expect(secondLink).not.toBe(firstLink);
    expect((await getSchedule(server, sch.id)).status).toBe('sent');
    expect((await outboxOf(server, sch.id))[0]!.link).toBe(secondLink);
    expect((await fetch(secondLink, { redirect: 'manual' })).status).toBe(200);
    const stale = await fetch(firstLink, { redirect: 'manual' });
    expect(stale.status).toBe(404);
    expect(await stale.text()).toContain('<h1>Este enlace no es válido</h1>');
  });

  it('fails an e-mail to bounce.example before it reaches the SMTP server', async () => {
    const smtp = await startSmtp();
    const server = await newServer(smtp.port);
    const { formId, patientId } = await formFixture(server, {
      patient: { email: 'ana@bounce.example' },
    });
    const before = await balance(server);
    const sch = await schedule(server, { formId, patientId });
    await advance(server, HOUR_S + 1);

    expect(smtp.rcptAttempts).toEqual([]);
    expect(smtp.received).toEqual([]);
    await expectRefundedFailure(server, sch.id, 'email_bounced', 1, before);
    expect(await outboxOf(server, sch.id)).toEqual([]);
    expect(await events(server, 'schedule.sent')).toEqual([]);
  });
});

describe('parseSmtpUrl (the --smtp flag and ENGAGE_DESK_SMTP_URL)', () => {
  it('reads every part, percent-decoding user and password', () => {
    expect(parseSmtpUrl('smtp://user:p%40ss@host:2525?from=a@b')).toStrictEqual({
      host: 'host',
      port: 2525,
      secure: false,
      user: 'user',
      pass: 'p@ss',
      from: 'a@b',
    });
    expect(
      parseSmtpUrl(
        'smtps://citas%40example.org:s%C3%A9cret@mail.example.org?from=Cl%C3%ADnica%20Demo%20%3Ccitas%40example.org%3E',
      ),
    ).toStrictEqual({
      host: 'mail.example.org',
      port: 465,
      secure: true,
      user: 'citas@example.org',
      pass: 'sécret',
      from: 'Clínica Demo <citas@example.org>',
    });
  });

  it('defaults the port to 587 for smtp and 465 for smtps, and needs no credentials', () => {
    expect(parseSmtpUrl('smtp://mail.example.org?from=citas@example.org')).toStrictEqual({
      host: 'mail.example.org',
      port: 587,
      secure: false,
      user: undefined,
      pass: undefined,
      from: 'citas@example.org',
    });
    expect(parseSmtpUrl('smtps://mail.example.org?from=x@y').port).toBe(465);
    expect(parseSmtpUrl('smtps://mail.example.org:2465?from=x@y').port).toBe(2465);
    expect(parseSmtpUrl('smtp://[::1]:25?from=x@y')).toMatchObject({ host: '::1', port: 25 });
  });

  it.each([
    ['a missing from', 'smtp://user:pass@host:587', /from/],
    ['an empty from', 'smtp://host:587?from=', /from/],
    ['an http URL', 'http://host:587?from=a@b', /smtp:\/\/ or smtps:\/\//],
    ['a mailto URL', 'mailto:a@b', /smtp:\/\/ or smtps:\/\//],
    ['a host and port only', 'localhost:25', /smtp:\/\/ or smtps:\/\//],
    ['text that is no URL', 'not a url', /is not a URL/],
    ['an empty string', '', /is not a URL/],
    ['no host', 'smtp://?from=a@b', /host/],
  ])('refuses %s', (_what, text, message) => {
    let thrown: unknown;
    try {
      parseSmtpUrl(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProblemError);
    const problem = thrown as ProblemError;
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail).toMatch(message);
    expect(problem.extensions.errors).toEqual([
      { parameter: 'smtp', code: 'format', detail: problem.detail },
    ]);
  });
});
