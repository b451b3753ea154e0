import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Patient } from '../../src-preload/contract';
import { Shell } from '../../src-renderer/src/app/shell';
import { PatientPage } from '../../src-renderer/src/features/patients/patient-page';
import {
  alertsFake,
  callUrgent,
  chatEmergency,
  deliveryFailed,
  jordi,
  marta,
  phqItem,
  phqTotal,
} from './alerts-fixtures';
import { renderWithApp } from './render-app';

const info = {
  apiBaseUrl: 'http://127.0.0.1:4010/api/v1',
  version: '0.1.0',
  mode: 'desktop' as const,
};

async function shell(alerts = [chatEmergency, phqItem, phqTotal, deliveryFailed, callUrgent]) {
  const fake = alertsFake(alerts);
  const rendered = renderWithApp(<Shell>x</Shell>, {
    handlers: { ...fake.handlers, app: { info: () => info } },
  });
  await act(() => rendered.appStore.getState().start());
  return { ...rendered, fake };
}

describe('the navigation count', () => {
  it('counts open alerts beside Alertas, urgent ones apart, in the link name too', async () => {
    await shell();
    const link = await screen.findByRole('link', {
      name: 'Alertas (2 urgentes, 1 para revisar)',
    });
    expect(link).toHaveAttribute('href', '/alerts');
    expect(within(link).getByTestId('alerts-nav-urgent')).toHaveTextContent('! 2');
    expect(within(link).getByTestId('alerts-nav-review')).toHaveTextContent('1');
  });

  it('says none, and follows the alerts topic and the alert event', async () => {
    const { bridge, fake } = await shell([]);
    expect(
      await screen.findByRole('link', { name: 'Alertas (ninguna abierta)' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('alerts-nav-urgent')).toBeNull();

    fake.add(phqTotal);
    act(() => bridge.emit('changed', { topics: ['alerts'] }));
    expect(
      await screen.findByRole('link', { name: 'Alertas (1 para revisar)' }),
    ).toBeInTheDocument();

    fake.add(chatEmergency);
    act(() =>
      bridge.emit('alert', {
        id: chatEmergency.id,
        priority: 'urgent',
        patientId: marta.id,
        code: 'chat_emergency',
      }),
    );
    expect(
      await screen.findByRole('link', { name: 'Alertas (1 urgente, 1 para revisar)' }),
    ).toBeInTheDocument();
    // Screen readers hear it, from outside the link.
    await waitFor(() =>
      expect(screen.getByText('Nueva alerta urgente')).toHaveAttribute('role', 'status'),
    );
  });

  it('does not say "none open" when the count could not be loaded', async () => {
    const fake = alertsFake([]);
    const { appStore } = renderWithApp(<Shell>x</Shell>, {
      handlers: {
        ...fake.handlers,
        app: { info: () => info },
        alerts: {
          counts: () => {
            throw { code: 'internal_error', message: 'boom' };
          },
        },
      },
    });
    await act(() => appStore.getState().start());
    expect(
      await screen.findByRole('link', {
        name: 'Alertas (no se ha podido saber cuántas hay abiertas)',
      }),
    ).toBeInTheDocument();
  });
});

function patientOf(ref: typeof jordi): Patient {
  return {
    ...ref,
    status: 'active',
    tags: [],
    metadata: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('the patient page header', () => {
  it("shows the patient's unresolved alerts, urgent first, and links to Alertas filtered", async () => {
    const fake = alertsFake();
    const { bridge } = renderWithApp(<PatientPage id={jordi.id} />, {
      handlers: {
        ...fake.handlers,
        patients: { get: () => patientOf(jordi), timeline: () => [] },
      },
    });
    const region = await screen.findByRole('region', { name: 'Alertas sin resolver' });
    const rows = within(region).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'UrgentePHQ-9: la respuesta a «Pensamientos de que estaría mejor muerto» es 2 (la alerta salta con 1 o más).',
      'Para revisarVistaNo se ha podido entregar «Control postoperatorio» (correo rechazado).',
    ]);
    expect(within(region).getByRole('link', { name: 'Ver sus alertas' })).toHaveAttribute(
      'href',
      `/alerts?patientId=${jordi.id}`,
    );
    expect(bridge.log).toContainEqual({ name: 'alerts.ofPatient', input: { id: jordi.id } });

    // Resolved elsewhere: the header follows the alerts topic.
    for (const item of fake.items) if (item.patientId === jordi.id) item.state = 'resolved';
    act(() => bridge.emit('changed', { topics: ['alerts'] }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Alertas sin resolver' })).toBeNull(),
    );
  });

  it('shows nothing for a patient without alerts', async () => {
    const fake = alertsFake([chatEmergency]);
    const { bridge } = renderWithApp(<PatientPage id={jordi.id} />, {
      handlers: {
        ...fake.handlers,
        patients: { get: () => patientOf(jordi), timeline: () => [] },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Jordi Puig/ })).toBeVisible();
    await waitFor(() => expect(bridge.log.map((c) => c.name)).toContain('alerts.ofPatient'));
    expect(screen.queryByRole('region', { name: 'Alertas sin resolver' })).toBeNull();
  });

  it('goes to Alertas showing only that patient', async () => {
    const user = userEvent.setup();
    const fake = alertsFake();
    const { location } = renderWithApp(<PatientPage id={jordi.id} />, {
      handlers: {
        ...fake.handlers,
        patients: { get: () => patientOf(jordi), timeline: () => [] },
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Ver sus alertas' }));
    expect(location.history?.at(-1)).toBe(`/alerts?patientId=${jordi.id}`);
  });
});
