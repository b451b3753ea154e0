import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../src-main/service/schemas/audit-event';
import { AuditEventList } from '../../src-main/service/schemas/audit-event';
import {
  addPatient,
  count,
  expectProblem,
  expectSchema,
  EVERY_FIELD_ANSWERS,
  EVERY_FIELD_TYPE,
  fakeTime,
  serversClosedAfterEach,
  startServer,
  tempDataDir,
  type TestServer,
} from './helpers';
import { operationsOn } from './operation-harness';
import { dropRefusal, refuseRows } from './engine-sql';

const T0 = Date.parse('2026-11-20T09:00:00.000Z');
const { newServer, cleanups } = serversClosedAfterEach(T0);

interface Row {
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  channel: string;
  action: string;
  resource_type: string;
  resource_id: string;
  patient_id: string | null;
  count: number | null;
}

/** The trail as stored, once the reads' group commit is done (domain/audit-trail.ts). */
async function stored(server: TestServer): Promise<number> {
  await server.service.core.audit.flush();
  return await count(server, 'audit_events');
}

const trail = async (server: TestServer): Promise<Row[]> =>
  (await server.service.core.audit.flush(), server.service.core.db)
    .prepare<[], Row>(
      `SELECT actor_type, actor_id, actor_name, channel, action, resource_type, resource_id,
         patient_id, count FROM audit_events ORDER BY seq`,
    )
    .all();

const keyIdOf = async (server: TestServer, name: string) =>
  (await server.service.core.db
    .prepare<[string], string>('SELECT id FROM api_keys WHERE name = ?')
    .pluck()
    .get(name))!;

describe('the audit trail over the API', () => {
  it('records GET /patients/{id} once, as the API key by id and name', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Núria', 'Soler');
    expect(await trail(server)).toEqual([]); // the test's own setup runs as no one
    const res = await server.request('GET', `/patients/${patientId}`);
    expect(res.status).toBe(200);
    expect(await trail(server)).toEqual([
      {
        actor_type: 'api_key',
        actor_id: await keyIdOf(server, 'test'),
        actor_name: 'test',
        channel: 'api',
        action: 'patient.viewed',
        resource_type: 'patient',
        resource_id: patientId,
        patient_id: patientId,
        count: null,
      },
    ]);
  });

  it('records nothing for a patient that does not exist, nor for a list of patients', async () => {
    const server = await newServer();
    await addPatient(server.service.core, 'Núria', 'Soler');
    expect((await server.request('GET', '/patients/pat_nobody')).status).toBe(404);
    expect((await server.request('GET', '/patients?limit=10')).status).toBe(200);
    expect(await trail(server)).toEqual([]);
  });

  it('records each read path: notes, a note, a response, a conversation, a call', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Núria', 'Soler', { phone: '+34612345678' });
    const note = (
      await server.request('POST', `/patients/${patientId}/notes`, { body: { text: 'Llamar' } })
    ).body;
    const conversation = (
      await server.request('POST', '/conversations', {
        body: { patientId, context: 'Seguimiento', language: 'es' },
      })
    ).body;
    const call = (
      await server.request('POST', '/voice/calls', {
        body: { patientId, purpose: 'Seguimiento', language: 'es' },
      })
    ).body;
    expect(call.id, JSON.stringify(call)).toBeDefined();
    const formId = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    const schedule = await core.schedules.create({ formId, patientId, channel: 'email' });
    await core.schedules.markSent(schedule.id, 'a-token-hash');
    const response = await core.schedules.submit(schedule.id, EVERY_FIELD_ANSWERS);
    const before = (await trail(server)).length;

    for (const path of [
      `/patients/${patientId}/notes`,
      `/patient-notes/${note.id}`,
      `/form-responses/${response.id}`,
      `/conversations/${conversation.id}`,
      `/voice/calls/${call.id}`,
    ]) {
      expect((await server.request('GET', path)).status, path).toBe(200);
    }
    const reads = (await trail(server)).slice(before);
    expect(reads.map((r) => [r.action, r.resource_type, r.resource_id, r.patient_id])).toEqual([
      ['note.viewed', 'patient', patientId, patientId],
      ['note.viewed', 'note', note.id, patientId],
      ['response.viewed', 'response', response.id, patientId],
      ['conversation.viewed', 'conversation', conversation.id, patientId],
      ['call.viewed', 'call', call.id, patientId],
    ]);
    expect(new Set(reads.map((r) => `${r.channel} ${r.actor_type} ${r.actor_name}`))).toEqual(
      new Set(['api api_key test']),
    );
  });

  it('records a write in its own transaction: a refused write records nothing', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Núria', 'Soler');
    const ok = await server.request('PATCH', `/patients/${patientId}`, {
      body: { firstName: 'Nuri' },
    });
    expect(ok.status).toBe(200);
    expect((await trail(server)).map((r) => r.action)).toEqual(['patient.updated']);
    // Refused by the domain inside the write's transaction: an unknown patient, a second cancel.
    const missing = await server.request('PATCH', '/patients/pat_nobody', {
      body: { firstName: 'Nadie' },
    });
    expect(missing.status).toBe(404);
    const { core } = server.service;
    await core.credits.topUp(10);
    const formId = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    const schedule = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email', scheduledAt: '2026-11-21T09:00:00.000Z' },
    });
    expect(schedule.status, schedule.text).toBe(201);
    const cancel = () => server.request('POST', `/form-schedules/${schedule.body.id}/cancel`);
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(400);
    expect((await trail(server)).map((r) => r.action)).toEqual([
      'patient.updated',
      'delivery.created',
      'delivery.cancelled',
    ]);
  });

  it('rolls the event back with the write when the work around it fails', async () => {
    // The write and its event share one transaction (a savepoint inside the caller's): an event
    // without its write, or a write without its event, cannot be committed.
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Núria', 'Soler');
    await expect(
      core.audit.as({ channel: 'cli', actor: { type: 'cli', name: 'test' } }, async () => {
        await core.db.transaction(async () => {
          await core.patients.update(patientId, { firstName: 'Nuri' });
          expect(await stored(server)).toBe(1);
          throw new Error('the surrounding work fails');
        });
      }),
    ).rejects.toThrow('the surrounding work fails');
    expect(await stored(server)).toBe(0);
    expect((await core.patients.get(patientId)).firstName).toBe('Núria');
    // Outside any transport's scope (a job, the seed) nothing is recorded at all.
    await core.patients.update(patientId, { firstName: 'Nuri' });
    expect(await stored(server)).toBe(0);
  });
});

