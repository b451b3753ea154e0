import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBodyValidator } from '../../src-main/service/validation/input-validator';
import { textProblem } from '../../src-main/service/schemas/text-rules';
import { foldForSearch } from '../../src-main/service/store/search-text';
import { logCapture } from './log-capture';
import { count, expectProblem, startServer, type ApiResponse, type TestServer } from './helpers';

/*
 * Issue 17, findings 6 and 11: bad input gets a clear 422 and changes nothing.
 * - A NUL in `search` answered 500 (SqliteError from the FTS5 MATCH, a stack in the log) and
 *   `search=%00` listed every patient; control characters now get 422 in every query and body
 *   string (multiline body text keeps TAB, LF and CR; single-line fields and parameters refuse
 *   them all, C1 and U+2028/U+2029 included).
 * - `metadata: {"a": 1e400}` was stored as null; non-finite numbers now get 422 at the pointer.
 * - `limit=0x10` and `limit=1e2` were read as 16 and 100; numeric parameters are decimal now.
 * - Names made only of U+200B, or carrying U+202E, were accepted; a name now needs a visible
 *   letter and no bidirectional controls or invisible spaces, while every Spanish and Catalan
 *   spelling passes.
 */

let server: TestServer;
const log = logCapture();

beforeAll(async () => {
  server = await startServer({ logger: { level: 'info', stream: log.stream } });
  for (const [firstName, lastName] of [
    ['Núria', 'Puig Soler'],
    ['Jordi', 'Vidal'],
    ['Abcdef', 'Nul'],
  ]) {
    const res = await server.request('POST', '/patients', { body: { firstName, lastName } });
    expect(res.status, res.text).toBe(201);
  }
});
afterAll(() => server.close());

/** Rows of the tables a refused request must leave alone. */
async function footprint() {
  return {
    patients: await count(server, 'patients'),
    events: await count(server, 'events'),
    rows: await server.service.core.db.prepare('SELECT * FROM patients ORDER BY seq').all(),
  };
}

function expectFieldError(
  res: ApiResponse,
  where: { pointer: string } | { parameter: string },
  code: string,
): void {
  expectProblem(res, 422, 'validation_failed');
  expect(res.body.errors, res.text).toEqual(
    expect.arrayContaining([expect.objectContaining({ ...where, code })]),
  );
}

/** No request failed on our side: no 5xx logged, no stack. */
function expectNoServerErrors(): void {
  const errors = log
    .lines()
    .map((line) => JSON.parse(line) as { level: number; res?: { statusCode?: number } })
    .filter((entry) => entry.level >= 50 || (entry.res?.statusCode ?? 0) >= 500);
  expect(errors).toEqual([]);
}

