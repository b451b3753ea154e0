import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src-main/service/form-page/html';
import type { FormDefinition } from '../../src-main/service/schemas/clinical-form';
import {
  EVERY_FIELD_TYPE,
  EVERY_FIELD_ANSWERS,
  expectProblem,
  formFixture,
  readResponse,
  startServer,
  type TestServer,
} from './helpers';

/** The patient form page `/f/{token}` over real HTTP (api-decisions §8, §10). */

const T0_ISO = '2026-11-20T09:00:00.000Z';
const T0 = Date.parse(T0_ISO);
const HOUR_S = 3600;
const iso = (ms: number) => new Date(ms).toISOString();

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

/** A server whose real time stands still at T0, so every service time is known exactly. */
async function newServer(): Promise<TestServer> {
  const server = await startServer({ realNow: () => T0 });
  open.push(server);
  return server;
}

const origin = (server: TestServer) => new URL(server.url).origin;

interface Delivered {
  scheduleId: string;
  token: string;
  /** `/f/{token}` */
  path: string;
  /** When the schedule was created and when it was sent (service clock). */
  createdAt: string;
  scheduledAt: string;
  sentAt: string;
}

/**
 * Schedules the form an hour ahead, advances the clock past it and reads the link from the
 * outbox, as an integrator would.
 */
async function deliver(
  server: TestServer,
  input: {
    formId: string;
    patientId: string;
    channel?: 'email' | 'whatsapp';
    language?: 'es' | 'ca' | 'en';
  },
): Promise<Delivered> {
  const clock = await server.request('GET', '/sandbox/clock');
  const createdMs = Date.parse(clock.body.now);
  const scheduledAt = iso(createdMs + HOUR_S * 1000);
  const created = await server.request('POST', '/form-schedules', {
    body: {
      formId: input.formId,
      patientId: input.patientId,
      channel: input.channel ?? 'email',
      scheduledAt,
      ...(input.language ? { language: input.language } : {}),
    },
  });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('pending');
  const scheduleId: string = created.body.id;
  const advanced = await server.request('POST', '/sandbox/clock/advance', {
    body: { seconds: HOUR_S + 1 },
  });
  expect(advanced.status).toBe(200);
  const outbox = await server.request('GET', `/sandbox/outbox?scheduleId=${scheduleId}`);
  expect(outbox.status).toBe(200);
  expect(outbox.body.data).toHaveLength(1);
  const link = new URL(outbox.body.data[0].link as string);
  expect(link.origin).toBe(origin(server));
  const match = /^\/f\/([A-Za-z0-9_-]{43})$/.exec(link.pathname);
  expect(match, `link ${link.href}`).not.toBeNull();
  expect(link.search).toBe('');
  const schedule = await server.request('GET', `/form-schedules/${scheduleId}`);
  expect(schedule.body.status).toBe('sent');
  expect(schedule.body.sentAt).toBe(scheduledAt);
  return {
    scheduleId,
    token: match![1]!,
    path: link.pathname,
    createdAt: iso(createdMs),
    scheduledAt,
    sentAt: scheduledAt,
  };
}

interface Page {
  status: number;
  headers: Headers;
  text: string;
}

async function getPage(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin(server)}${path}`, { redirect: 'manual', headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Posts as a browser posts a form: url-encoded, repeated keys for checkboxes. */
async function postForm(
  server: TestServer,
  path: string,
  params: URLSearchParams,
  contentType = 'application/x-www-form-urlencoded',
): Promise<Page> {
  const response = await fetch(`${origin(server)}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': contentType },
    body: params,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Valid answers to EVERY_FIELD_TYPE as the page's controls post them. */
function validParams(): URLSearchParams {
  return new URLSearchParams([
    ['notes', 'Me encuentro mejor'],
    ['weight', '72,5'],
    ['pain', '3'],
    ['mood', 'Bien'],
    ['symptoms', 'Tos'],
    ['symptoms', 'Fiebre'],
    ['fever', 'false'],
    ['since', '2026-11-01'],
  ]);
}

/** What the API must store for validParams(): typed values, in the form's field order. */
const VALID_STORED = EVERY_FIELD_ANSWERS;

type Attrs = Record<string, string | true>;

/** Every opening tag `<name …>` of the page, with its attributes (values as written). */
function tags(html: string, name: string): Attrs[] {
  const found: Attrs[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))) {
    const attrs: Attrs = {};
    for (const a of match[1]!.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
      attrs[a[1]!] = a[2] ?? true;
    }
    found.push(attrs);
  }
  return found;
}