describe('the audit trail from the window', () => {
  it('records the desk from the window: the patient page, an export of a selection', async () => {
    const server = await newServer();
    const { core } = server.service;
    const a = await addPatient(core, 'Núria', 'Soler');
    const b = await addPatient(core, 'Jordi', 'Casals');
    const { ok } = operationsOn(core);
    await ok('patients.get', { id: a });
    await ok('patients.list', {});
    const file = await ok<{ rows: number }>('exports.patients', { ids: [a, b] });
    expect(file.rows).toBe(2);
    const rows = await trail(server);
    expect(
      rows.map((r) => [r.channel, r.actor_type, r.actor_name, r.action, r.patient_id]),
    ).toEqual([
      ['window', 'desk', 'Engage Desk', 'patient.viewed', a],
      ['window', 'desk', 'Engage Desk', 'patients.exported', a],
      ['window', 'desk', 'Engage Desk', 'patients.exported', b],
    ]);
    expect(rows.slice(1).map((r) => [r.resource_type, r.resource_id, r.count])).toEqual([
      ['export', 'patients', 2],
      ['export', 'patients', 2],
    ]);
  });

  it('records a note written in the window with the note and its patient, never its text', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Núria', 'Soler');
    const { ok, refused } = operationsOn(core);
    const note = await ok('notes.create', { patientId, text: 'Alergia a la penicilina' });
    expect((await trail(server)).map((r) => [r.action, r.resource_id, r.patient_id])).toEqual([
      ['note.created', note.id, patientId],
    ]);
    await refused('notes.create', { patientId: 'pat_nobody', text: 'x' });
    expect(await trail(server)).toHaveLength(1);
  });
});