describe('control characters', () => {
  it.each([
    ['%00', 'a NUL alone (listed every patient)'],
    ['abc%00def', 'a NUL in a trigram search (500 from FTS5)'],
    ['nu%00ria', 'a NUL inside a name'],
    ['%01', 'another C0 control'],
    ['nu%09ria', 'a tab: a search is one line'],
    ['nu%0Aria', 'a line feed'],
    ['%7F', 'DEL'],
    ['%C2%85', 'NEL, a C1 control'],
    ['%E2%80%A8', 'LINE SEPARATOR'],
  ])('refuses search=%s (%s) with 422, without a 5xx', async (query) => {
    const res = await server.request('GET', `/patients?search=${query}`);
    expectFieldError(res, { parameter: 'search' }, 'control_character');
    expectNoServerErrors();
  });

  it('refuses control characters in other query parameters and in path parameters', async () => {
    expectFieldError(
      await server.request('GET', '/patients?tag=diab%00etes'),
      { parameter: 'tag' },
      'control_character',
    );
    expectFieldError(
      await server.request('GET', '/patients?cursor=%00'),
      { parameter: 'cursor' },
      'control_character',
    );
    expectFieldError(
      await server.request('GET', '/patients/pat_%00'),
      { parameter: 'id' },
      'control_character',
    );
    expectNoServerErrors();
  });

  it('still searches as before without them', async () => {
    const res = await server.request('GET', '/patients?search=nuria');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((p: { firstName: string }) => p.firstName)).toEqual(['Núria']);
  });

  it('refuses control characters in single-line body fields and free-form values, creating nothing', async () => {
    const before = await footprint();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: 'Ana\u0000', lastName: 'Puig' }, '/firstName'],
      [{ firstName: 'Ana', lastName: 'Puig\tSoler' }, '/lastName'],
      [{ firstName: 'Ana', lastName: 'Puig\nSoler' }, '/lastName'],
      [{ firstName: 'Ana\u0085', lastName: 'Puig' }, '/firstName'],
      [{ firstName: 'Ana', lastName: 'Puig', tags: ['ok', 'post\u0000op'] }, '/tags/1'],
      [{ firstName: 'Ana', lastName: 'Puig', metadata: { note: 'a\u0000b' } }, '/metadata/note'],
      [
        { firstName: 'Ana', lastName: 'Puig', metadata: { deep: [{ x: '\u001b[31m' }] } },
        '/metadata/deep/0/x',
      ],
      [{ firstName: 'Ana', lastName: 'Puig', metadata: { 'k\u0000': 1 } }, '/metadata'],
    ];
    for (const [body, pointer] of cases) {
      const res = await server.request('POST', '/patients', { body });
      expectFieldError(res, { pointer }, 'control_character');
    }
    const patientId = (before.rows[0] as { id: string }).id;
    const patched = await server.request('PATCH', `/patients/${patientId}`, {
      body: { firstName: 'Nú\u0000ria' },
    });
    expectFieldError(patched, { pointer: '/firstName' }, 'control_character');
    expect(await footprint()).toEqual(before);
  });

  it('keeps tab and line breaks in multiline text (metadata, a conversation message)', async () => {
    const created = await server.request('POST', '/patients', {
      body: {
        firstName: 'Laia',
        lastName: 'Ferrer',
        phone: '+34612345670',
        metadata: { note: 'primera línea\nsegunda\r\n\tsangrada' },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.metadata.note).toBe('primera línea\nsegunda\r\n\tsangrada');
    const conversation = await server.request('POST', '/conversations', {
      body: { patientId: created.body.id, context: 'Seguimiento.\nTono amable.' },
    });
    expect(conversation.status, conversation.text).toBe(201);
    const id = conversation.body.id as string;
    const sent = await server.request('POST', `/conversations/${id}/messages`, {
      body: { content: 'Me duele un poco.\n\tDesde ayer.' },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.patientMessage.content).toBe('Me duele un poco.\n\tDesde ayer.');
    const messages = await count(server, 'conversation_messages');
    const refused = await server.request('POST', `/conversations/${id}/messages`, {
      body: { content: 'Me duele\u0000' },
    });
    expectFieldError(refused, { pointer: '/content' }, 'control_character');
    expect(await count(server, 'conversation_messages')).toBe(messages);
  });
});

describe('non-finite numbers', () => {
  it('refuses 1e400 in metadata at its pointer instead of storing null', async () => {
    const before = await footprint();
    for (const [raw, pointer] of [
      ['{"firstName":"Ana","lastName":"Puig","metadata":{"a":1e400}}', '/metadata/a'],
      ['{"firstName":"Ana","lastName":"Puig","metadata":{"b":[1,-1e999]}}', '/metadata/b/1'],
    ] as const) {
      const res = await server.request('POST', '/patients', {
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      });
      expectFieldError(res, { pointer }, 'not_finite');
    }
    expect(await footprint()).toEqual(before);
    // A large but finite number is still a number.
    const res = await server.request('POST', '/patients', {
      rawBody: '{"firstName":"Ana","lastName":"Puig","metadata":{"a":1e300}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.metadata).toEqual({ a: 1e300 });
  });

  it('refuses Infinity and NaN in typed number fields, for the window too', () => {
    const validate = compileBodyValidator(
      Type.Object({ n: Type.Number(), i: Type.Optional(Type.Integer()) }),
    );
    for (const value of [{ n: Infinity }, { n: -Infinity }, { n: NaN }, { n: 1, i: Infinity }]) {
      expect(validate(value), JSON.stringify(value)).toBe(false);
    }
    expect(validate({ n: 1.5, i: 2 })).toBe(true);
  });
});

describe('numeric query parameters', () => {
  it.each([
    ['0x10', 'hexadecimal (was 16)'],
    ['1e2', 'an exponent (was 100)'],
    ['%205', 'a leading space (was 5)'],
    ['5%20', 'a trailing space'],
    ['+5', 'a plus sign'],
    ['5.0', 'a fraction'],
    ['0b101', 'binary'],
    ['Infinity', 'Infinity'],
    ['', 'nothing'],
  ])('refuses limit=%s (%s) with 422 instead of coercing it', async (value) => {
    const res = await server.request('GET', `/patients?limit=${value}`);
    expectFieldError(res, { parameter: 'limit' }, 'type');
  });

  it('reads decimal digits as before', async () => {
    const res = await server.request('GET', '/patients?limit=2');
    expect(res.status, res.text).toBe(200);
    expect(res.body.pagination.limit).toBe(2);
    expectFieldError(
      await server.request('GET', '/patients?limit=0'),
      { parameter: 'limit' },
      'minimum',
    );
  });
});

describe('names', () => {
  it.each([
    ['\u200b\u200b', 'invisible_character', 'only zero-width spaces'],
    ['Ana\u200b', 'invisible_character', 'a zero-width space after a name'],
    ['\ufeffAna', 'invisible_character', 'a byte-order mark'],
    ['\u202eanA', 'bidi_control', 'a right-to-left override'],
    ['Ana\u2066x\u2069', 'bidi_control', 'an isolate'],
    ['\u202a', 'bidi_control', 'an embedding alone'],
    ['\u3164', 'no_letter', 'a Hangul filler, a letter that draws nothing'],
    ['   ', 'no_letter', 'spaces'],
    ['1234', 'no_letter', 'digits only'],
    ["'-·", 'no_letter', 'punctuation only'],
  ])('refuses %j (%s, %s) with 422 and creates nothing', async (name, code) => {
    const before = await footprint();
    for (const body of [
      { firstName: name, lastName: 'Puig' },
      { firstName: 'Ana', lastName: name },
    ]) {
      const res = await server.request('POST', '/patients', { body });
      const pointer = body.firstName === name ? '/firstName' : '/lastName';
      expectFieldError(res, { pointer }, code);
    }
    expect(await footprint()).toEqual(before);
  });

  it('accepts Spanish and Catalan names as they are written, and other scripts', async () => {
    for (const [firstName, lastName] of [
      ["N'Àngels", 'Gal·la i Pujol'],
      ['Núria', 'Puig-Soler'],
      ['Maria del Mar', "D'Amico"],
      ['Íñigo', 'Fernández de la Peña'],
      ['Aina', 'L’Hospitalet'],
      ['Çesc', 'Castell·la'],
      ['Zoë', 'O’Brien'],
      ['José Mª', 'Ruiz Jr.'],
      ['李', '小龍'],
      ['محمد', 'العلي'],
    ]) {
      const res = await server.request('POST', '/patients', { body: { firstName, lastName } });
      expect(res.status, `${firstName} ${lastName}: ${res.text}`).toBe(201);
      expect(res.body).toMatchObject({ firstName, lastName });
    }
  });

  it('states the rules in one place', () => {
    expect(textProblem("N'Àngels", 'name')).toBeUndefined();
    expect(textProblem('a\tb', 'multiline')).toBeUndefined();
    expect(textProblem('a\tb', 'line')?.code).toBe('control_character');
    expect(textProblem('\u200b', 'name')?.code).toBe('invisible_character');
    expect(textProblem('\u202e', 'line')).toBeUndefined(); // only names refuse bidi controls
  });
});

describe('search text', () => {
  it('folds control characters away, so no caller can put a NUL into a MATCH', () => {
    expect(foldForSearch('nu\u0000ria')).toBe('nu ria');
    expect(foldForSearch('\u0000')).toBe('');
  });
});
