import { describe, expect, it } from 'vitest';
import { PATIENT_SELECTION_LIMIT } from '../../src-preload/contract';
import { serversClosedAfterEach } from './helpers';
import { operationsOn } from './operation-harness';
import { dropRefusal, refuseRows } from './engine-sql';

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-22T09:00:00.000Z'));

async function setUp() {
  const server = await newServer();
  const { ops } = operationsOn(server.service.core, server.url);
  const run = async (name: any, input?: unknown): Promise<any> => {
    const result = await ops.run(name, input);
    if (!result.ok) return { refused: result.error };
    return result.value;
  };
  const make = async (
    firstName: string,
    tags: string[],
    status: 'active' | 'inactive' = 'active',
  ) =>
    (await server.service.core.patients.create({ firstName, lastName: 'Test', tags, status })).id;
  return { server, run, make };
}

describe('patients.matching: select all N matching', () => {
  it('answers every matching id in the list order with the total and the stated limit', async () => {
    const { run, make } = await setUp();
    const ana = await make('Ana', ['diabetes']);
    await make('Berta', ['asma']);
    const carla = await make('Carla', ['diabetes']);
    await make('Dani', ['diabetes'], 'inactive');
    const found = await run('patients.matching', {
      tag: 'diabetes',
      status: 'active',
      sort: 'name',
    });
    expect(found).toEqual({ ids: [ana, carla], total: 2, limit: PATIENT_SELECTION_LIMIT });
    // Newest first by default, like the list.
    expect((await run('patients.matching', { tag: 'diabetes', status: 'active' })).ids).toEqual([
      carla,
      ana,
    ]);
    // The list's own validation applies: nothing is selected on a contradiction.
    expect((await run('patients.matching', { minAge: 80, maxAge: 20 })).refused.code).toBe(
      'validation_failed',
    );
  });

  it('keeps the first of more than the limit and says how many matched', async () => {
    const { server, run } = await setUp();
    const { db } = server.service.core;
    // Many patients are written straight through the table's own statement (fast), with a tag.
    const rows = PATIENT_SELECTION_LIMIT + 25;
    const insert = db.prepare(
      `INSERT INTO patients (id, first_name, last_name, status, tags, created_at, updated_at, sort_name)
       VALUES (?, 'P', ?, 'active', '["masivo"]', ?, ?, ?)`,
    );
    await db.transaction(async () => {
      for (let i = 0; i < rows; i++) {
        const at = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000).toISOString();
        const name = `n${String(i).padStart(6, '0')}`;
        await insert.run(`pat_bulk${String(i).padStart(6, '0')}`, name, at, at, `${name} p`);
      }
    });
    const found = await run('patients.matching', { tag: 'masivo', sort: 'name' });
    expect(found.total).toBe(rows);
    expect(found.ids).toHaveLength(PATIENT_SELECTION_LIMIT);
    expect(found.ids[0]).toBe('pat_bulk000000');
    expect(found.ids.at(-1)).toBe(
      `pat_bulk${String(PATIENT_SELECTION_LIMIT - 1).padStart(6, '0')}`,
    );
  });
});

describe('patients.byIds', () => {
  it('answers the patients in the order given and leaves out ids that are not there', async () => {
    const { run, make } = await setUp();
    const ana = await make('Ana', []);
    const berta = await make('Berta', []);
    const found = await run('patients.byIds', { ids: [berta, 'pat_gone', ana] });
    expect(found.map((p: { firstName: string }) => p.firstName)).toEqual(['Berta', 'Ana']);
    expect((await run('patients.byIds', { ids: [] })).refused.code).toBe('validation_failed');
  });
});

describe('patients.retag', () => {
  it('adds and removes tags on every selected patient in one step and reports each outcome', async () => {
    const { server, run, make } = await setUp();
    const ana = await make('Ana', ['diabetes']);
    const berta = await make('Berta', ['diabetes', 'control-trimestral']);
    const full = await make(
      'Full',
      Array.from({ length: 20 }, (_, i) => `t${i}`),
    );
    const report = await run('patients.retag', {
      ids: [ana, berta, full, 'pat_gone', ana],
      add: ['control-trimestral'],
      remove: ['diabetes'],
    });
    expect(report).toEqual({
      updated: 2,
      unchanged: 0,
      refused: [
        { id: full, code: 'too_many_tags' },
        { id: 'pat_gone', code: 'not_found' },
      ],
    });
    const { core } = server.service;
    expect((await core.patients.get(ana)).tags).toEqual(['control-trimestral']);
    expect((await core.patients.get(berta)).tags).toEqual(['control-trimestral']);
    expect((await core.patients.get(full)).tags).toHaveLength(20);
    // Again: nothing left to change.
    const again = await run('patients.retag', { ids: [ana], add: ['control-trimestral'] });
    expect(again).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it('refuses a contradiction or an empty change, and changes nothing', async () => {
    const { server, run, make } = await setUp();
    const ana = await make('Ana', ['diabetes']);
    const before = await server.service.core.patients.get(ana);
    const both = await run('patients.retag', { ids: [ana], add: ['x'], remove: ['x'] });
    expect(both.refused).toMatchObject({ code: 'validation_failed' });
    const none = await run('patients.retag', { ids: [ana] });
    expect(none.refused).toMatchObject({ code: 'validation_failed' });
    const blank = await run('patients.retag', { ids: [ana], add: ['  '] });
    expect(blank.refused).toMatchObject({ code: 'validation_failed' });
    expect(await server.service.core.patients.get(ana)).toEqual(before);
  });

  it('changes nothing at all when one update fails half-way', async () => {
    const { server, run, make } = await setUp();
    const ids: string[] = [];
    for (const n of ['Ana', 'Berta', 'Carla']) ids.push(await make(n, ['diabetes']));
    const { db } = server.service.core;
    // A trigger that refuses the second patient's update stands in for a failure mid-way.
    await refuseRows(db, {
      name: 'fail_second',
      table: 'patients',
      event: 'UPDATE OF tags',
      when: `NEW.id = '${ids[1]}'`,
      message: 'disk full',
    });
    const result = await run('patients.retag', { ids, add: ['revisar'] });
    expect(result.refused).toBeDefined();
    await dropRefusal(db, 'fail_second', 'patients');
    for (const id of ids) {
      expect((await server.service.core.patients.get(id)).tags).toEqual(['diabetes']);
    }
  });
});