describe('no clinical content in the trail', () => {
  it('holds no name, note text or answer of the demo clinic after every read path ran', async () => {
    const server = await startServer({ seed: 'demo' });
    cleanups.push(() => server.close());
    const { core } = server.service;
    const { ok } = operationsOn(core);
    const db = core.db;
    const patients = await db
      .prepare<[], { id: string; first_name: string; last_name: string }>(
        'SELECT id, first_name, last_name FROM patients LIMIT 5',
      )
      .all();
    for (const p of patients) {
      await server.request('GET', `/patients/${p.id}`);
      await server.request('GET', `/patients/${p.id}/notes`);
      await ok('patients.get', { id: p.id });
    }
    const conversations = db.prepare<[], string>('SELECT id FROM conversations LIMIT 3').pluck();
    for (const id of await conversations.all()) await ok('conversations.get', { id });
    const responses = db.prepare<[], string>('SELECT id FROM form_responses LIMIT 3').pluck();
    for (const id of await responses.all()) await ok('responses.get', { id });
    await ok('exports.patients', {});
    expect(await stored(server)).toBeGreaterThan(20);

    const everything = (
      await db.prepare<[], string>('SELECT api_json FROM audit_events').pluck().all()
    )
      .join('\n')
      .toLowerCase();
    for (const p of patients) {
      expect(everything).not.toContain(p.first_name.toLowerCase());
      expect(everything).not.toContain(p.last_name.toLowerCase());
    }
    const notes = await db.prepare<[], string>('SELECT text FROM patient_notes').pluck().all();
    expect(notes.length).toBeGreaterThan(0);
    for (const text of notes) expect(everything).not.toContain(text.toLowerCase().slice(0, 20));
    const written = (
      await db.prepare<[], string>('SELECT responses FROM form_responses').pluck().all()
    )
      .flatMap((json) => JSON.parse(json) as { value: unknown }[])
      .map((answer) => answer.value)
      .filter((value): value is string => typeof value === 'string');
    const answers = [...new Set(written)].filter((v) => v.length > 6);
    for (const answer of answers) expect(everything).not.toContain(answer.toLowerCase());
  });
});