/** The form controls (input, textarea, select) posting under this name. */
function controls(html: string, name?: string): Attrs[] {
  const all = [...tags(html, 'input'), ...tags(html, 'textarea'), ...tags(html, 'select')];
  return name === undefined ? all : all.filter((c) => c.name === name);
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The headers every patient page carries, the CSP hash checked against the page's own style. */
function expectPageHeaders(page: Page): void {
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(page.headers.get(name), name).toBe(value);
  }
  const csp = new Map(
    (page.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '')
      .map((d) => {
        const [directive, ...values] = d.split(/\s+/);
        return [directive!, values.join(' ')] as const;
      }),
  );
  expect(csp.get('default-src')).toBe("'none'");
  expect(csp.get('form-action')).toBe("'self'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.has('script-src')).toBe(false);
  const styles = [...page.text.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  expect(styles).toHaveLength(1);
  const hash = createHash('sha256').update(styles[0]![1]!, 'utf8').digest('base64');
  expect(csp.get('style-src')).toBe(`'sha256-${hash}'`);
  expect(page.text).not.toMatch(/<script\b/i);
  expect(page.text).not.toMatch(/\sstyle="/);
}

const formCompletedEvents = async (server: TestServer) =>
  (
    await server.service.core.db
      .prepare<[], { data: string }>("SELECT data FROM events WHERE type = 'form.completed'")
      .all()
  ).map((row) => JSON.parse(row.data) as Record<string, unknown>);

const responseCount = async (server: TestServer): Promise<number> =>
  (await server.service.core.db
    .prepare<[], number>('SELECT count(*) FROM form_responses')
    .pluck()
    .get())!;

async function expectLedgerConsistent(server: TestServer): Promise<void> {
  const { core } = server.service;
  expect(await core.q.creditLedger.sum()).toBe((await core.credits.balance()).balance);
}

/** How the completed page words the completion time (the clinic's clock, Europe/Madrid). */
function completedAtText(at: string, locale: string): string {
  return escapeHtml(
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Madrid',
    }).format(new Date(at)),
  );
}

describe('GET /f/{token}: the form page', () => {
  it('serves the form with its security headers, in Catalan, every field with its constraints', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });

    // No credential at all: the token in the path is the only one.
    const page = await getPage(server, sent.path);
    expect(page.status).toBe(200);
    expectPageHeaders(page);
    expect(page.headers.get('x-request-id')).toMatch(/^req_/);
    expect(page.text.startsWith('<!doctype html>\n<html lang="ca">\n')).toBe(true);
    expect(page.text).toContain('<title>Every field type – Engage Desk</title>');
    expect(page.text).toContain('<h1>Every field type</h1>');
    expect(page.text).toContain('<p>One question of each kind.</p>');
    expect(page.text).toContain(
      '<button type="submit" class="button">Enviar les respostes</button>',
    );

    // One form, posting back to the page itself.
    expect(tags(page.text, 'form')).toEqual([
      { method: 'post', action: `/f/${sent.token}`, autocomplete: 'off' },
    ]);

    // Every question, with the required/optional marker in Catalan.
    for (const field of EVERY_FIELD_TYPE.fields) {
      const marker = field.required ? '(obligatòria)' : '(opcional)';
      expect(page.text).toContain(
        `${escapeHtml(field.label)} <span class="marker">${marker}</span>`,
      );
    }

    // Exactly the form's fields are posted, and nothing else.
    expect(new Set(controls(page.text).map((c) => c.name))).toEqual(
      new Set(['notes', 'weight', 'pain', 'mood', 'symptoms', 'fever', 'since']),
    );
    expect(controls(page.text)).toHaveLength(1 + 1 + 11 + 3 + 3 + 2 + 1);

    expect(controls(page.text, 'notes')).toEqual([
      { id: 'f-notes', name: 'notes', rows: '5', maxlength: '5000' },
    ]);
    expect(controls(page.text, 'weight')).toEqual([
      {
        type: 'number',
        id: 'f-weight',
        name: 'weight',
        step: 'any',
        inputmode: 'decimal',
        min: '20',
        max: '300',
      },
    ]);
    // The 0..10 slider is a row of eleven required radios.
    expect(controls(page.text, 'pain')).toEqual(
      Array.from({ length: 11 }, (_, i) => ({
        type: 'radio',
        id: `f-pain-${i}`,
        name: 'pain',
        value: String(i),
        required: true,
      })),
    );
    expect(controls(page.text, 'mood')).toEqual(
      ['Bien', 'Regular', 'Mal'].map((value, i) => ({
        type: 'radio',
        id: `f-mood-${i}`,
        name: 'mood',
        value,
        required: true,
      })),
    );
    // Checkboxes are never required one by one, even on a required field.
    expect(controls(page.text, 'symptoms')).toEqual(
      ['Fiebre', 'Tos', 'Náuseas'].map((value, i) => ({
        type: 'checkbox',
        id: `f-symptoms-${i}`,
        name: 'symptoms',
        value,
      })),
    );
    expect(controls(page.text, 'fever')).toEqual(
      ['true', 'false'].map((value, i) => ({
        type: 'radio',
        id: `f-fever-${i}`,
        name: 'fever',
        value,
        required: true,
      })),
    );
    expect(page.text).toContain('<label for="f-fever-0">Sí</label>');
    expect(page.text).toContain('<label for="f-fever-1">No</label>');
    expect(controls(page.text, 'since')).toEqual([{ type: 'date', id: 'f-since', name: 'since' }]);

    // Nothing is pre-filled or pre-chosen, and nothing is marked invalid on a fresh page.
    expect(controls(page.text).filter((c) => c.checked !== undefined)).toEqual([]);
    expect(
      controls(page.text).filter(
        (c) => c.value !== undefined && c.type !== 'radio' && c.type !== 'checkbox',
      ),
    ).toEqual([]);
    expect(controls(page.text).filter((c) => c['aria-invalid'] !== undefined)).toEqual([]);
    expect(page.text).not.toContain('<div class="error-summary"');
    expect(page.text).not.toContain('<p class="error-message"');

    // Opening the page changes nothing.
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(schedule.body.status).toBe('sent');
    expect(await responseCount(server)).toBe(0);
  });

  it('speaks the schedule language: es by default, en when the schedule asks', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server, {
      patient: { metadata: {}, email: 'pau@example.com', phone: '+34699000111' },
    });
    const spanish = await deliver(server, { formId, patientId });
    const english = await deliver(server, { formId, patientId, language: 'en' });
    const catalan = await deliver(server, {
      formId,
      patientId,
      channel: 'whatsapp',
      language: 'ca',
    });

    const es = await getPage(server, spanish.path);
    expect(es.status).toBe(200);
    expect(es.text.startsWith('<!doctype html>\n<html lang="es">\n')).toBe(true);
    expect(es.text).toContain('>Enviar respuestas</button>');
    expect(es.text).toContain('Pain now <span class="marker">(obligatoria)</span>');

    const en = await getPage(server, english.path);
    expect(en.status).toBe(200);
    expect(en.text.startsWith('<!doctype html>\n<html lang="en">\n')).toBe(true);
    expect(en.text).toContain('>Send answers</button>');
    expect(en.text).toContain('<label for="f-fever-0">Yes</label>');
    expect(en.text).toContain('Anything else? <span class="marker">(optional)</span>');

    // A WhatsApp link opens the same page.
    const ca = await getPage(server, catalan.path);
    expect(ca.status).toBe(200);
    expect(ca.text.startsWith('<!doctype html>\n<html lang="ca">\n')).toBe(true);
    expect(ca.text).toContain('>Enviar les respostes</button>');
  });

  it("shows nothing of the patient's contact details nor of anyone else", async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const other = await formFixture(server, {
      form: { ...EVERY_FIELD_TYPE, name: 'Cuestionario de Jordi' },
      patient: {
        firstName: 'Jordi',
        lastName: 'Vilaseca Roura',
        email: 'jordi.vilaseca@example.net',
        phone: '+34677888999',
      },
    });
    const mine = await deliver(server, { formId, patientId });
    const theirs = await deliver(server, { formId: other.formId, patientId: other.patientId });

    const page = await getPage(server, mine.path);
    expect(page.status).toBe(200);
    for (const secret of [
      'nuria.puig@example.com',
      '+34612345678',
      '612345678',
      '612 345 678',
      patientId,
      mine.scheduleId,
      formId,
      'Jordi',
      'Vilaseca',
      'jordi.vilaseca@example.net',
      '677888999',
      other.patientId,
      other.formId,
      theirs.scheduleId,
      theirs.token,
      'Cuestionario de Jordi',
    ]) {
      expect(page.text, secret).not.toContain(secret);
    }
  });
});

