import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  AttentionConversation,
  CreditBalance,
  CreditUsage,
  FailedDelivery,
  RecentResponse,
  UpcomingDelivery,
} from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { DashboardScreen } from '../../src-renderer/src/features/dashboard/dashboard-screen';
import { groupByDay } from '../../src-renderer/src/features/dashboard/delivery-days';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { renderWithApp } from './render-app';

/** The service clock (sandbox mode): Tuesday 24 November 2026, 08:00 UTC. */
const NOW = '2026-11-24T08:00:00.000Z';

const balance: CreditBalance = {
  balance: 1840,
  plan: 'starter',
  monthlyAllowance: 500,
  usedThisMonth: 212,
  resetsAt: '2026-12-01T09:00:00.000Z',
};

const usage: CreditUsage = {
  periodStart: '2026-11-01T09:00:00.000Z',
  resetsAt: '2026-12-01T09:00:00.000Z',
  days: [
    { date: '2026-11-23', consumed: 15 },
    { date: '2026-11-24', consumed: 4 },
  ],
};

const ana = { id: 'pat_01ANA', firstName: 'Ana', lastName: 'Martínez Soler' };
const jordi = { id: 'pat_01JORDI', firstName: 'Jordi', lastName: 'Puig' };

function delivery(
  id: string,
  scheduledAt: string,
  patient: typeof ana,
  formName: string,
  channel: 'whatsapp' | 'email',
): UpcomingDelivery {
  return {
    id,
    formId: 'form_01PHQ9',
    patientId: patient.id,
    channel,
    language: 'es',
    status: 'pending',
    scheduledAt,
    creditsConsumed: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    formName,
    patient,
  };
}

const upcoming: UpcomingDelivery[] = [
  delivery('sch_01', '2026-11-24T10:30:00.000Z', ana, 'Cuestionario PHQ-9', 'whatsapp'),
  delivery('sch_02', '2026-11-24T16:00:00.000Z', jordi, 'Seguimiento postoperatorio', 'email'),
  delivery('sch_03', '2026-11-25T09:15:00.000Z', jordi, 'Cuestionario PHQ-9', 'whatsapp'),
  delivery('sch_04', '2026-11-27T11:00:00.000Z', ana, 'Escala de dolor', 'email'),
];

const recent: RecentResponse[] = [
  {
    id: 'resp_01',
    formId: 'form_01PHQ9',
    patientId: ana.id,
    scheduleId: 'sch_00',
    responses: [{ fieldId: 'q1', value: 2 }],
    completedAt: '2026-11-24T05:00:00.000Z',
    formName: 'Cuestionario PHQ-9',
    patient: ana,
  },
];

const attention: AttentionConversation[] = [
  {
    id: 'conv_01',
    patientId: jordi.id,
    context: 'Seguimiento tras la cirugía de rodilla.',
    language: 'es',
    status: 'active',
    messageCount: 6,
    lastMessageAt: '2026-11-24T07:40:00.000Z',
    escalated: true,
    escalatedAt: '2026-11-24T07:30:00.000Z',
    creditsConsumed: 13,
    createdAt: '2026-11-24T07:00:00.000Z',
    patient: jordi,
  },
];

const failed: FailedDelivery[] = [
  {
    webhookId: 'wh_01',
    webhookUrl: 'https://crm.clinica-example.es/hooks/engage?token=x',
    eventId: 'evt_01',
    event: 'form.completed',
    failedAt: '2026-11-23T08:00:00.000Z',
    failureReason: 'retries_exhausted',
    attemptCount: 4,
  },
];

function handlers(overrides: MemoryHandlers = {}): MemoryHandlers {
  return {
    credits: { balance: () => balance, usage: () => usage, ...overrides.credits },
    schedules: { upcoming: () => upcoming, ...overrides.schedules },
    responses: { recent: () => recent, ...overrides.responses },
    conversations: { attention: () => attention, ...overrides.conversations },
    webhooks: { failedDeliveries: () => failed, ...overrides.webhooks },
    alerts: { counts: () => ({ urgent: 2, review: 3 }), ...overrides.alerts },
  };
}

function renderDashboard(options: { handlers: MemoryHandlers; language?: AppLanguage }) {
  const result = renderWithApp(<DashboardScreen />, options);
  result.appStore.setState({ sandbox: true, clock: { now: NOW, offsetSeconds: 0 } });
  return result;
}