describe('append-only, with retention', () => {
  it('refuses UPDATE and DELETE of recent events through raw SQL', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Núria', 'Soler');
    await server.request('GET', `/patients/${patientId}`);
    expect(await stored(server)).toBe(1);
    const db = server.service.core.db;
    await expect(db.exec("UPDATE audit_events SET actor_name = 'nobody'")).rejects.toThrow(
      /append-only/,
    );
    await expect(db.exec('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
    // Nor by shortening the retention period first: it stays within 1..30 years.
    for (const value of ['0', '-1', '0.5', 'abc', '31', '']) {
      await expect(
        db
          .prepare(
            "INSERT INTO settings (key, value) VALUES ('audit_retention_years', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          )
          .run(value),
      ).rejects.toThrow(/audit_retention_years/);
    }
    await db.exec("INSERT INTO settings (key, value) VALUES ('audit_retention_years', '1')");
    await expect(db.exec('DELETE FROM audit_events')).rejects.toThrow(/append-only/);
    await expect(
      db.exec("DELETE FROM settings WHERE key = 'audit_retention_years'"),
    ).rejects.toThrow(/kept/);
    expect(await stored(server)).toBe(1);
  });

  it('keeps the trail across a sandbox reset, with its guards', async () => {
    const server = await newServer();
    const patientId = await addPatient(server.service.core, 'Núria', 'Soler');
    await server.request('GET', `/patients/${patientId}`);
    const reset = await server.request('POST', '/sandbox/reset', { body: { seed: 'empty' } });
    expect(reset.status, reset.text).toBe(200);
    expect((await trail(server)).map((r) => [r.action, r.patient_id])).toEqual([
      ['patient.viewed', patientId],
    ]);
    await expect(server.service.core.db.exec('DELETE FROM audit_events')).rejects.toThrow(
      /append-only/,
    );
  });

  it('purges only the events older than the retention period, at start and when asked', async () => {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    // Events written seven and two years ago (by the computer's clock, which the trigger reads).
    const YEAR = 365.25 * 86_400_000;
    const clock = fakeTime(Date.now() - 7 * YEAR);
    const old = await startServer({ dataDir: dir, realNow: clock.now, sandbox: false });
    const patientId = await addPatient(old.service.core, 'Núria', 'Soler');
    await old.request('GET', `/patients/${patientId}`);
    clock.set(Date.now() - 2 * YEAR);
    await old.request('GET', `/patients/${patientId}`);
    await old.close();

    // A restart today purges at start: the seven-year-old event goes, the two-year-old one stays.
    const today = await startServer({ dataDir: dir, sandbox: false });
    cleanups.push(() => today.close());
    const { core } = today.service;
    const left = () => core.db.prepare<[], string>('SELECT at FROM audit_events').pluck().all();
    expect(await left()).toHaveLength(1);
    expect(Date.parse((await left())[0]!)).toBeGreaterThan(Date.now() - 3 * YEAR);
    // A shorter period (1 year) lets the next purge take the two-year-old one too.
    await core.audit.setRetentionYears(1);
    expect(await core.audit.purge()).toBe(1);
    // What is left is the change of the period itself, recorded just now.
    expect((await trail(today)).map((r) => r.action)).toEqual(['retention.changed']);
  });
});

describe('GET /audit-events', () => {
  it('lists the trail newest first with its filters, for audit:read only', async () => {
    const server = await newServer();
    const { core } = server.service;
    const a = await addPatient(core, 'Núria', 'Soler');
    const b = await addPatient(core, 'Jordi', 'Casals');
    await server.request('GET', `/patients/${a}`);
    await server.request('GET', `/patients/${b}`);
    await operationsOn(core).ok('patients.get', { id: a });

    const admin = await server.keyWith('audit:read');
    const all = await server.request('GET', '/audit-events', { token: admin });
    expect(all.status, all.text).toBe(200);
    expectSchema(AuditEventList, all.body);
    expect(all.body.data.map((e: AuditEvent) => [e.channel, e.patientId])).toEqual([
      ['window', a],
      ['api', b],
      ['api', a],
    ]);
    // Reading the trail is not itself recorded.
    expect(await stored(server)).toBe(3);

    const ofA = await server.request('GET', `/audit-events?patientId=${a}&channel=api`, {
      token: admin,
    });
    expect(ofA.body.data.map((e: AuditEvent) => e.patientId)).toEqual([a]);
    const desk = await server.request('GET', '/audit-events?actor=desk', { token: admin });
    expect(desk.body.data.map((e: AuditEvent) => e.actor)).toEqual([
      { type: 'desk', name: 'Engage Desk' },
    ]);
    const key = await keyIdOf(server, 'test');
    const byKey = await server.request('GET', `/audit-events?actor=${key}&limit=1`, {
      token: admin,
    });
    expect(byKey.body.data).toHaveLength(1);
    expect(byKey.body.pagination.hasMore).toBe(true);
    const next = await server.request(
      'GET',
      `/audit-events?actor=${key}&limit=1&cursor=${encodeURIComponent(byKey.body.pagination.cursor)}`,
      { token: admin },
    );
    expect(next.body.data[0].id).not.toBe(byKey.body.data[0].id);
    const none = await server.request('GET', '/audit-events?from=2030-01-01', { token: admin });
    expect(none.body.data).toEqual([]);

    // Every other permission together is not enough.
    const everyOther = await server.request('GET', '/audit-events', {
      token: await server.keyWith(
        'patients:read',
        'patients:write',
        'forms:read',
        'schedules:write',
        'conversations:write',
        'calls:write',
        'credits:read',
        'webhooks:write',
        'sandbox:write',
      ),
    });
    expectProblem(everyOther, 403, 'insufficient_permissions');
  });

  it('answers bad filters with a 4xx problem', async () => {
    const server = await newServer();
    const admin = await server.keyWith('audit:read');
    for (const query of [
      'action=patient.eaten',
      'channel=fax',
      'actor=someone',
      'from=yesterday',
      'from=2026-11-20&to=2026-11-19',
      'limit=0',
      'unknown=1',
      'cursor=forged',
    ]) {
      const res = await server.request('GET', `/audit-events?${query}`, { token: admin });
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
      expect(res.headers.get('content-type'), query).toContain('application/problem+json');
    }
  });
});

describe('reads and the read caches', () => {
  it('a recorded read keeps the cached list page; a real patient write still drops it', async () => {
    const server = await newServer();
    const { core } = server.service;
    const a = await addPatient(core, 'Núria', 'Soler');
    await addPatient(core, 'Jordi', 'Casals');
    const { ok } = operationsOn(core);
    // The key's first use writes its last_used_at (a real change, throttled): done beforehand.
    expect((await server.request('GET', '/patients?limit=1')).status).toBe(200);
    const page = await core.patients.list({ limit: 20 });
    expect(await core.patients.list({ limit: 20 })).toBe(page); // the cache answers
    // A read through the API and one from the window, each stored by its group commit.
    expect((await server.request('GET', `/patients/${a}`)).status).toBe(200);
    await ok('patients.get', { id: a });
    expect(await stored(server)).toBe(2);
    expect(await core.patients.list({ limit: 20 })).toBe(page);
    // The purge deletes only events: the cache stays too.
    await core.audit.purge();
    expect(await core.patients.list({ limit: 20 })).toBe(page);
    // A write with its event in the same transaction: the cache starts afresh.
    await ok('patients.update', { id: a, patch: { firstName: 'Nuri' } });
    const after = await core.patients.list({ limit: 20 });
    expect(after).not.toBe(page);
    expect(after.rows.toString()).toContain('"firstName":"Nuri"');
    // And a write no one audits (the service's own work) still does as well.
    await core.db.prepare("UPDATE patients SET first_name = 'Núria' WHERE id = ?").run(a);
    expect(await core.patients.list({ limit: 20 })).not.toBe(after);
  });
});

describe('the reads waiting for their group commit', () => {
  it('are stored by a graceful close: a read answered, then close() at once, is on disk', async () => {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    const first = await startServer({ dataDir: dir, sandbox: false });
    const patientId = await addPatient(first.service.core, 'Núria', 'Soler');
    expect((await first.request('GET', `/patients/${patientId}`)).status).toBe(200);
    await operationsOn(first.service.core).ok('patients.get', { id: patientId });
    await first.close(); // no flush asked for: the close does it

    const again = await startServer({ dataDir: dir, sandbox: false });
    cleanups.push(() => again.close());
    const rows = await again.service.core.db
      .prepare<[], { channel: string; action: string }>(
        'SELECT channel, action FROM audit_events ORDER BY seq',
      )
      .all();
    expect(rows).toEqual([
      { channel: 'api', action: 'patient.viewed' },
      { channel: 'window', action: 'patient.viewed' },
    ]);
  });

  it('are in the backup at quit, stored before it is taken', async () => {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    const dataDir = join(dir, 'data');
    const server = await startServer({ dataDir, sandbox: false, backups: true });
    const patientId = await addPatient(server.service.core, 'Núria', 'Soler');
    expect((await server.request('GET', `/patients/${patientId}`)).status).toBe(200);
    await server.close();
    const folder = join(dir, 'data backups');
    const files = readdirSync(folder).filter((f) => f.endsWith('.db'));
    expect(files, readdirSync(folder).join(', ')).toHaveLength(1);
    const backup = new Database(join(folder, files[0]!), { readonly: true });
    try {
      const actions = backup.prepare('SELECT action FROM audit_events').pluck().all();
      expect(actions).toEqual(['patient.viewed']);
    } finally {
      backup.close();
    }
  });

  it('come before a later write in the trail, and a refused group commit keeps them', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Núria', 'Soler');
    const { ok } = operationsOn(core);
    await ok('patients.get', { id: patientId });
    await ok('patients.update', { id: patientId, patch: { firstName: 'Nuri' } });
    expect((await trail(server)).map((r) => r.action)).toEqual([
      'patient.viewed',
      'patient.updated',
    ]);

    // The store refuses the commit (as a full disk would): the events wait and go in next time.
    await ok('patients.get', { id: patientId });
    const refusal = { name: 'refuse', table: 'audit_events', event: 'INSERT', when: '1 = 1' };
    await refuseRows(core.db, { ...refusal, message: 'disk full' });
    await expect(core.audit.flush()).rejects.toThrow(/disk full/);
    await dropRefusal(core.db, refusal.name, refusal.table);
    expect((await trail(server)).map((r) => r.action)).toEqual([
      'patient.viewed',
      'patient.updated',
      'patient.viewed',
    ]);
  });
});

describe('every write path that changes a patient record', () => {
  it('records each patient the CSV import created, in the import, and nothing for a refused one', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { ok, refused } = operationsOn(core);
    const file = Buffer.from('Nombre;Apellidos\nNúria;Soler\nJordi;Casals\n').toString('base64');
    const report = await ok<{ imported: number }>('patientImport.run', { file });
    expect(report.imported).toBe(2);
    const ids = await core.db
      // Ids are time-ordered (ULIDs made in order): the order the import created them.
      .prepare<[], string>('SELECT id FROM patients ORDER BY id')
      .pluck()
      .all();
    expect(
      (await trail(server)).map((r) => [r.channel, r.action, r.resource_id, r.patient_id]),
    ).toEqual(ids.map((id) => ['window', 'patient.created', id, id]));
    // A file without a last-name column imports nothing and records nothing.
    await refused('patientImport.run', {
      file: Buffer.from('Nombre\nAna\n').toString('base64'),
    });
    expect(await stored(server)).toBe(2);
  });

  it('records a chat started, a message and a link over the API and from the window', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Núria', 'Soler', { email: 'nuria@example.org' });
    const chat = await server.request('POST', '/conversations', {
      body: { patientId, context: 'Seguimiento' },
    });
    expect(chat.status, chat.text).toBe(201);
    const message = await server.request('POST', `/conversations/${chat.body.id}/messages`, {
      body: { content: 'Hola, hoy estoy mejor' },
    });
    expect(message.status, message.text).toBe(200);
    const { ok } = operationsOn(core);
    await ok('conversations.send', { id: chat.body.id, content: 'Sigo bien' });
    await ok('conversations.sendLink', { id: chat.body.id, channel: 'email' });
    // Writes all: stored with (or right after) their commit, none waiting for the reads' one.
    expect(await count(server, 'audit_events')).toBe(4);
    expect(
      (await trail(server)).map((r) => [
        r.channel,
        r.action,
        r.resource_type,
        r.resource_id,
        r.patient_id,
      ]),
    ).toEqual([
      ['api', 'conversation.started', 'conversation', chat.body.id, patientId],
      ['api', 'message.sent', 'conversation', chat.body.id, patientId],
      ['window', 'message.sent', 'conversation', chat.body.id, patientId],
      ['window', 'link.created', 'conversation', chat.body.id, patientId],
    ]);
  });

  it('records a series created and cancelled, a retried delivery, and a sandbox answer', async () => {
    const server = await newServer();
    const { core } = server.service;
    await core.credits.topUp(100);
    const patientId = await addPatient(core, 'Núria', 'Soler', {
      email: 'nuria@example.org',
      phone: '+34600009999', // the sandbox's unreachable number: a WhatsApp delivery fails
    });
    const formId = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    const { ok } = operationsOn(core);
    const series = await ok<{ id: string }>('series.create', {
      formId,
      patientId,
      channel: 'email',
      startsAt: '2026-11-29T09:00:00.000Z',
      recurrence: { interval: 'week', intervalCount: 2, count: 3 },
    });
    await ok('series.cancel', { id: series.id });
    const failing = await ok<{ id: string }>('schedules.create', {
      formId,
      patientId,
      channel: 'whatsapp',
    });
    await ok('sandbox.advance', { seconds: 1 });
    const retry = await ok<{ id: string }>('schedules.retry', { id: failing.id, channel: 'email' });
    await ok('sandbox.advance', { seconds: 1 });
    const before = (await trail(server)).length;
    const answer = await server.request('POST', `/sandbox/form-schedules/${retry.id}/submit`, {
      body: { responses: EVERY_FIELD_ANSWERS },
    });
    expect(answer.status, answer.text).toBe(201);
    expect((await trail(server)).map((r) => [r.action, r.resource_type, r.resource_id])).toEqual([
      ['series.created', 'series', series.id],
      ['series.cancelled', 'series', series.id],
      ['delivery.created', 'delivery', failing.id],
      ['delivery.created', 'delivery', retry.id],
      ['response.created', 'response', answer.body.id],
    ]);
    expect(before).toBe(4);
  });

  it('records nothing for marking responses read, nor for the patient answering their own form', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await addPatient(core, 'Núria', 'Soler');
    const formId = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    const schedule = await core.schedules.create({ formId, patientId, channel: 'email' });
    await core.schedules.markSent(schedule.id, 'a-token-hash');
    // The patient's own page runs as no one (no transport's scope): as here, outside any scope.
    const response = await core.schedules.submit(schedule.id, EVERY_FIELD_ANSWERS);
    const { ok } = operationsOn(core);
    await ok('responses.mark', { ids: [response.id], read: true });
    await ok('responses.mark', { ids: [response.id], read: false });
    expect(await stored(server)).toBe(0);
  });
});

