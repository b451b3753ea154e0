import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  CreditBalance,
  CreditBreakdown,
  CreditUsage,
  LedgerRowView,
  InputOf,
  LedgerKind,
  Page,
} from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { CreditsScreen } from '../../src-renderer/src/features/credits/credits-screen';
import { isLowBalance } from '../../src-renderer/src/features/credits/credits-store';
import { parseAmount } from '../../src-renderer/src/features/credits/top-up-dialog';
import { UsageChart } from '../../src-renderer/src/features/credits/usage-chart';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { readLedgerReason } from '../../src-main/service/domain/ledger-reasons';
import { renderWithApp } from './render-app';

const NOW = '2026-11-24T09:00:00.000Z';

const balance: CreditBalance = {
  balance: 12_480,
  plan: 'professional',
  monthlyAllowance: 2000,
  usedThisMonth: 734,
  resetsAt: '2026-12-01T09:00:00.000Z',
};

const usage: CreditUsage = {
  periodStart: '2026-11-01T09:00:00.000Z',
  resetsAt: '2026-12-01T09:00:00.000Z',
  days: [
    { date: '2026-11-22', consumed: 0 },
    { date: '2026-11-23', consumed: 1250 },
    { date: '2026-11-24', consumed: 37 },
  ],
};

function entry(
  n: number,
  kind: LedgerKind,
  amount: number,
  reason: string,
  extra: Partial<LedgerRowView> = {},
): LedgerRowView {
  return {
    why: readLedgerReason(reason),
    id: `led_${String(n).padStart(4, '0')}`,
    kind,
    amount,
    balanceAfter: 12_480 - n * 10,
    reason,
    createdAt: `2026-11-${String(24 - (n % 20)).padStart(2, '0')}T10:15:00.000Z`,
    ...extra,
  };
}

