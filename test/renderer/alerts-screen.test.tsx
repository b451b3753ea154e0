import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AlertView } from '../../src-preload/contract';
import { AlertsScreen } from '../../src-renderer/src/features/alerts/alerts-screen';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import {
  alertsFake,
  callUrgent,
  chatEmergency,
  deliveryFailed,
  jordi,
  makeAlert,
  phqItem,
  phqTotal,
} from './alerts-fixtures';
import { renderWithApp } from './render-app';

function setup(options: { language?: AppLanguage; path?: string; alerts?: AlertView[] } = {}) {
  const fake = alertsFake(options.alerts);
  const rendered = renderWithApp(<AlertsScreen />, {
    handlers: fake.handlers,
    path: options.path ?? '/alerts',
    ...(options.language ? { language: options.language } : {}),
  });
  return { ...rendered, fake };
}

const items = () => screen.findAllByTestId('alert-item');
const titles = async () =>
  (await items()).map((item) => within(item).getByRole('heading').textContent);
const listCalls = (log: { name: string; input: unknown }[]) =>
  log.filter((c) => c.name === 'alerts.list').map((c) => c.input);

describe('alerts screen', () => {
  it('shows open alerts first, urgent at the top, each in words with its links and history', async () => {
    setup();
    await waitFor(async () => expect(await items()).toHaveLength(5));
    expect(await titles()).toEqual([
      'Marta Vidal PuigUrgenteAbierta',
      'Jordi PuigUrgenteAbierta',
      'Marta Vidal PuigPara revisarAbierta',
      'Jordi PuigPara revisarVista',
      'Marta Vidal PuigUrgenteResuelta',
    ]);
    const [chat, item9, total, delivery, call] = (await items()) as HTMLElement[] as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(chat).toHaveTextContent(
      'Urgencia vital en un chat: dolor en el pecho y dificultad para respirar. Se le ha indicado que llame al 112.',
    );
    expect(chat).toHaveTextContent(/Creada el 24 nov 2026/);
    expect(within(chat).getByRole('link', { name: 'Marta Vidal Puig' })).toHaveAttribute(
      'href',
      '/patients/pat_01JMARTA',
    );
    expect(within(chat).getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute(
      'href',
      '/chats/conv_01JCHAT',
    );
    expect(item9).toHaveTextContent(
      'PHQ-9: la respuesta a «Pensamientos de que estaría mejor muerto» es 2 (la alerta salta con 1 o más).',
    );
    expect(within(item9).getByRole('link', { name: 'Ver la respuesta' })).toHaveAttribute(
      'href',
      '/responses/resp_01JPHQ',
    );
    expect(total).toHaveTextContent(
      'PHQ-9: la puntuación total del PHQ-9 es 16 (la alerta salta con un valor entre 15 y 19).',
    );
    expect(delivery).toHaveTextContent(
      'No se ha podido entregar «Control postoperatorio» (correo rechazado).',
    );
    expect(within(delivery).getByTestId('alert-acknowledged')).toHaveTextContent(
      /^Vista el 22 nov 2026, .+ con la clave de API «CRM de la clínica»\.Nota: Le llamamos para confirmar el correo\.$/,
    );
    expect(within(delivery).getByRole('link', { name: 'Ver los envíos' })).toHaveAttribute(
      'href',
      '/deliveries',
    );
    expect(call).toHaveTextContent(
      'Urgente en una llamada: fiebre tras la operación. El equipo debe llamar hoy al paciente.',
    );
    expect(within(call).getByTestId('alert-resolved')).toHaveTextContent(
      /^Resuelta el 21 nov 2026, .+ desde Engage Desk\.Nota: Visto en consulta: sin fiebre\.$/,
    );
    expect(within(call).getByRole('link', { name: 'Ver la llamada' })).toHaveAttribute(
      'href',
      '/calls/call_01JCALL',
    );
    // Open ones can be acknowledged and resolved; acknowledged ones resolved; resolved ones nothing.
    expect(
      within(chat)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Marcar como vista', 'Resolver']);
    expect(
      within(delivery)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Resolver']);
    expect(within(call).queryAllByRole('button')).toHaveLength(0);
    // Never the English reason, an id or an ISO timestamp.
    const list = screen.getByRole('list', { name: 'Lista de alertas' });
    expect(list.textContent).not.toMatch(/integrators|alert_|pat_|conv_|\d{4}-\d{2}-\d{2}T/);
  });

  it('asks the service for each part of the order: open urgent, open for review, then the rest', async () => {
    const { bridge } = setup();
    await waitFor(async () => expect(await items()).toHaveLength(5));
    expect(listCalls(bridge.log)).toEqual([
      { state: 'open', priority: 'urgent', limit: 20 },
      { state: 'open', priority: 'review', limit: 18 },
      { state: 'acknowledged', priority: 'urgent', limit: 17 },
      { state: 'acknowledged', priority: 'review', limit: 17 },
      { state: 'resolved', limit: 16 },
    ]);
  });

  it('filters by priority, source and state, and clears the filters', async () => {
    const user = userEvent.setup();
    const { bridge } = setup();
    await waitFor(async () => expect(await items()).toHaveLength(5));

    await user.selectOptions(screen.getByLabelText('Prioridad'), 'Para revisar');
    await waitFor(async () =>
      expect(await titles()).toEqual([
        'Marta Vidal PuigPara revisarAbierta',
        'Jordi PuigPara revisarVista',
      ]),
    );
    expect(listCalls(bridge.log).at(-1)).toMatchObject({ priority: 'review' });

    await user.selectOptions(screen.getByLabelText('Prioridad'), 'Todas las prioridades');
    await user.selectOptions(screen.getByLabelText('Origen'), 'Respuesta a un formulario');
    await waitFor(async () =>
      expect(await titles()).toEqual([
        'Jordi PuigUrgenteAbierta',
        'Marta Vidal PuigPara revisarAbierta',
      ]),
    );
    expect(listCalls(bridge.log).at(-1)).toMatchObject({ sourceType: 'form_response' });

    await user.selectOptions(screen.getByLabelText('Origen'), 'Todos los orígenes');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Resuelta');
    await waitFor(async () => expect(await titles()).toEqual(['Marta Vidal PuigUrgenteResuelta']));
    expect(listCalls(bridge.log).at(-1)).toEqual({ state: 'resolved', limit: 20 });

    await user.selectOptions(screen.getByLabelText('Estado'), 'Vista');
    await user.selectOptions(screen.getByLabelText('Origen'), 'Llamada');
    expect(await screen.findByText('Ninguna alerta coincide con los filtros.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Quitar los filtros' }));
    await waitFor(async () => expect(await items()).toHaveLength(5));
  });

  it('shows only the patient of ?patientId=, by name in the patient filter', async () => {
    const { bridge } = setup({ path: `/alerts?patientId=${jordi.id}` });
    await waitFor(async () =>
      expect(await titles()).toEqual(['Jordi PuigUrgenteAbierta', 'Jordi PuigPara revisarVista']),
    );
    expect(
      listCalls(bridge.log).every(
        (input) => (input as { patientId?: string }).patientId === jordi.id,
      ),
    ).toBe(true);
    expect(await screen.findByTestId('picked-patient')).toHaveTextContent('Jordi Puig');
  });

  it('pages with "Cargar más" across the order', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) =>
      makeAlert({
        id: `alert_01JMANY${String(i).padStart(2, '0')}`,
        reasonCode: 'chat_urgent',
        signs: ['severe_pain'],
        raisedAt: new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(),
      }),
    );
    setup({ alerts: [...many, callUrgent] });
    await waitFor(async () => expect(await items()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(async () => expect(await items()).toHaveLength(26));
    expect((await titles()).at(-1)).toBe('Marta Vidal PuigUrgenteResuelta');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('acknowledges with a note and resolves without one, in a dialog', async () => {
    const user = userEvent.setup();
    const { bridge } = setup({ alerts: [chatEmergency, phqItem] });
    await waitFor(async () => expect(await items()).toHaveLength(2));

    await user.click(
      screen.getByRole('button', { name: 'Marcar como vista la alerta de Marta Vidal Puig' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Marcar la alerta como vista' });
    expect(dialog).toHaveTextContent('Marta Vidal Puig: Urgencia vital en un chat');
    await user.type(
      within(dialog).getByLabelText('Nota (opcional)'),
      'Llamada hecha: está en urgencias.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como vista' }));
    expect(bridge.log).toContainEqual({
      name: 'alerts.acknowledge',
      input: { id: chatEmergency.id, note: 'Llamada hecha: está en urgencias.' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'La alerta de Marta Vidal Puig se ha marcado como vista.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const marta = (await items()).find((i) => i.textContent?.includes('Marta'))!;
    await waitFor(() =>
      expect(within(marta).getByTestId('alert-acknowledged')).toHaveTextContent(
        /^Vista el 24 nov 2026, .+ desde Engage Desk\.Nota: Llamada hecha: está en urgencias\.$/,
      ),
    );
    // Acknowledged ones go below the open ones.
    await waitFor(async () =>
      expect(await titles()).toEqual(['Jordi PuigUrgenteAbierta', 'Marta Vidal PuigUrgenteVista']),
    );

    await user.click(screen.getByRole('button', { name: 'Resolver la alerta de Jordi Puig' }));
    const resolve = await screen.findByRole('dialog', { name: 'Resolver la alerta' });
    await user.click(within(resolve).getByRole('button', { name: 'Resolver' }));
    expect(bridge.log).toContainEqual({ name: 'alerts.resolve', input: { id: phqItem.id } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'La alerta de Jordi Puig se ha resuelto.',
    );
    await waitFor(async () =>
      expect(await titles()).toEqual(['Marta Vidal PuigUrgenteVista', 'Jordi PuigUrgenteResuelta']),
    );
  });

  it('says why an action was refused and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const { fake } = setup({ alerts: [chatEmergency] });
    await waitFor(async () => expect(await items()).toHaveLength(1));
    fake.items[0]!.state = 'resolved'; // someone else resolved it meanwhile
    await user.click(
      screen.getByRole('button', { name: 'Resolver la alerta de Marta Vidal Puig' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resolver la alerta' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolver' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Alguien ya la había resuelto.',
    );
  });

  it('reloads when the alerts topic changes, and has an empty state', async () => {
    const { bridge, fake } = setup({ alerts: [] });
    expect(await screen.findByText('No hay ninguna alerta')).toBeVisible();
    fake.add(phqTotal);
    act(() => bridge.emit('changed', { topics: ['alerts'] }));
    await waitFor(async () => expect(await items()).toHaveLength(1));
  });

  it('speaks Catalan', async () => {
    setup({ language: 'ca', alerts: [chatEmergency, deliveryFailed] });
    await waitFor(async () => expect(await items()).toHaveLength(2));
    const [chat, delivery] = (await items()) as [HTMLElement, HTMLElement];
    expect(chat).toHaveTextContent(
      'Urgència vital en un xat: dolor al pit i dificultat per respirar. Se li ha indicat que truqui al 112.',
    );
    expect(delivery).toHaveTextContent(
      "No s'ha pogut lliurar «Control postoperatorio» (correu rebutjat).",
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Alertes');
  });
});