describe('POST /f/{token}: answering', () => {
  it('stores typed answers from a url-encoded post, redirects, and shows the thank-you page', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    const balance = (await server.service.core.credits.balance()).balance;

    const posted = await postForm(server, sent.path, validParams());
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/f/${sent.token}`);
    expect(posted.text).toBe('');
    expect(posted.headers.get('cache-control')).toBeNull();

    const completedAt = iso(T0 + (HOUR_S + 1) * 1000);
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(schedule.status).toBe(200);
    expect(schedule.body).toEqual({
      id: sent.scheduleId,
      formId,
      patientId,
      channel: 'email',
      language: 'ca',
      status: 'completed',
      scheduledAt: sent.scheduledAt,
      completedAt,
      responseId: expect.stringMatching(/^resp_[0-9A-HJKMNP-TV-Z]{26}$/),
      creditsConsumed: 1,
      createdAt: sent.createdAt,
    });
    const responseId: string = schedule.body.responseId;

    // "72,5" is 72.5, "false" is false, "3" is 3, checkboxes are an array in the order ticked.
    const expected = {
      id: responseId,
      formId,
      patientId,
      scheduleId: sent.scheduleId,
      responses: VALID_STORED,
      completedAt,
    };
    const response = await server.request('GET', `/form-responses/${responseId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expected);
    const list = await server.request('GET', `/clinical-forms/${formId}/responses`);
    expect(list.body.data).toEqual([expected]);

    expect(await formCompletedEvents(server)).toEqual([
      {
        responseId,
        formId,
        patientId,
        scheduleId: sent.scheduleId,
        completedAt,
        responses: VALID_STORED,
      },
    ]);
    // Answering costs nothing.
    expect((await server.service.core.credits.balance()).balance).toBe(balance);
    await expectLedgerConsistent(server);

    // Following the redirect: the thank-you page, with the time of completion in Catalan.
    const thanks = await getPage(server, sent.path);
    expect(thanks.status).toBe(200);
    expectPageHeaders(thanks);
    expect(thanks.text.startsWith('<!doctype html>\n<html lang="ca">\n')).toBe(true);
    expect(thanks.text).toContain('<h1>Gràcies</h1>');
    expect(thanks.text).toContain(
      `<p>El formulari «Every field type» es va completar el ${completedAtText(completedAt, 'ca')}.</p>`,
    );
    expect(thanks.text).not.toContain('<form');
    expect(thanks.text).not.toContain('Me encuentro mejor');
  });

  it('takes a charset on the content type and a decimal point as well', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    const params = new URLSearchParams([
      ['weight', ' 80.25 '],
      ['pain', '10'],
      ['mood', 'Mal'],
      ['fever', 'true'],
      ['notes', ''],
      ['since', ''],
    ]);
    const posted = await postForm(
      server,
      sent.path,
      params,
      'application/x-www-form-urlencoded; charset=UTF-8',
    );
    expect(posted.status).toBe(303);
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    const response = await server.request('GET', `/form-responses/${schedule.body.responseId}`);
    // Blank optional boxes and an untouched checkbox group are simply unanswered.
    expect(response.body.responses).toEqual([
      { fieldId: 'weight', value: 80.25 },
      { fieldId: 'pain', value: 10 },
      { fieldId: 'mood', value: 'Mal' },
      { fieldId: 'fever', value: true },
    ]);
  });

  it('answers invalid answers with 422, errors beside their fields, answers kept, nothing stored', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    const balance = (await server.service.core.credits.balance()).balance;
    const eventsBefore = (await server.service.core.db
      .prepare<[], number>('SELECT count(*) FROM events')
      .pluck()
      .get())!;

    const bad = new URLSearchParams([
      ['notes', 'Dolor <b>fort</b> & "tos"'],
      ['weight', '500'], // out of 20..300
      ['pain', '3'], // fine
      // mood (required) missing
      ['symptoms', 'Tos'],
      ['fever', 'maybe'], // not true/false
      ['since', '2026-02-30'], // not a real date
    ]);
    const page = await postForm(server, sent.path, bad);
    expect(page.status).toBe(422);
    expectPageHeaders(page);
    expect(page.text.startsWith('<!doctype html>\n<html lang="ca">\n')).toBe(true);
    expect(page.text).toContain('<title>Error: Every field type – Engage Desk</title>');

    // The summary comes first, titled, and links each problem to its field, in form order.
    const summary = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(page.text);
    expect(summary).not.toBeNull();
    expect(summary![0]).toContain('role="alert"');
    expect(page.text.indexOf('class="error-summary"')).toBeLessThan(page.text.indexOf('<h1>'));
    expect(summary![1]).toContain(
      '<h2 id="error-summary-title">Hi ha algun problema amb les seves respostes</h2>',
    );
    expect(tags(summary![1]!, 'a').map((a) => a.href)).toEqual([
      '#f-weight',
      '#f-mood-0',
      '#f-fever-0',
      '#f-since',
    ]);

    // Each error sits next to its own field.
    const messages: Record<string, string> = {
      weight: 'Escrigui un número entre 20 i 300.',
      mood: 'Respongui aquesta pregunta.',
      fever: 'Triï «Sí» o «No».',
      since: 'Escrigui una data que existeixi, amb dia, mes i any.',
    };
    for (const [id, message] of Object.entries(messages)) {
      expect(page.text).toContain(
        `<p class="error-message" id="f-${id}-error"><span class="visually-hidden">Error: </span>${escapeHtml(message)}</p>`,
      );
    }
    expect(page.text.match(/class="error-message"/g)).toHaveLength(4);
    expect(page.text.match(/class="field field--error"/g)).toHaveLength(4);

    // aria-invalid on exactly the controls of the wrong answers.
    const invalid = (name: string) => controls(page.text, name).map((c) => c['aria-invalid']);
    expect(invalid('weight')).toEqual(['true']);
    expect(invalid('mood')).toEqual(['true', 'true', 'true']);
    expect(invalid('fever')).toEqual(['true', 'true']);
    expect(invalid('since')).toEqual(['true']);
    expect(invalid('notes')).toEqual([undefined]);
    expect(invalid('pain')).toEqual(Array(11).fill(undefined));
    expect(invalid('symptoms')).toEqual([undefined, undefined, undefined]);
    expect(controls(page.text, 'weight')[0]!['aria-describedby']).toBe('f-weight-error');

    // What the patient typed is still there (escaped), and what they chose is still chosen.
    expect(page.text).toContain(
      '<textarea id="f-notes" name="notes" rows="5" maxlength="5000">\nDolor &lt;b&gt;fort&lt;/b&gt; &amp; &quot;tos&quot;</textarea>',
    );
    expect(page.text).not.toContain('<b>fort</b>');
    expect(controls(page.text, 'weight')[0]!.value).toBe('500');
    expect(controls(page.text, 'since')[0]!.value).toBe('2026-02-30');
    expect(
      controls(page.text, 'pain')
        .filter((c) => c.checked)
        .map((c) => c.value),
    ).toEqual(['3']);
    expect(
      controls(page.text, 'symptoms')
        .filter((c) => c.checked)
        .map((c) => c.value),
    ).toEqual(['Tos']);
    expect(controls(page.text, 'fever').filter((c) => c.checked)).toEqual([]);
    expect(controls(page.text, 'mood').filter((c) => c.checked)).toEqual([]);

    // Nothing was stored: still sent, no response, no event, no credit moved.
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(schedule.body.status).toBe('sent');
    expect(schedule.body.responseId).toBeUndefined();
    expect(await responseCount(server)).toBe(0);
    expect(await formCompletedEvents(server)).toEqual([]);
    expect(
      await server.service.core.db.prepare<[], number>('SELECT count(*) FROM events').pluck().get(),
    ).toBe(eventsBefore);
    expect((await server.service.core.credits.balance()).balance).toBe(balance);

    // The page still opens as a fresh form, and a corrected post goes through.
    expect((await getPage(server, sent.path)).status).toBe(200);
    const fixed = await postForm(server, sent.path, validParams());
    expect(fixed.status).toBe(303);
    expect(fixed.headers.get('location')).toBe(`/f/${sent.token}`);
    const done = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(done.body.status).toBe('completed');
    const response = await server.request('GET', `/form-responses/${done.body.responseId}`);
    expect(response.body.responses).toEqual(VALID_STORED);
    expect(await formCompletedEvents(server)).toHaveLength(1);
    await expectLedgerConsistent(server);
  });

  it('refuses an empty post and a post with answers to questions the form does not have', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });

    const empty = await postForm(server, sent.path, new URLSearchParams());
    expect(empty.status).toBe(422);
    // The three required questions are named.
    expect(
      tags(/<div class="error-summary"[\s\S]*?<\/div>/.exec(empty.text)![0], 'a').map(
        (a) => a.href,
      ),
    ).toEqual(['#f-pain-0', '#f-mood-0', '#f-fever-0']);

    const params = validParams();
    params.append('diagnosis', 'Gripe');
    const extra = await postForm(server, sent.path, params);
    expect(extra.status).toBe(422);
    expect(extra.text).toContain(
      '<li>Hem rebut una resposta a una pregunta que no és en aquest formulari. Revisi les respostes i torni-les a enviar.</li>',
    );

    const twice = validParams();
    twice.append('pain', '4');
    const duplicated = await postForm(server, sent.path, twice);
    expect(duplicated.status).toBe(422);
    expect(duplicated.text).toContain(
      `<p class="error-message" id="f-pain-error"><span class="visually-hidden">Error: </span>${escapeHtml("Aquesta pregunta té més d'una resposta. Deixi'n només una.")}</p>`,
    );

    expect(await responseCount(server)).toBe(0);
    expect(await formCompletedEvents(server)).toEqual([]);
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(schedule.body.status).toBe('sent');
  });

  it('counts a line break as one character against the 5,000-character limit of text answers', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });

    const tooLong = validParams();
    tooLong.set('notes', 'x'.repeat(5001));
    const refused = await postForm(server, sent.path, tooLong);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(
      '<span class="visually-hidden">Error: </span>La seva resposta és massa llarga: pot escriure fins a 5.000 caràcters.</p>',
    );
    expect(controls(refused.text, 'notes')[0]!['aria-invalid']).toBe('true');
    expect(await responseCount(server)).toBe(0);

    // A browser sends the textarea's line break as CRLF: 5,001 characters on the wire, 5,000 typed.
    const atLimit = validParams();
    const typed = `${'a'.repeat(2500)}\n${'b'.repeat(2499)}`;
    atLimit.set('notes', typed.replace('\n', '\r\n'));
    const accepted = await postForm(server, sent.path, atLimit);
    expect(accepted.status).toBe(303);
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    const response = await server.request('GET', `/form-responses/${schedule.body.responseId}`);
    expect(response.body.responses[0]).toEqual({ fieldId: 'notes', value: typed });
  });

  it('follows the form as it is now: an edited form is shown and checked in its new shape', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    await server.service.core.forms.update(formId, {
      fields: [
        ...EVERY_FIELD_TYPE.fields,
        { id: 'sleep', type: 'number', label: 'Hours slept', required: true, min: 0, max: 24 },
      ],
    });
    const page = await getPage(server, sent.path);
    expect(controls(page.text, 'sleep')).toEqual([
      {
        type: 'number',
        id: 'f-sleep',
        name: 'sleep',
        required: true,
        step: 'any',
        inputmode: 'decimal',
        min: '0',
        max: '24',
      },
    ]);
    // Answers to the old shape now miss a required question.
    const old = await postForm(server, sent.path, validParams());
    expect(old.status).toBe(422);
    expect(old.text).toContain('<p class="error-message" id="f-sleep-error">');
    expect(await responseCount(server)).toBe(0);

    // Archiving the form does not take the link away from a patient who already has it.
    await server.service.core.forms.archive(formId);
    expect((await getPage(server, sent.path)).status).toBe(200);
    const params = validParams();
    params.set('sleep', '7');
    expect((await postForm(server, sent.path, params)).status).toBe(303);
    expect(await responseCount(server)).toBe(1);
  });

  it('answers a second submission 409 with the completed page, keeping the first answers', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });

    expect((await postForm(server, sent.path, validParams())).status).toBe(303);
    const again = validParams();
    again.set('pain', '9');
    again.set('notes', 'Segunda vez');
    const second = await postForm(server, sent.path, again);
    expect(second.status).toBe(409);
    expectPageHeaders(second);
    expect(second.headers.get('location')).toBeNull();
    expect(second.text).toContain('<h1>Gràcies</h1>');
    expect(second.text).toContain('El formulari «Every field type» es va completar el ');
    expect(second.text).not.toContain('<form');

    expect(await responseCount(server)).toBe(1);
    const events = await formCompletedEvents(server);
    expect(events).toHaveLength(1);
    expect(events[0]!.responses).toEqual(VALID_STORED);
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    const response = await server.request('GET', `/form-responses/${schedule.body.responseId}`);
    expect(response.body.responses).toEqual(VALID_STORED);

    // An invalid post after completion is also just "already answered".
    const invalidLate = await postForm(server, sent.path, new URLSearchParams([['pain', '99']]));
    expect(invalidLate.status).toBe(409);
    expect(invalidLate.text).toContain('<h1>Gràcies</h1>');
    // Reopening the link is fine.
    expect((await getPage(server, sent.path)).status).toBe(200);
  });

  it('lets exactly one of two simultaneous submissions through', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    const results = await Promise.all([
      postForm(server, sent.path, validParams()),
      postForm(server, sent.path, validParams()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([303, 409]);
    expect(await responseCount(server)).toBe(1);
    expect(await formCompletedEvents(server)).toHaveLength(1);
  });

  it('refuses a JSON body with 415: the page reads url-encoded form posts only', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    const answers = Object.fromEntries(VALID_STORED.map((a) => [a.fieldId, a.value] as const));

    for (const body of [JSON.stringify({ responses: VALID_STORED, ...answers }), '{"pain":']) {
      const response = await fetch(`${origin(server)}${sent.path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expectProblem(await readResponse(response), 415, 'unsupported_media_type');
    }

    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(schedule.body.status).toBe('sent');
    expect(await responseCount(server)).toBe(0);
    expect(await formCompletedEvents(server)).toEqual([]);
  });

  it('refuses a text/plain or multipart body with 415, changing nothing', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });

    const plain = await fetch(`${origin(server)}${sent.path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'text/plain' },
      body: validParams().toString(),
    });
    expectProblem(await readResponse(plain), 415, 'unsupported_media_type');

    const multipart = new FormData();
    for (const [name, value] of validParams()) multipart.append(name, value);
    const multi = await fetch(`${origin(server)}${sent.path}`, {
      method: 'POST',
      redirect: 'manual',
      body: multipart,
    });
    expectProblem(await readResponse(multi), 415, 'unsupported_media_type');

    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(schedule.body.status).toBe('sent');
    expect(await responseCount(server)).toBe(0);
  });
});