describe('the retention period from the window', () => {
  it('is part of the settings; a longer one saves and is recorded with who, from and to', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { ok } = operationsOn(core);
    expect((await ok('settings.get')).auditRetentionYears).toBe(6);
    const saved = await ok('settings.update', { auditRetentionYears: 8 });
    expect(saved.auditRetentionYears).toBe(8);
    expect(await core.audit.retentionYears()).toBe(8);
    // The same period again changes and records nothing.
    await ok('settings.update', { auditRetentionYears: 8 });
    expect(await trail(server)).toEqual([
      {
        actor_type: 'desk',
        actor_id: null,
        actor_name: 'Engage Desk',
        channel: 'window',
        action: 'retention.changed',
        resource_type: 'retention',
        resource_id: 'from-6-to-8',
        patient_id: '',
        count: null,
      },
    ]);
    // The API lists it (it concerns no patient: patientId is empty).
    const listed = await server.request('GET', '/audit-events', {
      token: await server.keyWith('audit:read'),
    });
    expectSchema(AuditEventList, listed.body);
    expect(listed.body.data[0]).toMatchObject({
      action: 'retention.changed',
      resourceId: 'from-6-to-8',
      patientId: '',
    });
    // Core code with no transport (a script) records as the command line.
    await core.audit.setRetentionYears(9);
    expect((await trail(server)).at(-1)).toMatchObject({
      actor_type: 'cli',
      channel: 'cli',
      resource_id: 'from-8-to-9',
    });
  });

  it('refuses a bad period, and a shorter one until confirmed, changing and recording nothing', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { ok, refused } = operationsOn(core);
    for (const years of [0, 31, 2.5, '3', null]) {
      const error = await refused('settings.update', { auditRetentionYears: years });
      expect(error.code, String(years)).toBe('validation_failed');
    }
    const unconfirmed = await refused('settings.update', {
      auditRetentionYears: 2,
      clinicName: 'Otra clínica',
    });
    expect(unconfirmed.details).toMatchObject({
      errors: [{ pointer: '/confirmRetention', code: 'confirmation_required' }],
    });
    expect(unconfirmed.message).toMatch(/deletes the events recorded before/);
    expect(await core.audit.retentionYears()).toBe(6);
    expect((await ok('settings.get')).clinicName).not.toBe('Otra clínica');
    expect(await stored(server)).toBe(0);
    await ok('settings.update', { auditRetentionYears: 2, confirmRetention: true });
    expect(await core.audit.retentionYears()).toBe(2);
    expect((await trail(server)).map((r) => r.resource_id)).toEqual(['from-6-to-2']);
    // Longer again needs no confirmation.
    await ok('settings.update', { auditRetentionYears: 3 });
    expect(await core.audit.retentionYears()).toBe(3);
  });

  it('says what the next purge deletes under a shorter period, which it then does', async () => {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    const YEAR = 365.25 * 86_400_000;
    const clock = fakeTime(Date.now() - 3 * YEAR);
    const old = await startServer({ dataDir: dir, realNow: clock.now, sandbox: false });
    const a = await addPatient(old.service.core, 'Núria', 'Soler');
    const b = await addPatient(old.service.core, 'Jordi', 'Casals');
    await old.request('GET', `/patients/${a}`);
    await old.request('GET', `/patients/${b}`);
    await old.request('GET', `/patients/${a}`);
    await old.close();

    const today = await startServer({ dataDir: dir, sandbox: false });
    cleanups.push(() => today.close());
    const { core } = today.service;
    const { ok, refused } = operationsOn(core);
    const preview = await ok('audit.purgePreview', { years: 2 });
    expect(preview).toMatchObject({ years: 2, events: 3, patients: 2 });
    expect(Date.parse(preview.oldest)).toBeLessThan(Date.parse(preview.before));
    expect(await ok('audit.purgePreview', { years: 6 })).toMatchObject({
      events: 0,
      patients: 0,
      oldest: null,
    });
    await refused('audit.purgePreview', { years: 0 });
    await ok('settings.update', { auditRetentionYears: 2, confirmRetention: true });
    expect(await core.audit.purge()).toBe(3);
    // Only the change itself is left, and it survives a restart with the period.
    expect((await trail(today)).map((r) => r.action)).toEqual(['retention.changed']);
    await today.close();
    const again = await startServer({ dataDir: dir, sandbox: false });
    cleanups.push(() => again.close());
    expect(await again.service.core.audit.retentionYears()).toBe(2);
  });
});
