import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3-multiple-ciphers';
import { migrate } from '../../src-main/service/store/db';
import { migrations } from '../../src-main/service/store/migrations';
import { expectProblem, serversClosedAfterEach, type TestServer } from './helpers';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');
const { newServer } = serversClosedAfterEach(NOW);

const names = (body: { data: { firstName: string; lastName: string }[] }) =>
  body.data.map((p) => `${p.lastName}, ${p.firstName}`);

/** Every page of a list, following cursors. */
async function everyPage(server: TestServer, query: string, limit = 2): Promise<string[]> {
  const seen: string[] = [];
  let cursor = '';
  for (let i = 0; i < 50; i++) {
    const page = await server.request(
      'GET',
      `/patients?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status).toBe(200);
    seen.push(...names(page.body));
    if (!page.body.pagination.hasMore) return seen;
    cursor = page.body.pagination.cursor;
  }
  throw new Error('more than 50 pages');
}

describe('GET /patients sorted', () => {
  it('sorts by last name then first name, without case or accents, in both directions and over pages', async () => {
    const server = await newServer();
    for (const [firstName, lastName] of [
      ['Pau', 'Zapata'],
      ['ana', 'álvarez'],
      ['Berta', 'Alvarez'],
      ['Òscar', 'Ortega'],
      ['Núria', 'Gal·la'],
      ['Carles', 'Gallart'],
      ['Iñaki', 'ÚBEDA'],
    ]) {
      await server.request('POST', '/patients', { body: { firstName, lastName } });
    }
    const expected = [
      'álvarez, ana',
      'Alvarez, Berta',
      'Gal·la, Núria',
      'Gallart, Carles',
      'Ortega, Òscar',
      'ÚBEDA, Iñaki',
      'Zapata, Pau',
    ];
    expect(await everyPage(server, 'sort=name')).toEqual(expected);
    expect(await everyPage(server, 'sort=name&direction=desc')).toEqual([...expected].reverse());
    // A search narrows the sorted list (through the trigram index) and keeps the order.
    expect(await everyPage(server, 'sort=name&search=alvarez', 1)).toEqual([
      'álvarez, ana',
      'Alvarez, Berta',
    ]);
    // A renamed patient moves to its new place.
    const pau = (await server.request('GET', '/patients?search=zapata')).body.data[0].id;
    await server.request('PATCH', `/patients/${pau}`, { body: { lastName: 'Abad' } });
    expect((await everyPage(server, 'sort=name'))[0]).toBe('Abad, Pau');
  });

  it('sorts by date of birth with unknown dates last in both directions', async () => {
    const server = await newServer();
    const add = (firstName: string, dateOfBirth?: string) =>
      server.request('POST', '/patients', {
        body: { firstName, lastName: 'Test', ...(dateOfBirth ? { dateOfBirth } : {}) },
      });
    await add('Middle', '1970-05-01');
    await add('Unknown');
    await add('Oldest', '1931-01-01');
    await add('Youngest', '2020-02-29');
    const oldestFirst = await everyPage(server, 'sort=dateOfBirth');
    expect(oldestFirst).toEqual([
      'Test, Oldest',
      'Test, Middle',
      'Test, Youngest',
      'Test, Unknown',
    ]);
    expect(await everyPage(server, 'sort=dateOfBirth&direction=desc', 3)).toEqual([
      'Test, Youngest',
      'Test, Middle',
      'Test, Oldest',
      'Test, Unknown',
    ]);
  });

  it('binds the cursor to the sort and refuses an unknown sort', async () => {
    const server = await newServer();
    for (const name of ['A', 'B', 'C']) {
      await server.request('POST', '/patients', { body: { firstName: name, lastName: name } });
    }
    const first = await server.request('GET', '/patients?sort=name&limit=1');
    const cursor = first.body.pagination.cursor;
    expectProblem(
      await server.request('GET', `/patients?sort=name&direction=desc&limit=1&cursor=${cursor}`),
      400,
      'invalid_cursor',
    );
    expectProblem(
      await server.request('GET', `/patients?limit=1&cursor=${cursor}`),
      400,
      'invalid_cursor',
    );
    expectProblem(await server.request('GET', '/patients?sort=age'), 422, 'validation_failed');
    expectProblem(
      await server.request('GET', '/patients?sort=name&direction=up'),
      422,
      'validation_failed',
    );
  });

  it('lists a fragment alike in every order, whether its matches are few or many', async () => {
    // On PostgreSQL a fragment's list is read from its matches when they are few (`vaqu`: 6 of
    // 80 at pages of 4) and walks the order otherwise (`serr`: 60 of 80); readsMatchesFirst's
    // test pins both sides for this clinic. A term the suffix table cannot answer is read from
    // the trigram index's matches (`r-pu`, `vaquer-pu`) or, under three characters, walked
    // (`qu`: 6, `rr`: 60). Either way, the same pages.
    const server = await newServer();
    const made: { name: string; sortName: string; dob: string | undefined; active: boolean }[] = [];
    for (let i = 0; i < 80; i++) {
      const lastName = i < 60 ? `Serr${'aeiou'[i % 5]}no` : i < 66 ? 'Vaquer-Puig' : 'Puig';
      const firstName = `P${String((i * 37) % 80).padStart(2, '0')}`;
      const dob = i % 5 === 0 ? undefined : `19${50 + ((i * 7) % 50)}-0${1 + (i % 9)}-1${i % 6}`;
      const status = i % 7 === 3 ? 'inactive' : 'active';
      const res = await server.request('POST', '/patients', {
        body: { firstName, lastName, status, ...(dob ? { dateOfBirth: dob } : {}) },
      });
      expect(res.status, res.text).toBe(201);
      made.push({
        name: `${lastName}, ${firstName}`,
        sortName: `${lastName} ${firstName}`.toLowerCase(),
        dob,
        active: status === 'active',
      });
    }
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = (term: string, sort: string, direction: string, activeOnly: boolean) => {
      const rows = made
        .map((p, seq) => ({ ...p, seq }))
        .filter((p) => p.sortName.includes(term) && (!activeOnly || p.active));
      const key = (p: (typeof rows)[number]) =>
        sort === 'name'
          ? p.sortName
          : sort === 'dateOfBirth'
            ? (p.dob ?? (direction === 'asc' ? '9999-12-31' : '0000-01-01'))
            : '';
      rows.sort((a, b) => byText(key(a), key(b)) || a.seq - b.seq);
      if (direction === 'desc') rows.reverse();
      return rows.map((p) => p.name);
    };
    for (const term of ['vaqu', 'serr', 'qu', 'rr', 'r-pu', 'vaquer-pu'])
      for (const [sort, direction] of [
        ['created', 'desc'],
        ['created', 'asc'],
        ['name', 'asc'],
        ['name', 'desc'],
        ['dateOfBirth', 'asc'],
        ['dateOfBirth', 'desc'],
      ] as const)
        for (const activeOnly of [false, true]) {
          const query = `search=${term}&sort=${sort}&direction=${direction}${activeOnly ? '&status=active' : ''}`;
          const want = expected(term, sort, direction, activeOnly);
          expect(await everyPage(server, query, 4), query).toEqual(want);
          const first = await server.request('GET', `/patients?${query}&limit=4`);
          expect(first.body.total, query).toBe(want.length);
        }
  });
});

describe('GET /patients narrowed by age and responses', () => {
  it('keeps patients by whole years of age on the service date, birthdays included', async () => {
    const server = await newServer();
    const add = (firstName: string, dateOfBirth?: string) =>
      server.request('POST', '/patients', {
        body: { firstName, lastName: 'Test', ...(dateOfBirth ? { dateOfBirth } : {}) },
      });
    await add('Turns65Today', '1961-11-22');
    await add('Turns65Tomorrow', '1961-11-23');
    await add('Is40', '1986-01-01');
    await add('NoDate');
    const list = async (query: string) =>
      (await server.request('GET', `/patients?${query}&sort=name`)).body;
    const over65 = await list('minAge=65');
    expect(names(over65)).toEqual(['Test, Turns65Today']);
    expect(over65.total).toBe(1);
    expect(names(await list('maxAge=64'))).toEqual(['Test, Is40', 'Test, Turns65Tomorrow']);
    expect(names(await list('minAge=40&maxAge=64'))).toEqual([
      'Test, Is40',
      'Test, Turns65Tomorrow',
    ]);
    expect((await list('minAge=0')).total).toBe(3); // an unknown age matches no age filter
    // Sorted by date of birth the range runs on the order's own key, which places an unknown date
    // at one end: it still matches no age filter, either way round.
    for (const direction of ['asc', 'desc']) {
      const byBirth = async (query: string) =>
        names(
          (
            await server.request(
              'GET',
              `/patients?${query}&sort=dateOfBirth&direction=${direction}`,
            )
          ).body,
        );
      const young = await byBirth('maxAge=64');
      expect([...young].sort()).toEqual(['Test, Is40', 'Test, Turns65Tomorrow']);
      expect(await byBirth('minAge=65')).toEqual(['Test, Turns65Today']);
      expect((await byBirth('minAge=0')).length).toBe(3);
    }
    expectProblem(
      await server.request('GET', '/patients?minAge=70&maxAge=60'),
      422,
      'validation_failed',
    );
    expectProblem(await server.request('GET', '/patients?minAge=-1'), 422, 'validation_failed');
  });

  it('finds who answered lately, who did not, and who has not answered one form', async () => {
    const server = await newServer();
    const { core } = server.service;
    const phq = await core.forms.create({
      name: 'Control',
      fields: [{ id: 'how', type: 'text', label: '¿Cómo está?', required: true }],
    });
    const other = await core.forms.create({
      name: 'Otro',
      fields: [{ id: 'how', type: 'text', label: '¿Qué tal?', required: true }],
    });
    const patient = async (firstName: string) =>
      (
        await core.patients.create({
          firstName,
          lastName: 'Test',
          email: `${firstName}@example.com`,
        })
      ).id;
    const answer = async (patientId: string, formId: string) => {
      const schedule = await core.schedules.create({ formId, patientId, channel: 'email' });
      await core.advanceClock(60);
      await core.schedules.submit(schedule.id, [{ fieldId: 'how', value: 'Bien, gracias' }]);
    };
    const early = await patient('Early');
    await patient('Never');
    const recent = await patient('Recent');
    const otherOnly = await patient('OtherOnly');
    await answer(early, phq.id);
    await core.advanceClock(20 * 86_400);
    await answer(recent, phq.id);
    await answer(otherOnly, other.id);

    const list = async (query: string) =>
      (await server.request('GET', `/patients?${query}&sort=name`)).body;
    expect(names(await list('respondedWithinDays=7'))).toEqual(['Test, OtherOnly', 'Test, Recent']);
    expect(names(await list('notRespondedWithinDays=7'))).toEqual(['Test, Early', 'Test, Never']);
    const noPhq = await list(`notRespondedWithinDays=7&responseFormId=${phq.id}`);
    expect(names(noPhq)).toEqual(['Test, Early', 'Test, Never', 'Test, OtherOnly']);
    expect(noPhq.total).toBe(3);
    // Answered something in 30 days, but not in the last 7.
    expect(names(await list('respondedWithinDays=30&notRespondedWithinDays=7'))).toEqual([
      'Test, Early',
    ]);

    // Without a response filter the form means nothing; an unknown form is a typo, not "everyone".
    expectProblem(
      await server.request('GET', `/patients?responseFormId=${phq.id}`),
      422,
      'validation_failed',
    );
    const typo = await server.request(
      'GET',
      '/patients?notRespondedWithinDays=7&responseFormId=form_nope',
    );
    expectProblem(typo, 422, 'validation_failed');
    expect(typo.body.errors[0]).toMatchObject({ parameter: 'responseFormId', code: 'not_found' });
    expectProblem(
      await server.request('GET', '/patients?notRespondedWithinDays=0'),
      422,
      'validation_failed',
    );
  });
});

describe('migration 0011', () => {
  it('backfills the sort key of patients stored before it with the service folding', () => {
    const db = new Database(':memory:');
    try {
      migrate(db, migrations.slice(0, 10));
      const insert = db.prepare(
        `INSERT INTO patients (id, first_name, last_name, status, created_at, updated_at)
         VALUES (?, ?, ?, 'active', ?, ?)`,
      );
      const t1 = '2026-01-01T00:00:00.000Z';
      const t2 = '2026-01-02T00:00:00.000Z';
      insert.run('pat_1', 'Núria', 'GAL·LA', t1, t1);
      insert.run('pat_2', 'Ana', 'Álvarez', t2, t2);
      migrate(db);
      expect(db.prepare('SELECT sort_name FROM patients ORDER BY sort_name').pluck().all()).toEqual(
        ['alvarez ana', 'galla nuria'],
      );
    } finally {
      db.close();
    }
  });
});
