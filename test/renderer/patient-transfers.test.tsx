import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  InputOf,
  PatientImportPreview,
  PatientImportReport,
} from '../../src-preload/contract';
import { ExportCsvButton, PatientTransferActions } from '../../src-renderer/src/features/transfers';
import { renderWithApp } from './render-app';

afterEach(() => vi.restoreAllMocks());

const preview = (columns: PatientImportPreview['columns']): PatientImportPreview => ({
  encoding: 'windows-1252',
  delimiter: ';',
  headers: ['Nombre', 'Apellidos', 'Móvil'],
  columns,
  missing: columns.includes('lastName') ? [] : ['lastName'],
  total: 3,
  ready: columns.includes('lastName') ? 1 : 0,
  sample: [{ line: 2, patient: { firstName: 'José', lastName: 'Muñoz', phone: '+34612000001' } }],
  problems: [
    {
      line: 3,
      reasons: [
        {
          target: 'phone',
          code: 'duplicate_patient',
          detail: 'A patient with this phone exists',
          patient: { id: 'pat_1', firstName: 'Núria', lastName: 'Puig' },
        },
      ],
    },
    { line: 4, reasons: [{ target: 'lastName', code: 'required', detail: 'required' }] },
  ],
});

const report: PatientImportReport = {
  total: 3,
  imported: 1,
  problems: preview(['firstName', 'lastName', 'phone']).problems,
};

function csvFile(text: string, name = 'pacientes.csv') {
  return new File([text], name, { type: 'text/csv' });
}

describe('patient import', () => {
  it('reads the file, previews it, lets the columns change, imports and reports the skipped rows', async () => {
    const user = userEvent.setup();
    const previews: InputOf<'patientImport', 'preview'>[] = [];
    const { bridge } = renderWithApp(<PatientTransferActions scope={{}} />, {
      handlers: {
        patientImport: {
          preview: (input) => {
            previews.push(input);
            return preview(input.columns ?? ['firstName', 'ignore', 'phone']);
          },
          run: () => report,
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Importar CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar pacientes desde CSV' });
    await user.upload(
      within(dialog).getByLabelText('Archivo CSV'),
      csvFile('Nombre;Apellidos\r\n'),
    );
    // The file goes to the service as base64 of its bytes.
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(Buffer.from(previews[0]!.file, 'base64').toString()).toBe('Nombre;Apellidos\r\n');
    expect(
      await within(dialog).findByText('Falta una columna para: Apellidos.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar 0 pacientes' })).toBeDisabled();

    await user.selectOptions(within(dialog).getByLabelText('Apellidos'), 'lastName');
    await waitFor(() => expect(previews).toHaveLength(2));
    expect(previews[1]!.columns).toEqual(['firstName', 'lastName', 'phone']);
    expect(await within(dialog).findByText(/Leído como WINDOWS-1252/)).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'José' })).toBeInTheDocument();
    const problems = within(dialog).getByTestId('import-problems');
    expect(problems).toHaveTextContent('Línea 3: Teléfono ya registrado para Núria Puig');
    expect(problems).toHaveTextContent('Línea 4: Apellidos: falta');

    await user.click(within(dialog).getByRole('button', { name: 'Importar 1 pacientes' }));
    expect(await within(dialog).findByText('Importado 1 paciente de 3 filas.')).toBeInTheDocument();
    expect(bridge.log.filter((c) => c.name === 'patientImport.run')).toHaveLength(1);
    expect(within(dialog).getByTestId('import-problems').querySelectorAll('li')).toHaveLength(2);
  });

  it('refuses a file over 5 MB before reading it, and says why a refused file was refused', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<PatientTransferActions scope={{}} />, {
      handlers: {
        patientImport: {
          preview: () => {
            throw Object.assign(new Error('bad'), {
              code: 'validation_failed',
              details: { errors: [{ pointer: '/file', code: 'invalid_encoding', detail: 'x' }] },
            });
          },
        },
      },
      language: 'ca',
    });
    await user.click(screen.getByRole('button', { name: 'Importa CSV' }));
    const dialog = await screen.findByRole('dialog');
    const big = csvFile('x');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Fitxer CSV'), big);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El fitxer ocupa 6 MB');
    expect(bridge.log.filter((c) => c.name === 'patientImport.preview')).toEqual([]);

    await user.upload(within(dialog).getByLabelText('Fitxer CSV'), csvFile('Nom;Cognoms'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/CSV UTF-8/);
  });
});

describe('patient export', () => {
  it('exports with the list’s filters in the window’s language and downloads the file', async () => {
    const user = userEvent.setup();
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { bridge } = renderWithApp(
      <PatientTransferActions scope={{ status: 'active', tag: 'diabetes' }} />,
      {
        handlers: {
          exports: { patients: () => ({ filename: 'patients-2026-11-24.csv', csv: 'x', rows: 2 }) },
        },
        language: 'en',
      },
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Exported 2 patients to patients-2026-11-24.csv.'),
    ).toBeInTheDocument();
    expect(names).toEqual(['patients-2026-11-24.csv']);
    expect(bridge.log.filter((c) => c.name === 'exports.patients').map((c) => c.input)).toEqual([
      { status: 'active', tag: 'diabetes', language: 'en' },
    ]);
  });
});

describe('a list screen’s export', () => {
  it('exports alerts with the screen’s filters, in Catalan, and says how many rows', async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { bridge } = renderWithApp(
      <ExportCsvButton what="alerts" filters={{ state: 'open', priority: 'urgent' }} />,
      {
        handlers: {
          exports: { alerts: () => ({ filename: 'alertes-2026-11-24.csv', csv: 'x', rows: 1 }) },
        },
        language: 'ca',
      },
    );
    await user.click(screen.getByRole('button', { name: 'Exporta CSV' }));
    expect(
      await screen.findByText("S'ha exportat 1 fila a alertes-2026-11-24.csv."),
    ).toBeInTheDocument();
    expect(bridge.log.filter((c) => c.name === 'exports.alerts').map((c) => c.input)).toEqual([
      { state: 'open', priority: 'urgent', language: 'ca' },
    ]);
  });
});
