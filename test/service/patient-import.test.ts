import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type {
  Patient,
  PatientImportPreview,
  PatientImportReport,
} from '../../src-preload/contract';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src-main/service/domain/csv-read';
import { addPatient, footprint, type TestServer } from './helpers';
import { fieldErrors, operationServers } from './operation-harness';
import { refuseRows } from './engine-sql';

/** The patient import from CSV (docs/api-decisions.md, "Patient import"). */

const START = Date.parse('2026-11-22T09:00:00.000Z');
const operations = operationServers(START);
const b64 = (data: string | Uint8Array) => Buffer.from(data).toString('base64');
const latin1 = (text: string) => b64(Buffer.from(text, 'latin1'));
const CRLF = '\r\n';
const csv = (...lines: string[]) => lines.join(CRLF) + CRLF;
const snapshot = (server: TestServer) => footprint(server, ['patients', 'events']);

async function allPatients(ok: (n: string, i?: unknown) => Promise<any>): Promise<Patient[]> {
  return (await ok('patients.list', { limit: 100 })).data as Patient[];
}

describe('patientImport.preview', () => {
  it('guesses Spanish headers, reads ; from Spanish Excel and writes nothing', async () => {
    const { ok, server } = await operations.setup();
    const before = await snapshot(server);
    const file = b64(
      csv(
        'Nombre;Apellidos;Teléfono móvil;Correo electrónico;Fecha de nacimiento;Sexo;NHC;Etiquetas;Notas',
        'Núria;Puig Soler;612 345 678;NURIA@example.com;31/12/1980;M;HC-1;diabetes, control;x',
      ),
    );
    const preview = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(preview).toMatchObject({
      encoding: 'utf-8',
      delimiter: ';',
      columns: [
        'firstName',
        'lastName',
        'phone',
        'email',
        'dateOfBirth',
        'sex',
        'mrn',
        'tags',
        'ignore',
      ],
      missing: [],
      total: 1,
      ready: 1,
      problems: [],
    });
    expect(preview.sample[0]).toEqual({
      line: 2,
      patient: {
        firstName: 'Núria',
        lastName: 'Puig Soler',
        phone: '+34612345678',
        email: 'NURIA@example.com',
        dateOfBirth: '1980-12-31',
        tags: ['diabetes', 'control'],
        metadata: { mrn: 'HC-1', sex: 'M' },
      },
    });
    expect(await snapshot(server)).toEqual(before);
  });

  it('reads Catalan and English headers, commas, and takes the coordinator’s mapping', async () => {
    const { ok } = await operations.setup();
    const file = b64(
      csv('Nom,Cognoms,Mòbil,Data de naixement', 'Jordi,Vidal Mas,+34 699 000 111,1975-02-03'),
    );
    const guessed = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(guessed.delimiter).toBe(',');
    expect(guessed.columns).toEqual(['firstName', 'lastName', 'phone', 'dateOfBirth']);
    const english = b64(csv('First name,Surname,Email', 'Ann,Lee,ann@example.com'));
    expect(
      (await ok<PatientImportPreview>('patientImport.preview', { file: english })).columns,
    ).toEqual(['firstName', 'lastName', 'email']);
    // The coordinator says the third column is not to be imported.
    const mapped = await ok<PatientImportPreview>('patientImport.preview', {
      file,
      columns: ['firstName', 'lastName', 'ignore', 'dateOfBirth'],
    });
    expect(mapped.sample[0]!.patient.phone).toBeUndefined();
  });

  it('says which required columns are missing and refuses to import without them', async () => {
    const { ok, refused, server } = await operations.setup();
    const file = b64(csv('Nombre;Teléfono', 'Ana;612345678'));
    const preview = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(preview.missing).toEqual(['lastName']);
    expect(preview.ready).toBe(0);
    const before = await snapshot(server);
    const error = await refused('patientImport.run', { file });
    expect(fieldErrors(error)).toEqual([
      expect.objectContaining({ pointer: '/columns', code: 'missing_columns' }),
    ]);
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('encodings', () => {
  it('reads a Windows-1252 file from Spanish Excel with its accents', async () => {
    const { ok } = await operations.setup();
    const file = latin1(
      csv('Nombre;Apellidos;Teléfono', 'José;Muñoz Peña;612000001', 'Àngels;Çiurana;612000002'),
    );
    const preview = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(preview.encoding).toBe('windows-1252');
    expect(preview.columns).toEqual(['firstName', 'lastName', 'phone']);
    expect(preview.sample.map((s) => `${s.patient.firstName} ${s.patient.lastName}`)).toEqual([
      'José Muñoz Peña',
      'Àngels Çiurana',
    ]);
  });

  it('reads UTF-8 with a byte order mark (the BOM is not part of the first header)', async () => {
    const { ok } = await operations.setup();
    const file = b64(`\uFEFF${csv('Nombre;Apellidos', 'Íñigo;Arrieta')}`);
    const preview = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(preview.headers[0]).toBe('Nombre');
    expect(preview.sample[0]!.patient.firstName).toBe('Íñigo');
  });

  it('refuses UTF-8 with damaged bytes, and a binary file, with a reason', async () => {
    const { refused } = await operations.setup();
    const damaged = Buffer.concat([
      Buffer.from(csv('Nombre;Apellidos', 'José;Peña')),
      Buffer.from([0x41, 0xff, 0x42, 0x0d, 0x0a]),
    ]);
    const error = await refused('patientImport.preview', { file: b64(damaged) });
    expect(fieldErrors(error)[0]).toMatchObject({ pointer: '/file', code: 'invalid_encoding' });
    expect(fieldErrors(error)[0]!.detail).toMatch(/line 3/);
    const binary = await refused('patientImport.preview', {
      file: b64(new Uint8Array([1, 0, 2, 3])),
    });
    expect(fieldErrors(binary)[0]!.code).toBe('not_text');
  });
});

describe('rows', () => {
  it('keeps quoted fields with line breaks and delimiters, skips empty lines, counts lines right', async () => {
    const { ok } = await operations.setup();
    const file = b64(
      csv(
        'Nombre;Apellidos;Notas',
        '"Ana";"García; Puig";"a"',
        '',
        ';;',
        'Rosa;Vila;"una\ndos"',
        'Pau;;c',
      ),
    );
    const preview = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(preview.total).toBe(3);
    expect(preview.sample.map((s) => [s.line, s.patient.lastName])).toEqual([
      [2, 'García; Puig'],
      [5, 'Vila'],
    ]);
    // The row after the two-line field is on line 7, and its missing last name is the rule's.
    expect(preview.problems).toEqual([
      { line: 7, reasons: [expect.objectContaining({ target: 'lastName', code: 'required' })] },
    ]);
  });

  it('holds rows to the rules of POST /patients: e-mail, phone, birth date in the future', async () => {
    const { ok } = await operations.setup();
    const file = b64(
      csv(
        'Nombre;Apellidos;Correo;Teléfono;Fecha de nacimiento',
        'A;B;not-an-email;;',
        'C;D;;12;',
        'E;F;;;01/01/2090',
        'G;H;;;31/02/1990',
      ),
    );
    const { problems } = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(problems.map((p) => [p.line, p.reasons.map((r) => `${r.target}:${r.code}`)])).toEqual([
      [2, ['email:format']],
      [3, ['phone:pattern']],
      [4, ['dateOfBirth:future_date']],
      [5, ['dateOfBirth:format']],
    ]);
  });

  it('stores cells starting with = + - @ as text, and the export protects them', async () => {
    const { ok } = await operations.setup();
    const file = b64(csv('Nombre;Apellidos', '=HYPERLINK("http://x");-Resta', '@Arroba;+Suma'));
    const report = await ok<PatientImportReport>('patientImport.run', { file });
    expect(report.imported).toBe(2);
    const names = (await allPatients(ok)).map((p) => `${p.firstName}|${p.lastName}`).sort();
    expect(names).toEqual(['=HYPERLINK("http://x")|-Resta', '@Arroba|+Suma']);
    const exported = await ok<{ csv: string }>('exports.patients', { language: 'en' });
    const table = parse(exported.csv, { bom: true }) as string[][];
    expect(
      table
        .slice(1)
        .map((r) => [r[1], r[2]])
        .sort(),
    ).toEqual([
      ['\'=HYPERLINK("http://x")', "'-Resta"],
      ["'@Arroba", "'+Suma"],
    ]);
  });
});

describe('duplicates', () => {
  it('finds existing patients by phone, e-mail (any case) and MRN, and earlier rows of the file', async () => {
    const { ok, core } = await operations.setup();
    await addPatient(core, 'Núria', 'Puig', { phone: '+34612345678' });
    await addPatient(core, 'Jordi', 'Vidal', { email: 'jordi@example.com' });
    await addPatient(core, 'Marta', 'Riu', { metadata: { mrn: 'HC-9' } });
    const file = b64(
      csv(
        'Nombre;Apellidos;Móvil;Email;NHC',
        'N;P;612 34 56 78;;',
        'J;V;;JORDI@Example.com;',
        'M;R;;;HC-9',
        'Nuevo;Uno;699000001;nuevo@example.com;',
        'Nuevo;Otra vez;;Nuevo@example.com;',
      ),
    );
    const { problems, ready } = await ok<PatientImportPreview>('patientImport.preview', { file });
    expect(ready).toBe(1);
    expect(problems.map((p) => [p.line, p.reasons.map((r) => `${r.target}:${r.code}`)])).toEqual([
      [2, ['phone:duplicate_patient']],
      [3, ['email:duplicate_patient']],
      [4, ['mrn:duplicate_patient']],
      [6, ['email:duplicate_row']],
    ]);
    expect(problems[0]!.reasons[0]!.patient).toMatchObject({ firstName: 'Núria' });
    expect(problems[3]!.reasons[0]!.line).toBe(5);
  });
});

describe('patientImport.run', () => {
  it('imports a file once: a second import finds every row a duplicate', async () => {
    const { ok, server } = await operations.setup();
    const lines = ['Nombre;Apellidos;Móvil;Email'];
    for (let i = 0; i < 50; i++)
      lines.push(`P${i};Apellido ${i};6120${String(i).padStart(5, '0')};p${i}@example.com`);
    lines.push('Sin;;;', ';Nombre;;');
    const file = b64(csv(...lines));
    const first = await ok<PatientImportReport>('patientImport.run', { file });
    expect(first).toMatchObject({ total: 52, imported: 50 });
    expect(first.problems.map((p) => p.line)).toEqual([52, 53]);
    const events = (await snapshot(server)).events;
    const again = await ok<PatientImportReport>('patientImport.run', { file });
    expect(again.imported).toBe(0);
    expect(again.problems).toHaveLength(52);
    expect((await snapshot(server)).events).toBe(events);
  });

  it('leaves no patient behind when a write fails half-way', async () => {
    const { ok, refused, server, core } = await operations.setup();
    // A failure the rules cannot foresee (a full disk, a constraint): forced on the 30th row.
    await refuseRows(core.db, {
      name: 'boom',
      table: 'patients',
      event: 'INSERT',
      when: "NEW.first_name = 'P29'",
      message: 'forced failure',
    });
    const lines = ['Nombre;Apellidos'];
    for (let i = 0; i < 60; i++) lines.push(`P${i};A`);
    const before = await snapshot(server);
    const error = await refused('patientImport.run', { file: b64(csv(...lines)) });
    expect(error.code).toBe('internal_error');
    expect(await snapshot(server)).toEqual(before);
    expect(await allPatients(ok)).toEqual([]);
  });
});

describe('limits', () => {
  it(`refuses a file over ${IMPORT_MAX_BYTES} bytes (a 10 MB file) before reading it`, async () => {
    const { refused } = await operations.setup();
    const row = 'Nombre;Apellidos;Notas\r\n' + `Ana;García;${'x'.repeat(100)}\r\n`.repeat(100_000);
    expect(Buffer.byteLength(row)).toBeGreaterThan(10_000_000);
    const error = await refused('patientImport.preview', { file: b64(row) });
    expect(fieldErrors(error)[0]).toMatchObject({ pointer: '/file', code: 'file_too_large' });
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows, an empty file and an unclosed quote`, async () => {
    const { refused } = await operations.setup();
    const many = 'Nombre;Apellidos\n' + 'A;B\n'.repeat(IMPORT_MAX_ROWS + 1);
    expect(fieldErrors(await refused('patientImport.preview', { file: b64(many) }))[0]!.code).toBe(
      'too_many_rows',
    );
    expect(
      fieldErrors(await refused('patientImport.preview', { file: b64('\r\n\r\n') }))[0]!.code,
    ).toBe('empty_file');
    const open = b64(csv('Nombre;Apellidos', 'Ana;"García'));
    expect(fieldErrors(await refused('patientImport.preview', { file: open }))[0]!.code).toBe(
      'malformed_csv',
    );
    // Not base64 at all: the schema's own refusal.
    expect(
      fieldErrors(await refused('patientImport.preview', { file: 'no es base64!' }))[0]!.pointer,
    ).toBe('/file');
  });
});
