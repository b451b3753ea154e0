import { describe, expect, it } from 'vitest';
import { PatientNote, PatientNoteList } from '../../src-main/service/schemas/patient-note';
import {
  addPatient,
  count,
  expectProblem,
  expectSchema,
  serversClosedAfterEach,
  type TestServer,
} from './helpers';
import { operationsOn } from './operation-harness';

const T0 = Date.parse('2026-11-20T09:00:00.000Z');
const { newServer } = serversClosedAfterEach(T0);

async function withPatient(): Promise<{ server: TestServer; patientId: string }> {
  const server = await newServer();
  return { server, patientId: await addPatient(server.service.core, 'Núria', 'Soler') };
}

const notesOf = (server: TestServer, patientId: string, query = '') =>
  server.request('GET', `/patients/${patientId}/notes${query}`);

describe('patient notes over the API', () => {
  it('adds a note signed by its writer, recording the key that stored it', async () => {
    const { server, patientId } = await withPatient();
    const text = 'Ha llamado la hija: la paciente no puede venir el jueves.\nProponer el lunes.';
    const res = await server.request('POST', `/patients/${patientId}/notes`, {
      body: { text, author: 'Dra. Puig' },
    });
    expect(res.status, res.text).toBe(201);
    expectSchema(PatientNote, res.body);
    const keyId = (await server.service.core.apiKeys.list()).find((k) => k.name === 'test')!.id;
    expect(res.body).toEqual({
      id: expect.stringMatching(/^note_/),
      patientId,
      text,
      author: 'Dra. Puig',
      createdBy: { type: 'api_key', id: keyId, name: 'test' },
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    expect(res.headers.get('location')).toBe(`/api/v1/patient-notes/${res.body.id}`);
    const got = await server.request('GET', `/patient-notes/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("without an author the note is signed with the key's name; blank lines around are dropped", async () => {
    const { server, patientId } = await withPatient();
    const res = await server.request('POST', `/patients/${patientId}/notes`, {
      body: { text: '\n\n  Revisar la dosis de metformina.\n  Llamar el lunes.  \n\n' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.author).toBe('test');
    expect(res.body.text).toBe('  Revisar la dosis de metformina.\n  Llamar el lunes.');
  });

  it('lists the notes of one patient, newest first, a page at a time', async () => {
    const { server, patientId } = await withPatient();
    const other = await addPatient(server.service.core, 'Pere', 'Vila');
    for (const n of [1, 2, 3]) {
      await server.request('POST', `/patients/${patientId}/notes`, { body: { text: `Nota ${n}` } });
      await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 60 } });
    }
    await server.request('POST', `/patients/${other}/notes`, { body: { text: 'Otra persona' } });

    const first = await notesOf(server, patientId, '?limit=2');
    expect(first.status).toBe(200);
    expectSchema(PatientNoteList, first.body);
    expect(first.body.data.map((n: { text: string }) => n.text)).toEqual(['Nota 3', 'Nota 2']);
    expect(first.body.pagination).toMatchObject({ hasMore: true, limit: 2 });
    const rest = await notesOf(
      server,
      patientId,
      `?limit=2&cursor=${first.body.pagination.cursor}`,
    );
    expect(rest.body.data.map((n: { text: string }) => n.text)).toEqual(['Nota 1']);
    expect(rest.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 2 });
    // The cursor belongs to this patient's list.
    const elsewhere = await notesOf(server, other, `?cursor=${first.body.pagination.cursor}`);
    expectProblem(elsewhere, 400, 'invalid_cursor');
    expect((await notesOf(server, other)).body.data).toHaveLength(1);
  });

  it('refuses bad notes with a 422 that names the field, and stores nothing', async () => {
    const { server, patientId } = await withPatient();
    const cases: [unknown, string][] = [
      [{}, '/text'],
      [{ text: '' }, '/text'],
      [{ text: '   \n\t ' }, '/text'],
      [{ text: 'x'.repeat(5001) }, '/text'],
      [{ text: 'Bien', author: '' }, '/author'],
      [{ text: 'Bien', author: 'Dra.\nPuig' }, '/author'],
      [{ text: 'Bien', author: 'Dra. \u202EgiuP' }, '/author'],
      [{ text: 'Bien', author: '1234' }, '/author'],
      [{ text: 'Nota \u0007 con un pitido' }, '/text'],
      [{ text: 'Bien', createdAt: '2020-01-01T00:00:00.000Z' }, '/createdAt'],
      [{ text: 42 }, '/text'],
    ];
    for (const [body, pointer] of cases) {
      const res = await server.request('POST', `/patients/${patientId}/notes`, { body });
      expectProblem(res, 422, 'validation_failed');
      expect(
        res.body.errors.map((e: { pointer: string }) => e.pointer),
        JSON.stringify(body),
      ).toContain(pointer);
    }
    const empty = await server.request('POST', `/patients/${patientId}/notes`);
    expectProblem(empty, 422, 'validation_failed');
    expect(await count(server, 'patient_notes')).toBe(0);
  });

  it('an unknown patient or note is a 404, and nothing is stored', async () => {
    const server = await newServer();
    const missing = 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G';
    expectProblem(await notesOf(server, missing), 404, 'resource_missing');
    const create = await server.request('POST', `/patients/${missing}/notes`, {
      body: { text: 'Para nadie' },
    });
    expectProblem(create, 404, 'resource_missing');
    expect(create.body.resource).toBe('patient');
    const note = await server.request('GET', '/patient-notes/note_01JD8X3V6Q9R2T5W7Y0B4C6E8G');
    expectProblem(note, 404, 'resource_missing');
    expect(note.body.resource).toBe('patient note');
    expect(await count(server, 'patient_notes')).toBe(0);
  });

  it('reading needs patients:read, writing patients:write', async () => {
    const { server, patientId } = await withPatient();
    const reader = await server.keyWith('patients:read');
    const refused = await server.request('POST', `/patients/${patientId}/notes`, {
      body: { text: 'No' },
      token: reader,
    });
    expectProblem(refused, 403, 'insufficient_permissions');
    expect((await notesOf(server, patientId, '')).status).toBe(200);
    const formsOnly = await server.keyWith('forms:read');
    const read = await server.request('GET', `/patients/${patientId}/notes`, { token: formsOnly });
    expectProblem(read, 403, 'insufficient_permissions');
    expect(await count(server, 'patient_notes')).toBe(0);
  });

  it('an Idempotency-Key retry adds one note and answers the same one', async () => {
    const { server, patientId } = await withPatient();
    const headers = { 'idempotency-key': 'note-retry-1' };
    const body = { text: 'Confirmada la cita del lunes' };
    const first = await server.request('POST', `/patients/${patientId}/notes`, { body, headers });
    const again = await server.request('POST', `/patients/${patientId}/notes`, { body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count(server, 'patient_notes')).toBe(1);
  });

  it('a note is kept as written: the store refuses to change or delete one', async () => {
    const { server, patientId } = await withPatient();
    const note = await server.request('POST', `/patients/${patientId}/notes`, {
      body: { text: 'Alergia a la penicilina' },
    });
    const { db } = server.service.core;
    await expect(
      db.prepare("UPDATE patient_notes SET text = 'Nada' WHERE id = ?").run(note.body.id),
    ).rejects.toThrow(/kept as written/);
    await expect(
      db.prepare('DELETE FROM patient_notes WHERE id = ?').run(note.body.id),
    ).rejects.toThrow(/kept as written/);
    // There is no route to change or delete one either.
    for (const method of ['PATCH', 'DELETE', 'PUT']) {
      const res = await server.request(method, `/patient-notes/${note.body.id}`, {
        body: { text: 'Nada' },
      });
      expect(res.status, method).toBe(405);
    }
    expect((await server.request('GET', `/patient-notes/${note.body.id}`)).body.text).toBe(
      'Alergia a la penicilina',
    );
  });
});

describe('patient notes in the window', () => {
  it('the desk adds notes, which show in the timeline and say what they changed', async () => {
    const { server, patientId } = await withPatient();
    const { ops, ok, refused } = operationsOn(server.service.core, server.url);
    const result = await ops.run('notes.create', {
      patientId,
      text: 'Prefiere que la llamen por la tarde',
      author: 'Marta (coordinación)',
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({
      author: 'Marta (coordinación)',
      createdBy: { type: 'desk', name: 'Engage Desk' },
    });
    expect(result.changed).toEqual(['notes']);
    const unsigned = await ok('notes.create', { patientId, text: 'Sin firma' });
    expect(unsigned.author).toBe('Engage Desk');

    const page = await ok('notes.list', { patientId, limit: 1 });
    expect(page.data.map((n: { text: string }) => n.text)).toEqual(['Sin firma']);
    expect(page.pagination.hasMore).toBe(true);
    const timeline = await ok('patients.timeline', { id: patientId });
    expect(
      timeline.filter((i: { kind: string }) => i.kind === 'note').map((i: any) => i.note.text),
    ).toEqual(['Sin firma', 'Prefiere que la llamen por la tarde']);

    const bad = await refused('notes.create', { patientId, text: ' ' });
    expect(bad.code).toBe('validation_failed');
    const nobody = await refused('notes.create', {
      patientId: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
      text: 'Hola',
    });
    expect(nobody.code).toBe('resource_missing');
    expect(await count(server, 'patient_notes')).toBe(2);
  });

  it('a sandbox reset clears the notes with the clinic', async () => {
    const { server, patientId } = await withPatient();
    await server.request('POST', `/patients/${patientId}/notes`, { body: { text: 'Una nota' } });
    expect(await count(server, 'patient_notes')).toBe(1);
    await server.request('POST', '/sandbox/reset', { body: { seed: 'empty' } });
    expect(await count(server, 'patient_notes')).toBe(0);
  });
});
