import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEventView, InputOf } from '../../src-preload/contract';
import { AuditLog } from '../../src-renderer/src/features/audit';
import { PatientPage } from '../../src-renderer/src/features/patients/patient-page';
import { makePatient } from './patients-fixtures';
import { renderWithApp } from './render-app';

const patient = makePatient(3, { firstName: 'Núria', lastName: 'Puig' });

function event(id: string, patch: Partial<AuditEventView> = {}): AuditEventView {
  return {
    id,
    at: '2026-11-21T10:05:00.000Z',
    actor: { type: 'desk', name: 'Engage Desk' },
    channel: 'window',
    action: 'patient.viewed',
    resourceType: 'patient',
    resourceId: patient.id,
    patientId: patient.id,
    count: null,
    patient: { id: patient.id, firstName: 'Núria', lastName: 'Puig' },
    ...patch,
  };
}

const page = (data: AuditEventView[]) => ({
  data,
  pagination: { cursor: '', hasMore: false, limit: 50 },
});

describe('the patient page activity tab', () => {
  it('lists who saw or changed the patient, asking only for this patient', async () => {
    const asked: InputOf<'audit', 'list'>[] = [];
    const user = userEvent.setup();
    renderWithApp(<PatientPage id={patient.id} />, {
      handlers: {
        patients: { get: () => patient, timeline: () => [] },
        alerts: { ofPatient: () => [] },
        audit: {
          list: (input) => {
            asked.push(input);
            return page([
              event('aud_2', {
                actor: { type: 'api_key', id: 'key_1', name: 'EHR sync' },
                channel: 'api',
                action: 'patient.updated',
              }),
              event('aud_1'),
            ]);
          },
        },
      },
    });
    const tab = await screen.findByRole('tab', { name: 'Registro de accesos' });
    expect(asked).toEqual([]); // the timeline is the first tab: nothing read until asked
    await user.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', {
      name: 'Quién ha visto o cambiado este paciente',
    });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Cambió los datos');
    expect(items[0]).toHaveTextContent('Clave de API «EHR sync» · API');
    expect(items[1]).toHaveTextContent('Abrió la ficha');
    expect(items[1]).toHaveTextContent('Este escritorio · Ventana');
    expect(asked[0]).toMatchObject({ patientId: patient.id });
    // The ARIA tabs pattern: one tab stop, the arrow keys move between the tabs and select them.
    const timeline = screen.getByRole('tab', { name: 'Actividad' });
    expect(timeline).toHaveAttribute('tabindex', '-1');
    expect(tab).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowLeft}');
    expect(timeline).toHaveAttribute('aria-selected', 'true');
    expect(timeline).toHaveFocus();
  });
});

describe('the audit log', () => {
  it('filters by action and exports the same filters as CSV', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const asked: InputOf<'audit', 'list'>[] = [];
    const exported: InputOf<'audit', 'exportCsv'>[] = [];
    const user = userEvent.setup();
    renderWithApp(<AuditLog />, {
      handlers: {
        audit: {
          list: (input) => {
            asked.push(input);
            return page([
              event('aud_1', {
                action: 'patients.exported',
                resourceType: 'export',
                resourceId: 'patients',
                count: 12,
              }),
            ]);
          },
          exportCsv: (input) => {
            exported.push(input);
            return { filename: 'registro-de-accesos-2026-11-21.csv', csv: 'x', rows: 1 };
          },
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Registro de accesos' });
    expect(table).toHaveTextContent('Exportó a CSV (exportación de 12 pacientes)');
    expect(within(table).getByRole('link', { name: 'Núria Puig' })).toHaveAttribute(
      'href',
      `/patients/${patient.id}`,
    );
    await user.selectOptions(screen.getByLabelText('Acción'), 'patients.exported');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ action: 'patients.exported' }));
    await user.click(screen.getByRole('button', { name: /Exportar CSV/ }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(exported[0]).toEqual({ action: 'patients.exported', language: 'es' });
  });
});