const failure = () => Object.assign(new Error('down'), { code: 'internal_error' });
const calls = (log: { name: string; input: unknown }[], name: string) =>
  log.filter((c) => c.name === name);

describe('dashboard', () => {
  it('shows the credits card with the balance, plan, usage chart and a link to /credits', async () => {
    renderDashboard({ handlers: handlers() });
    const card = await screen.findByRole('region', { name: 'Créditos' });
    await waitFor(() =>
      expect(within(card).getByTestId('credit-balance')).toHaveTextContent('1840'),
    );
    expect(within(card).getByText('Plan Inicial')).toBeInTheDocument();
    expect(
      within(card).getByText('Se renueva el 1 dic 2026, dentro de 7 días'),
    ).toBeInTheDocument();
    expect(
      await within(card).findByRole('figure', { name: 'Consumo del periodo' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Ver créditos y movimientos' })).toHaveAttribute(
      'href',
      '/credits',
    );
  });

  it('shows the next ten deliveries and says how many more the week holds', async () => {
    const many = Array.from({ length: 13 }, (_, i) =>
      delivery(
        `sch_m${i}`,
        new Date(Date.parse('2026-11-24T09:00:00.000Z') + i * 3_600_000).toISOString(),
        ana,
        'Cuestionario PHQ-9',
        'whatsapp',
      ),
    );
    renderDashboard({ handlers: handlers({ schedules: { upcoming: () => many } }) });
    const card = await screen.findByRole('region', { name: 'Envíos de hoy y próximos' });
    expect(await within(card).findByText('Y 3 envíos más en los próximos 7 días.')).toBeVisible();
    const rows = within(card)
      .getAllByRole('row')
      .filter((row) => within(row).queryAllByRole('link').length > 0);
    expect(rows).toHaveLength(10);
  });

  it('asks for the next seven days from the service clock and groups deliveries by day', async () => {
    const { bridge } = renderDashboard({ handlers: handlers() });
    const card = await screen.findByRole('region', { name: 'Envíos de hoy y próximos' });
    const today = await within(card).findByRole('table', { name: 'Hoy' });
    expect(calls(bridge.log, 'schedules.upcoming').at(-1)?.input).toEqual({
      from: NOW,
      to: '2026-12-01T08:00:00.000Z',
      limit: 100,
    });
    const todayRows = within(today).getAllByRole('row').slice(1);
    expect(todayRows).toHaveLength(2);
    expect(within(todayRows[0]!).getByText('10:30')).toBeInTheDocument();
    expect(within(todayRows[0]!).getByRole('link', { name: 'Ana Martínez Soler' })).toHaveAttribute(
      'href',
      '/patients/pat_01ANA',
    );
    expect(within(todayRows[0]!).getByText('Cuestionario PHQ-9')).toBeInTheDocument();
    expect(within(todayRows[0]!).getByText('WhatsApp')).toBeInTheDocument();
    expect(within(todayRows[1]!).getByText('Correo electrónico')).toBeInTheDocument();
    const tomorrow = within(card).getByRole('table', { name: 'Mañana' });
    expect(within(tomorrow).getAllByRole('row')).toHaveLength(2);
    const friday = within(card).getByRole('table', { name: 'viernes, 27 de noviembre' });
    expect(within(friday).getByText('Escala de dolor')).toBeInTheDocument();
    const headings = within(card)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Hoy', 'Mañana', 'viernes, 27 de noviembre']);
  });

  it('lists recent responses, escalated conversations and failed webhook deliveries', async () => {
    const { bridge } = renderDashboard({ handlers: handlers() });
    const responses = await screen.findByRole('region', { name: 'Respuestas recientes' });
    const response = await within(responses).findByRole('listitem');
    expect(within(response).getByRole('link', { name: 'Ana Martínez Soler' })).toBeInTheDocument();
    expect(within(response).getByRole('link', { name: 'Cuestionario PHQ-9' })).toHaveAttribute(
      'href',
      '/responses/resp_01',
    );
    expect(within(response).getByText('hace 3 horas')).toBeInTheDocument();
    expect(calls(bridge.log, 'responses.recent')[0]?.input).toEqual({ limit: 8 });

    const conversations = screen.getByRole('region', {
      name: 'Conversaciones que requieren atención',
    });
    const conversation = await within(conversations).findByRole('listitem');
    expect(within(conversation).getByRole('link', { name: 'Jordi Puig' })).toHaveAttribute(
      'href',
      '/patients/pat_01JORDI',
    );
    expect(within(conversation).getByText('Escalada hace 30 minutos')).toBeInTheDocument();
    expect(within(conversation).getByText('Escalada')).toHaveClass('badge-danger');
    expect(
      within(conversation).getByRole('link', { name: 'Abrir el chat con Jordi Puig' }),
    ).toHaveAttribute('href', '/chats/conv_01');

    const webhooks = screen.getByRole('region', { name: 'Webhooks con entregas fallidas' });
    const hook = await within(webhooks).findByRole('listitem');
    expect(within(hook).getByText('Formulario completado')).toBeInTheDocument();
    expect(within(hook).getByText('crm.clinica-example.es')).toBeInTheDocument();
    expect(within(hook).getByText('Falló ayer')).toBeInTheDocument();
    expect(within(hook).getByText(/Se agotaron los reintentos · 4 intentos/)).toBeInTheDocument();
    expect(calls(bridge.log, 'webhooks.failedDeliveries')[0]?.input).toEqual({ limit: 5 });
  });

  it('shows each empty list with its own message', async () => {
    renderDashboard({
      handlers: handlers({
        schedules: { upcoming: () => [] },
        responses: { recent: () => [] },
        conversations: { attention: () => [] },
        webhooks: { failedDeliveries: () => [] },
      }),
    });
    expect(
      await screen.findByText('No hay envíos programados para los próximos 7 días.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Todavía no ha llegado ninguna respuesta.')).toBeInTheDocument();
    expect(await screen.findByText('Ninguna conversación necesita atención')).toBeInTheDocument();
    expect(await screen.findByText('No hay entregas de webhooks fallidas.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('1840'));
  });

  it('keeps every other card when one source fails, and retries only that one', async () => {
    const user = userEvent.setup();
    let down = true;
    const { bridge } = renderDashboard({
      handlers: handlers({
        conversations: {
          attention: () => {
            if (down) throw failure();
            return attention;
          },
        },
      }),
    });
    const conversations = await screen.findByRole('region', {
      name: 'Conversaciones que requieren atención',
    });
    expect(await within(conversations).findByText('No se ha podido cargar.')).toBeInTheDocument();
    expect(within(conversations).getByText('Error interno del servicio.')).toBeInTheDocument();
    // The rest of the dashboard is intact.
    expect(await screen.findByRole('table', { name: 'Hoy' })).toBeInTheDocument();
    expect(screen.getByText('crm.clinica-example.es')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    down = false;
    const before = bridge.log.length;
    await user.click(within(conversations).getByRole('button', { name: 'Reintentar' }));
    expect(await within(conversations).findByText('Jordi Puig')).toBeInTheDocument();
    expect(bridge.log.slice(before).map((c) => c.name)).toEqual(['conversations.attention']);
  });

  it('shows errors of several sources independently', async () => {
    renderDashboard({
      handlers: handlers({
        credits: {
          balance: () => {
            throw failure();
          },
          usage: () => {
            throw failure();
          },
        },
        webhooks: {
          failedDeliveries: () => {
            throw failure();
          },
        },
      }),
    });
    const credits = await screen.findByRole('region', { name: 'Créditos' });
    const webhooks = screen.getByRole('region', { name: 'Webhooks con entregas fallidas' });
    expect(await within(credits).findAllByText('No se ha podido cargar.')).not.toHaveLength(0);
    expect(await within(webhooks).findByText('No se ha podido cargar.')).toBeInTheDocument();
    expect(within(credits).getAllByRole('button', { name: 'Reintentar' })).toHaveLength(1);
    expect(
      await screen.findByText('Ana Martínez Soler', { selector: '.dashboard-list a' }),
    ).toBeInTheDocument();
  });

  it('refreshes only the card whose topic changed', async () => {
    let current = balance;
    const { bridge } = renderDashboard({
      handlers: handlers({ credits: { balance: () => current, usage: () => usage } }),
    });
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('1840'));
    await screen.findByText('crm.clinica-example.es');
    const before = bridge.log.length;
    current = { ...balance, balance: 1837 };
    bridge.emit('changed', { topics: ['credits'] });
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('1837'));
    expect(
      bridge.log
        .slice(before)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['credits.balance', 'credits.usage']);

    const mark = bridge.log.length;
    bridge.emit('changed', { topics: ['webhooks', 'keys'] });
    await waitFor(() =>
      expect(bridge.log.slice(mark).map((c) => c.name)).toEqual(['webhooks.failedDeliveries']),
    );
    bridge.emit('changed', { topics: ['schedules', 'responses', 'conversations'] });
    await waitFor(() =>
      expect(
        bridge.log
          .slice(mark + 1)
          .map((c) => c.name)
          .sort(),
      ).toEqual(['conversations.attention', 'responses.recent', 'schedules.upcoming']),
    );
  });

  it('shows the open alerts, urgent ones apart, linking to Alertas, and follows the alerts topic', async () => {
    let counts = { urgent: 2, review: 3 };
    const { bridge } = renderDashboard({
      handlers: handlers({ alerts: { counts: () => counts } }),
    });
    const card = await screen.findByRole('region', { name: 'Alertas abiertas' });
    await waitFor(() =>
      expect(within(card).getByTestId('alerts-card-counts')).toHaveTextContent(
        '2 urgentes3 para revisar',
      ),
    );
    expect(within(card).getByRole('link', { name: 'Ver las alertas' })).toHaveAttribute(
      'href',
      '/alerts',
    );
    const mark = bridge.log.length;
    counts = { urgent: 0, review: 0 };
    bridge.emit('changed', { topics: ['alerts'] });
    expect(await within(card).findByText('No hay ninguna alerta abierta.')).toBeVisible();
    expect(bridge.log.slice(mark).map((c) => c.name)).toEqual(['alerts.counts']);
  });

  it('warns on the dashboard too when credits are low', async () => {
    renderDashboard({
      handlers: handlers({
        credits: { balance: () => ({ ...balance, balance: 20 }), usage: () => usage },
      }),
    });
    expect(await screen.findByText(/^Quedan pocos créditos: 20/)).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    renderDashboard({
      language: 'ca',
      handlers: handlers({ conversations: { attention: () => [] } }),
    });
    expect(await screen.findByRole('table', { name: 'Avui' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Demà' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tauler' })).toBeInTheDocument();
    expect(await screen.findByText('Cap conversa necessita atenció')).toBeInTheDocument();
    expect(await screen.findByText('Formulari completat')).toBeInTheDocument();
    expect(screen.getAllByText('Correu electrònic').length).toBeGreaterThan(0);
  });
});

describe('groupByDay', () => {
  it('groups by local day in time order, naming today and tomorrow', () => {
    const shuffled = [upcoming[3]!, upcoming[1]!, upcoming[0]!, upcoming[2]!];
    const groups = groupByDay(shuffled, new Date(NOW));
    expect(groups.map((g) => [g.day, g.relation, g.deliveries.map((d) => d.id)])).toEqual([
      ['2026-11-24', 'today', ['sch_01', 'sch_02']],
      ['2026-11-25', 'tomorrow', ['sch_03']],
      ['2026-11-27', 'later', ['sch_04']],
    ]);
  });

  it('rolls "tomorrow" over a month end', () => {
    const groups = groupByDay(
      [delivery('sch_x', '2026-12-01T10:00:00.000Z', ana, 'PHQ-9', 'email')],
      new Date('2026-11-30T10:00:00.000Z'),
    );
    expect(groups[0]?.relation).toBe('tomorrow');
  });
});

describe('dashboard upcoming deliveries', () => {
  it('keeps the answer for the latest "now" when an older one arrives late', async () => {
    const OLD = '2020-01-01T00:00:00.000Z';
    let release: (() => void) | undefined;
    const result = renderWithApp(<DashboardScreen />, {
      handlers: handlers({
        schedules: {
          upcoming: (input) =>
            input.from === OLD
              ? new Promise<UpcomingDelivery[]>((resolve) => {
                  release = () => resolve([]);
                })
              : upcoming,
        },
      }),
    });
    act(() => result.appStore.setState({ sandbox: true, clock: { now: OLD, offsetSeconds: 0 } }));
    await waitFor(() => expect(release).toBeDefined());
    // The clock jumps while the answer for the old "now" is still on its way.
    act(() => result.appStore.setState({ clock: { now: NOW, offsetSeconds: 0 } }));
    const card = await screen.findByRole('region', { name: 'Envíos de hoy y próximos' });
    expect(await within(card).findByRole('table', { name: 'Hoy' })).toBeInTheDocument();
    await act(async () => release?.());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).getByRole('table', { name: 'Hoy' })).toBeInTheDocument();
    expect(
      within(card).queryByText('No hay envíos programados para los próximos 7 días.'),
    ).toBeNull();
  });
});