describe('links that do not open a form', () => {
  it('answers an unknown token 404 with a page that says nothing about what it might have been', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });

    // One character off the real token, a well-formed random one, and plain garbage.
    const last = sent.token.at(-1) === 'A' ? 'B' : 'A';
    const neighbour = `${sent.token.slice(0, -1)}${last}`;
    const unknown = [
      neighbour,
      'A'.repeat(43),
      'garbage',
      `${sent.token}x`,
      sent.token.slice(0, 42),
      encodeURIComponent(`${sent.token.slice(0, 42)}=`),
    ];
    for (const token of unknown) {
      const page = await getPage(server, `/f/${token}`);
      expect(page.status, token).toBe(404);
      expectPageHeaders(page);
      expect(page.text.startsWith('<!doctype html>\n<html lang="es">\n')).toBe(true);
      expect(page.text).toContain('<h1>Este enlace no es válido</h1>');
      expect(page.text).toContain(
        '<p>Es posible que el enlace esté incompleto o que haya caducado.</p>',
      );
      for (const secret of ['Every field type', 'Núria', 'nuria.puig@example.com', formId]) {
        expect(page.text).not.toContain(secret);
      }
      expect(page.text).not.toContain('<form');

      const posted = await postForm(server, `/f/${token}`, validParams());
      expect(posted.status, token).toBe(404);
      expect(posted.text).toContain('<h1>Este enlace no es válido</h1>');
    }
    // The neighbouring and garbage tokens did nothing to the real schedule.
    const schedule = await server.request('GET', `/form-schedules/${sent.scheduleId}`);
    expect(schedule.body.status).toBe('sent');
    expect(await responseCount(server)).toBe(0);
    expect((await getPage(server, sent.path)).status).toBe(200);
  });

  it('gives no link to a schedule cancelled or failed before its message left', async () => {
    // Without SMTP a token is made only as the message is stored and sent; only a pending
    // schedule can be cancelled and a failed one never had a message, so none of them has a link.
    // The 410 pages (cancelled, not yet sent) are reached through the SMTP channel's race with a
    // cancel: smtp-delivery.test.ts. Here: no outbox message, and a sent link survives a refused
    // cancel.
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const bounced = await formFixture(server, { patient: { email: 'ana@bounce.example' } });
    const clock = await server.request('GET', '/sandbox/clock');
    const later = iso(Date.parse(clock.body.now) + HOUR_S * 1000);
    const pending = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email', scheduledAt: later },
    });
    const failing = await server.request('POST', '/form-schedules', {
      body: { formId, patientId: bounced.patientId, channel: 'email', scheduledAt: later },
    });
    const cancelled = await server.request('POST', `/form-schedules/${pending.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 2 * HOUR_S } });
    const failed = await server.request('GET', `/form-schedules/${failing.body.id}`);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.failureReason).toBe('email_bounced');
    for (const id of [pending.body.id, failing.body.id]) {
      const outbox = await server.request('GET', `/sandbox/outbox?scheduleId=${id}`);
      expect(outbox.body.data).toEqual([]);
    }
    const hashes = await server.service.core.db
      .prepare<[], { token_hash: string | null }>('SELECT token_hash FROM form_schedules')
      .all();
    expect(hashes).toEqual([{ token_hash: null }, { token_hash: null }]);

    const sent = await deliver(server, { formId, patientId });
    const refused = await server.request('POST', `/form-schedules/${sent.scheduleId}/cancel`);
    expectProblem(refused, 400, 'schedule_not_cancellable');
    const page = await getPage(server, sent.path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Every field type</h1>');
  });
});

describe('the token is only a key to its own form page', () => {
  it('is not an API credential', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    for (const path of ['/patients', `/form-schedules/${sent.scheduleId}`, '/sandbox/outbox']) {
      const res = await server.request('GET', path, { token: sent.token });
      expectProblem(res, 401, 'invalid_token');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="engage-desk"/);
    }
    const exchange = await server.request('POST', '/auth/token', {
      token: null,
      body: { apiKey: sent.token },
    });
    expectProblem(exchange, 401, 'invalid_api_key');
  });

  it('opens nothing below the page', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sent = await deliver(server, { formId, patientId });
    for (const path of [`${sent.path}/anything`, `${sent.path}/submit`, '/f/', '/f']) {
      const got = await readResponse(
        await fetch(`${origin(server)}${path}`, { redirect: 'manual' }),
      );
      expect(got.status, path).toBe(404);
    }
    const below = await readResponse(
      await fetch(`${origin(server)}${sent.path}/anything`, { redirect: 'manual' }),
    );
    expectProblem(below, 404, 'route_not_found');
    const postBelow = await readResponse(
      await fetch(`${origin(server)}${sent.path}/anything`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: validParams(),
      }),
    );
    expectProblem(postBelow, 404, 'route_not_found');
    expect(await responseCount(server)).toBe(0);
  });

  it("opens each schedule's own form, and an answer completes only that schedule", async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const sleep: FormDefinition = {
      name: 'Sueño semanal',
      type: 'follow_up',
      description: 'Cómo ha dormido.',
      fields: [{ id: 'hours', type: 'number', label: 'Horas de sueño', required: true }],
    };
    const second = (await server.service.core.forms.create(sleep)).id;
    const a = await deliver(server, { formId, patientId });
    const b = await deliver(server, { formId: second, patientId });
    expect(a.token).not.toBe(b.token);

    const pageA = await getPage(server, a.path);
    const pageB = await getPage(server, b.path);
    expect(pageA.text).toContain('<h1>Every field type</h1>');
    expect(pageA.text).not.toContain('Sueño semanal');
    expect(tags(pageA.text, 'form')[0]!.action).toBe(`/f/${a.token}`);
    expect(pageB.text).toContain('<h1>Sueño semanal</h1>');
    expect(pageB.text).not.toContain('Every field type');
    expect(tags(pageB.text, 'form')[0]!.action).toBe(`/f/${b.token}`);
    expect(new Set(controls(pageB.text).map((c) => c.name))).toEqual(new Set(['hours']));

    // B's answers posted to A's link are answers to questions A does not have.
    const wrong = await postForm(server, a.path, new URLSearchParams([['hours', '7']]));
    expect(wrong.status).toBe(422);

    expect((await postForm(server, b.path, new URLSearchParams([['hours', '7,5']]))).status).toBe(
      303,
    );
    const scheduleA = await server.request('GET', `/form-schedules/${a.scheduleId}`);
    const scheduleB = await server.request('GET', `/form-schedules/${b.scheduleId}`);
    expect(scheduleA.body.status).toBe('sent');
    expect(scheduleB.body.status).toBe('completed');
    const response = await server.request('GET', `/form-responses/${scheduleB.body.responseId}`);
    expect(response.body).toMatchObject({
      formId: second,
      scheduleId: b.scheduleId,
      responses: [{ fieldId: 'hours', value: 7.5 }],
    });
    expect((await getPage(server, a.path)).text).toContain('<h1>Every field type</h1>');
    expect((await getPage(server, b.path)).text).toContain('<h1>Gràcies</h1>');
  });
});