const firstPage: LedgerRowView[] = [
  entry(1, 'consume', -3, 'Form delivery (WhatsApp)', {
    resourceType: 'form_schedule',
    resourceId: 'sch_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
  }),
  entry(2, 'consume', -10, 'AI conversation started', {
    resourceType: 'conversation',
    resourceId: 'conv_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
    patient: { id: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G', firstName: 'Núria', lastName: 'Puig' },
  }),
  entry(3, 'refund', 3, 'Form delivery failed', {
    resourceType: 'form_schedule',
    resourceId: 'sch_01JD8X3V6Q9R2T5W7Y0B4C6E8H',
  }),
  entry(4, 'grant', 500, 'Credit top-up (card ending 4242)'),
];
const secondPage: LedgerRowView[] = [
  entry(5, 'consume', -6, 'Voice call (3 started minutes)', {
    resourceType: 'call',
    resourceId: 'call_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
  }),
  entry(6, 'grant', 2000, 'Monthly allowance (professional plan)'),
];

function page(data: LedgerRowView[], cursor: string, hasMore: boolean): Page<LedgerRowView> {
  return { data, pagination: { cursor, hasMore, limit: 20 } };
}

/** A ledger that pages (first page, then the second with cursor `c1`) and filters by kind. */
function ledgerHandler(input: InputOf<'credits', 'ledger'>) {
  const all = [...firstPage, ...secondPage].filter((e) => !input.kind || e.kind === input.kind);
  if (input.kind) return page(all, '', false);
  if (input.cursor === 'c1') return page(secondPage, '', false);
  return page(firstPage, 'c1', true);
}

function handlers(overrides: { balance?: () => CreditBalance } = {}) {
  return {
    credits: {
      balance: overrides.balance ?? (() => balance),
      usage: () => usage,
      ledger: ledgerHandler,
      breakdown: (): CreditBreakdown => ({
        from: '2026-11-01T09:00:00.000Z',
        to: '2026-12-01T09:00:00.000Z',
        lines: [
          { kind: 'consume', resource: 'delivery', channel: 'whatsapp', entries: 4, amount: -8 },
          { kind: 'grant', resource: 'none', entries: 1, amount: 500 },
        ],
        balance: 1664,
        monthlyAllowance: 2000,
        usedThisMonth: 836,
        allowanceLeft: 1164,
        topUpLeft: 500,
        periodStart: '2026-11-01T09:00:00.000Z',
        resetsAt: '2026-12-01T09:00:00.000Z',
      }),
    },
    exports: {
      ledger: () => ({ filename: 'creditos-2026-11-24.csv', csv: '\uFEFFID\r\n', rows: 6 }),
    },
  };
}

function validationError(pointer: string, code: string, detail: string) {
  return Object.assign(new Error('Invalid request'), {
    code: 'validation_failed',
    details: { errors: [{ pointer, code, detail }] },
  });
}

/** Renders the screen with the sandbox clock on, so "now" is fixed. */
function renderCredits(options: { handlers: MemoryHandlers; language?: AppLanguage }) {
  const result = renderWithApp(<CreditsScreen />, options);
  result.appStore.setState({ sandbox: true, clock: { now: NOW, offsetSeconds: 0 } });
  return result;
}

const ledgerCalls = (log: { name: string; input: unknown }[]) =>
  log.filter((c) => c.name === 'credits.ledger').map((c) => c.input);

describe('credits screen', () => {
  it('shows the balance, plan, allowance, use this month and the renewal, in Spanish', async () => {
    renderCredits({ handlers: handlers() });
    const card = await screen.findByRole('region', { name: 'Saldo disponible' });
    await waitFor(() =>
      expect(within(card).getByTestId('credit-balance')).toHaveTextContent('12.480'),
    );
    expect(within(card).getByText('Plan Profesional')).toBeInTheDocument();
    expect(within(card).getByText('2000')).toBeInTheDocument();
    expect(within(card).getByText('734 de 2000')).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar', {
      name: 'Créditos usados este mes frente a la asignación mensual',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '734');
    expect(bar).toHaveAttribute('aria-valuemax', '2000');
    expect(
      within(card).getByText('Se renueva el 1 dic 2026, dentro de 7 días'),
    ).toBeInTheDocument();
    // No low-balance warning with plenty of credits.
    expect(screen.queryByText(/Quedan pocos créditos/)).not.toBeInTheDocument();
  });

  it('shows the usage chart with a description and a table for screen readers', async () => {
    renderCredits({ handlers: handlers() });
    const figure = await screen.findByRole('figure', { name: 'Consumo diario' });
    expect(figure).toHaveAccessibleDescription(
      'Créditos consumidos cada día del periodo actual, del 1 nov 2026 al 1 dic 2026: 1287 créditos en total. Día de más consumo: 23 nov 2026, con 1250 créditos.',
    );
    const table = within(figure).getByRole('table', { name: 'Créditos consumidos por día' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('23 nov 2026');
    expect(within(rows[2]!).getByRole('cell')).toHaveTextContent('1250');
  });

  it('lists the ledger with translated kinds, reasons and resources, signed amounts and balances', async () => {
    renderCredits({ handlers: handlers() });
    const ledger = await screen.findByRole('region', { name: 'Movimientos' });
    const table = await within(ledger).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const [delivery, conversation, refund, topUp] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(delivery).getByText('Consumo')).toBeInTheDocument();
    expect(within(delivery).getByText('Envío de formulario (WhatsApp)')).toBeInTheDocument();
    expect(within(delivery).getByText('Envío de formulario')).toBeInTheDocument();
    expect(within(delivery).getByText('-3')).toHaveClass('credits-amount-negative');
    expect(within(delivery).getByText('23 nov 2026, 10:15')).toBeInTheDocument();
    expect(within(conversation).getByText('Inicio de conversación con IA')).toBeInTheDocument();
    expect(within(conversation).getByText('Conversación')).toBeInTheDocument();
    expect(within(refund).getByText('Reembolso')).toBeInTheDocument();
    expect(within(refund).getByText('+3')).toHaveClass('credits-amount-positive');
    expect(within(topUp).getByText('Abono')).toBeInTheDocument();
    // A top-up's reason is translated; the person's note beside it is shown as written.
    expect(within(topUp).getByText('Recarga de créditos: card ending 4242')).toBeInTheDocument();
    // The conversation names its patient and links to the chat.
    expect(within(conversation).getByRole('link', { name: 'Núria Puig' })).toHaveAttribute(
      'href',
      '/patients/pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
    );
    expect(within(conversation).getByRole('link', { name: 'Conversación' })).toHaveAttribute(
      'href',
      '/chats/conv_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
    );
    expect(within(topUp).getByText('+500')).toBeInTheDocument();
    expect(within(topUp).getByText('12.440')).toBeInTheDocument();
    // Never the raw resource id.
    expect(table.textContent).not.toMatch(/sch_|conv_/);
  });

  it('explains the balance in one sentence and breaks the period down by kind and channel', async () => {
    renderCredits({ handlers: handlers() });
    const card = await screen.findByRole('region', { name: 'Desglose' });
    expect(await within(card).findByTestId('credits-explained')).toHaveTextContent(
      'Saldo 1664: quedan 1164 de los 2000 créditos del plan de este mes, que caducan el 1 dic 2026, y 500 de recargas, que no caducan. Este mes se han usado 836.',
    );
    expect(within(card).getByText('Consumo · Envío por WhatsApp')).toBeInTheDocument();
    expect(within(card).getByText('-8')).toBeInTheDocument();
  });

  it('exports the ledger as CSV in the window’s language', async () => {
    const user = userEvent.setup();
    const created: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:ledger');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    const { bridge } = renderCredits({ handlers: handlers() });
    const ledger = await screen.findByRole('region', { name: 'Movimientos' });
    await user.click(within(ledger).getByRole('button', { name: 'Exportar CSV' }));
    expect(await within(ledger).findByText(/Exportados 6 movimientos/)).toBeInTheDocument();
    expect(created).toEqual(['creditos-2026-11-24.csv']);
    expect(bridge.log.filter((c) => c.name === 'exports.ledger').map((c) => c.input)).toEqual([
      { language: 'es' },
    ]);
    click.mockRestore();
  });

  it('loads the next ledger page with the cursor and appends it', async () => {
    const user = userEvent.setup();
    const { bridge } = renderCredits({ handlers: handlers() });
    const ledger = await screen.findByRole('region', { name: 'Movimientos' });
    await within(ledger).findByText('Inicio de conversación con IA');
    expect(ledgerCalls(bridge.log)).toEqual([{ limit: 20 }]);
    await user.click(within(ledger).getByRole('button', { name: 'Cargar más' }));
    expect(
      await within(ledger).findByText('Llamada de voz (3 minutos iniciados)'),
    ).toBeInTheDocument();
    expect(within(ledger).getByText('Llamada')).toBeInTheDocument();
    expect(within(ledger).getByText('Asignación mensual (plan Profesional)')).toBeInTheDocument();
    expect(ledgerCalls(bridge.log)).toEqual([{ limit: 20 }, { limit: 20, cursor: 'c1' }]);
    expect(within(ledger).getAllByRole('row')).toHaveLength(7);
    expect(within(ledger).queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('filters the ledger by kind, from the first page', async () => {
    const user = userEvent.setup();
    const { bridge } = renderCredits({ handlers: handlers() });
    const ledger = await screen.findByRole('region', { name: 'Movimientos' });
    await within(ledger).findByText('Inicio de conversación con IA');
    await user.selectOptions(
      within(ledger).getByRole('combobox', { name: 'Tipo de movimiento' }),
      'Abono',
    );
    await waitFor(() =>
      expect(within(ledger).queryByText('Inicio de conversación con IA')).not.toBeInTheDocument(),
    );
    expect(within(ledger).getAllByRole('row')).toHaveLength(3);
    expect(ledgerCalls(bridge.log).at(-1)).toEqual({ limit: 20, kind: 'grant' });
  });

  it('shows an empty ledger state for a kind without movements', async () => {
    const user = userEvent.setup();
    renderCredits({ handlers: handlers() });
    const ledger = await screen.findByRole('region', { name: 'Movimientos' });
    await within(ledger).findByText('Inicio de conversación con IA');
    await user.selectOptions(within(ledger).getByRole('combobox'), 'reset');
    expect(await within(ledger).findByText('No hay movimientos de este tipo.')).toBeInTheDocument();
  });

  it('tops up: sends the amount and reason, then shows the new balance and reloads the ledger', async () => {
    const user = userEvent.setup();
    let current = balance;
    const { bridge } = renderCredits({
      handlers: {
        credits: {
          balance: () => current,
          usage: () => usage,
          ledger: ledgerHandler,
          topUp: ({ amount }) => {
            current = { ...current, balance: current.balance + amount };
            return current;
          },
        },
      },
    });
    await screen.findByText('Inicio de conversación con IA');
    const before = ledgerCalls(bridge.log).length;
    await user.click(screen.getByRole('button', { name: 'Añadir créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir créditos' });
    await user.type(within(dialog).getByLabelText('Cantidad de créditos'), '1.500');
    await user.type(within(dialog).getByLabelText('Concepto (opcional)'), '  Factura 2026-114  ');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bridge.log.find((c) => c.name === 'credits.topUp')?.input).toEqual({
      amount: 1500,
      reason: 'Factura 2026-114',
    });
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('13.980');
    expect(
      await screen.findByText('Se han añadido 1500 créditos. Saldo actual: 13.980.'),
    ).toBeInTheDocument();
    expect(ledgerCalls(bridge.log).length).toBeGreaterThan(before);
  });

  it('shows the service validation error next to the amount field', async () => {
    const user = userEvent.setup();
    const { bridge } = renderCredits({
      handlers: {
        ...handlers(),
        credits: {
          ...handlers().credits,
          topUp: () => {
            throw validationError('/amount', 'maximum', 'must be <= 1000000');
          },
        },
      },
    });
    await screen.findByTestId('credit-balance');
    await user.click(screen.getByRole('button', { name: 'Añadir créditos' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Cantidad de créditos');
    await user.type(amount, '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription('Introduce un número entero entre 1 y 1.000.000.');
    expect(bridge.log.filter((c) => c.name === 'credits.topUp')).toHaveLength(1);
    // The dialog stays open with what was typed.
    expect(amount).toHaveValue('999999');
  });

  it('checks the amount before calling the bridge', async () => {
    const user = userEvent.setup();
    const { bridge } = renderCredits({ handlers: handlers() });
    await screen.findByTestId('credit-balance');
    await user.click(screen.getByRole('button', { name: 'Añadir créditos' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    expect(within(dialog).getByLabelText('Cantidad de créditos')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    await user.type(within(dialog).getByLabelText('Cantidad de créditos'), '2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    expect(within(dialog).getByLabelText('Cantidad de créditos')).toHaveAccessibleDescription(
      'Introduce un número entero entre 1 y 1.000.000.',
    );
    expect(bridge.log.some((c) => c.name === 'credits.topUp')).toBe(false);
  });

  it('warns when the balance is under 10% of the monthly allowance', async () => {
    renderCredits({ handlers: handlers({ balance: () => ({ ...balance, balance: 150 }) }) });
    expect(
      await screen.findByText(
        'Quedan pocos créditos: 150, menos del 10 % de la asignación mensual (2000). Añade créditos o revisa el plan para que los envíos no se detengan.',
      ),
    ).toBeInTheDocument();
  });

  it('refreshes when the service reports a change to credits, and not for other topics', async () => {
    let current = balance;
    const { bridge } = renderCredits({ handlers: handlers({ balance: () => current }) });
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('12.480'));
    current = { ...balance, balance: 12_477, usedThisMonth: 737 };
    bridge.emit('changed', { topics: ['patients'] });
    expect(bridge.log.filter((c) => c.name === 'credits.balance')).toHaveLength(1);
    bridge.emit('changed', { topics: ['schedules', 'credits'] });
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('12.477'));
    expect(screen.getByText('737 de 2000')).toBeInTheDocument();
    expect(bridge.log.filter((c) => c.name === 'credits.usage')).toHaveLength(2);
    expect(ledgerCalls(bridge.log)).toHaveLength(2);
  });

  it('shows a failed source with a retry, without hiding the others', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderCredits({
      handlers: {
        credits: {
          ...handlers().credits,
          usage: () => {
            if (fail) throw Object.assign(new Error('boom'), { code: 'internal_error' });
            return usage;
          },
        },
      },
    });
    const chartCard = await screen.findByRole('region', { name: 'Consumo diario' });
    expect(await within(chartCard).findByText('Error interno del servicio.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('12.480'));
    fail = false;
    await user.click(within(chartCard).getByRole('button', { name: 'Reintentar' }));
    expect(await within(chartCard).findByRole('figure')).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    renderCredits({ language: 'ca', handlers: handlers() });
    const card = await screen.findByRole('region', { name: 'Saldo disponible' });
    expect(await within(card).findByText('Pla Professional')).toBeInTheDocument();
    expect(
      within(card).getByText('Es renova el 1 de des. 2026, d’aquí a 7 dies'),
    ).toBeInTheDocument();
    const ledger = screen.getByRole('region', { name: 'Moviments' });
    expect(await within(ledger).findByText('Inici de conversa amb IA')).toBeInTheDocument();
    expect(
      within(within(ledger).getByRole('table')).getByText('Reemborsament'),
    ).toBeInTheDocument();
    expect(within(ledger).getByRole('button', { name: 'Carrega’n més' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afegeix crèdits' })).toBeInTheDocument();
  });
});

describe('usage chart', () => {
  it('draws an SVG chart that carries its own title and description', async () => {
    // jsdom lays nothing out: report a size so the responsive chart draws.
    class SizedObserver {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const contentRect = { width: 600, height: 220 } as DOMRectReadOnly;
        this.callback(
          [{ target, contentRect } as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', SizedObserver);
    try {
      renderWithApp(<UsageChart usage={usage} />);
      const plot = screen.getByTestId('usage-chart-plot');
      await waitFor(() =>
        expect(plot.querySelector('svg title')).toHaveTextContent('Consumo diario'),
      );
      expect(plot.querySelector('svg desc')).toHaveTextContent('1287 créditos en total');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so instead of drawing empty bars when nothing was consumed', () => {
    renderWithApp(
      <UsageChart usage={{ ...usage, days: usage.days.map((d) => ({ ...d, consumed: 0 })) }} />,
    );
    expect(
      screen.getByText('Todavía no se ha consumido ningún crédito en este periodo.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('usage-chart-plot')).not.toBeInTheDocument();
  });
});

describe('credits ledger and helpers', () => {
  it('does not load more when there is no next page, and a new filter starts over', async () => {
    const user = userEvent.setup();
    const { bridge } = renderCredits({ handlers: handlers() });
    const ledger = await screen.findByRole('region', { name: 'Movimientos' });
    await within(ledger).findByText('Inicio de conversación con IA');
    const kind = within(ledger).getByRole('combobox', { name: 'Tipo de movimiento' });
    await user.selectOptions(kind, 'grant');
    await waitFor(() => expect(within(ledger).getAllByRole('row')).toHaveLength(3));
    expect(within(ledger).queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(ledgerCalls(bridge.log)).toEqual([{ limit: 20 }, { limit: 20, kind: 'grant' }]);
    await user.selectOptions(kind, '');
    expect(await within(ledger).findByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
    await waitFor(() => expect(ledgerCalls(bridge.log).at(-1)).toEqual({ limit: 20 }));
  });

  it('keeps the loaded rows on a refresh by reading again every page shown', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      entry(i + 1, 'consume', -1, 'AI conversation message'),
    );
    const user = userEvent.setup();
    const { bridge } = renderCredits({
      handlers: {
        credits: {
          ...handlers().credits,
          ledger: (input) =>
            input.cursor === 'c1'
              ? page(many.slice(20), '', false)
              : page(many.slice(0, input.limit ?? 20), 'c1', (input.limit ?? 20) < 25),
        },
      },
    });
    const ledger = await screen.findByRole('region', { name: 'Movimientos' });
    await user.click(await within(ledger).findByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(within(ledger).getAllByRole('row')).toHaveLength(26));
    bridge.emit('changed', { topics: ['credits'] });
    await waitFor(() => expect(ledgerCalls(bridge.log)).toHaveLength(4));
    expect(ledgerCalls(bridge.log)).toEqual([
      { limit: 20 },
      { limit: 20, cursor: 'c1' },
      { limit: 20 },
      { limit: 20, cursor: 'c1' },
    ]);
    expect(within(ledger).getAllByRole('row')).toHaveLength(26);
  });

  it('agrees with the service on what a low balance is', () => {
    expect(isLowBalance({ ...balance, balance: 199 })).toBe(true);
    expect(isLowBalance({ ...balance, balance: 200 })).toBe(false);
    expect(isLowBalance({ ...balance, monthlyAllowance: 505, balance: 50 })).toBe(true);
  });

  it('reads amounts as people type them', () => {
    expect(parseAmount('250')).toBe(250);
    expect(parseAmount(' 1.000 ')).toBe(1000);
    expect(parseAmount('1 000 000')).toBe(1_000_000);
    expect(parseAmount('2,5')).toBeUndefined();
    expect(parseAmount('-3')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });
});
