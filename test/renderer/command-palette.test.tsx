import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormSummary } from '../../src-preload/contract';
import { Routes } from '../../src-renderer/src/app';
import { Shell } from '../../src-renderer/src/app/shell';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { giveTablesHeight, listHandler, makePatient } from './patients-fixtures';
import { renderWithApp } from './render-app';
import { ChatsScreen } from '../../src-renderer/src/features/chats/chats-screen';
import { balanceOf, conversation, conversationList, PRICES, summary } from './chats-fixtures';

afterEach(() => vi.restoreAllMocks());

const info = {
  apiBaseUrl: 'http://127.0.0.1:4010/api/v1',
  version: '0.1.0',
  mode: 'web' as const,
};

const patients = [
  makePatient(1, { firstName: 'Núria', lastName: 'Puig Soler' }),
  makePatient(2, { firstName: 'Jordi', lastName: 'Vidal' }),
  makePatient(3, { firstName: 'Ana', lastName: 'Nuñez' }),
];

function form(id: string, name: string, status: 'active' | 'archived' = 'active') {
  return { id, name, status } as FormSummary;
}

function handlers(developerMode = true): MemoryHandlers {
  return {
    app: { info: () => info },
    settings: {
      get: () => ({ language: 'es', sandbox: true, developerMode }) as never,
    },
    sandbox: { clock: () => ({ now: '2026-11-24T09:30:00.000Z', offsetSeconds: 0 }) },
    patients: { list: listHandler(patients) },
    forms: {
      list: () => ({
        data: [form('form_1', 'PHQ-9 seguimiento'), form('form_2', 'Encuesta de satisfacción')],
        pagination: { cursor: '', hasMore: false, limit: 100 },
      }),
    },
  } as MemoryHandlers;
}

async function renderShell(options: { developerMode?: boolean; path?: string } = {}) {
  const rendered = renderWithApp(
    <Shell>
      <Routes />
    </Shell>,
    {
      handlers: handlers(options.developerMode ?? true),
      path: options.path ?? '/',
      developerMode: options.developerMode ?? true,
    },
  );
  await act(() => rendered.appStore.getState().start());
  await screen.findByRole('navigation', { name: 'Navegación principal' });
  return rendered;
}

describe('developer mode in the shell', () => {
  it('off: no developer screens, no API address, sandbox badge or web mode; the clock stays', async () => {
    await renderShell({ developerMode: false });
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toContain('Pacientes');
    expect(names).toContain('Configuración');
    for (const hidden of ['Webhooks', 'Claves de API', 'Desarrolladores'])
      expect(names).not.toContain(hidden);
    expect(screen.queryByTestId('api-base-url')).not.toBeInTheDocument();
    expect(screen.queryByText('Modo sandbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Modo web')).not.toBeInTheDocument();
    expect(await screen.findByTestId('status-clock')).toHaveTextContent(/2026/);
  });

  it('on: every screen, the API address, the sandbox badge and web mode', async () => {
    await renderShell({ developerMode: true });
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    for (const shown of ['Webhooks', 'Claves de API', 'Desarrolladores'])
      expect(within(nav).getByRole('link', { name: shown })).toBeInTheDocument();
    expect(screen.getByTestId('api-base-url')).toHaveTextContent(info.apiBaseUrl);
    expect(await screen.findByText('Modo sandbox')).toBeInTheDocument();
    expect(screen.getByText('Modo web')).toBeInTheDocument();
  });

  it('hides the outbox view of deliveries without developer mode', async () => {
    await renderShell({ developerMode: false, path: '/deliveries' });
    const views = await screen.findByRole('navigation', { name: /vistas|Vistas/ });
    expect(within(views).queryByRole('link', { name: /salida/i })).not.toBeInTheDocument();
  });
});

describe('developer mode in the screens', () => {
  it("shows typing the patient's side of a chat only in a sandbox in developer mode", async () => {
    for (const developerMode of [false, true]) {
      const view = conversation('conv_1');
      const { unmount } = renderWithApp(<ChatsScreen id={view.id} />, {
        developerMode,
        sandbox: true,
        handlers: {
          conversations: { list: conversationList([summary(view)]), get: () => view },
          credits: { prices: () => PRICES, balance: () => balanceOf(100) },
        },
      });
      expect(await screen.findByText('Hola Núria! Com et trobes avui?')).toBeInTheDocument();
      expect(screen.queryAllByRole('textbox')).toHaveLength(developerMode ? 1 : 0);
      unmount();
    }
  });
});

describe('command palette', () => {
  it('opens with Ctrl+K, focused, listing actions and screens under headings', async () => {
    const user = userEvent.setup();
    await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Buscar en Engage Desk' });
    const input = within(dialog).getByRole('combobox', {
      name: 'Buscar pacientes, formularios y pantallas',
    });
    expect(input).toHaveFocus();
    const list = within(dialog).getByRole('listbox', { name: 'Resultados' });
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getByRole('group', { name: 'Acciones' })).toBeInTheDocument();
    const screens = within(list).getByRole('group', { name: 'Pantallas' });
    expect(within(screens).getByRole('option', { name: 'Pacientes' })).toBeInTheDocument();
    expect(within(screens).getByRole('option', { name: 'Claves de API' })).toBeInTheDocument();
    // The first option is the active one.
    const first = within(list).getAllByRole('option')[0]!;
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
  });

  it('finds patients through the service and opens the patient page with the keyboard', async () => {
    const user = userEvent.setup();
    const { bridge, location } = await renderShell();
    await user.click(screen.getByRole('button', { name: /Buscar/ }));
    const input = await screen.findByRole('combobox');
    await user.type(input, 'nuria');
    const group = await screen.findByRole('group', { name: 'Pacientes' });
    const option = await within(group).findByRole('option', { name: /Núria Puig Soler/ });
    expect(
      bridge.log.some(
        (c) => c.name === 'patients.list' && (c.input as { search?: string }).search === 'nuria',
      ),
    ).toBe(true);
    // Arrows move through every option (and wrap); Enter opens the active one.
    const options = screen.getAllByRole('option');
    const index = options.indexOf(option);
    for (let i = 0; i < index; i += 1) await user.keyboard('{ArrowDown}');
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/patients/${patients[0]!.id}`));
    expect(screen.queryByRole('dialog', { name: 'Buscar en Engage Desk' })).toBeNull();
  });

  it('wraps around with the arrows and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    const options = screen.getAllByRole('option');
    await user.keyboard('{ArrowUp}');
    expect(options.at(-1)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.type(input, 'zzzz');
    // After the patient search's pause and the service's answer (slow on a busy machine).
    expect(
      await screen.findByText('Nada coincide con «zzzz».', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('finds forms by name, accents aside, and screens in the window language', async () => {
    const user = userEvent.setup();
    const { location } = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'satisfaccion');
    const forms = await screen.findByRole('group', { name: 'Formularios' });
    await user.click(within(forms).getByRole('option', { name: 'Encuesta de satisfacción' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/forms/form_2'));
  });

  it('leaves the developer screens out without developer mode', async () => {
    const user = userEvent.setup();
    await renderShell({ developerMode: false });
    await user.keyboard('{Control>}k{/Control}');
    const screens = await screen.findByRole('group', { name: 'Pantallas' });
    expect(within(screens).queryByRole('option', { name: 'Claves de API' })).toBeNull();
    expect(within(screens).queryByRole('option', { name: 'Webhooks' })).toBeNull();
    expect(within(screens).getByRole('option', { name: 'Configuración' })).toBeInTheDocument();
  });

  it('"Nuevo paciente" goes to the patients screen and opens its dialog', async () => {
    giveTablesHeight();
    const user = userEvent.setup();
    const { location } = await renderShell();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByRole('combobox'), 'nuevo');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/patients'));
    expect(await screen.findByRole('dialog', { name: 'Nuevo paciente' })).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    const user = userEvent.setup();
    const rendered = renderWithApp(<Shell>x</Shell>, {
      handlers: {
        ...handlers(),
        settings: { get: () => ({ language: 'ca', sandbox: false, developerMode: true }) as never },
      },
    });
    await act(() => rendered.appStore.getState().start());
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Cerca a Engage Desk' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pantalles' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Pacient nou' })).toBeInTheDocument();
  });
});

describe('keyboard shortcuts', () => {
  it('g then p goes to the patients, g then s to the settings', async () => {
    giveTablesHeight();
    const user = userEvent.setup();
    const { location } = await renderShell();
    await user.keyboard('gp');
    await waitFor(() => expect(location.history.at(-1)).toBe('/patients'));
    await user.keyboard('gs');
    await waitFor(() => expect(location.history.at(-1)).toBe('/settings'));
  });

  it('does not fire while typing in a field', async () => {
    giveTablesHeight();
    const user = userEvent.setup();
    const { location } = await renderShell({ path: '/patients' });
    const search = await screen.findByRole('searchbox');
    await user.click(search);
    await user.keyboard('gs?n');
    expect(search).toHaveValue('gs?n');
    expect(location.history.at(-1)).toBe('/patients');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('/ focuses the screen search, n opens a new patient on the patients screen only', async () => {
    giveTablesHeight();
    const user = userEvent.setup();
    const { location } = await renderShell({ path: '/' });
    await user.keyboard('n');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('gp');
    await waitFor(() => expect(location.history.at(-1)).toBe('/patients'));
    const search = await screen.findByRole('searchbox');
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    search.blur();
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'Nuevo paciente' })).toBeInTheDocument();
  });

  it('? opens the help panel listing the same table, without hidden screens', async () => {
    const user = userEvent.setup();
    await renderShell({ developerMode: false });
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Atajos de teclado' });
    const rows = within(help).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Buscar pacientes, formularios y pantallas');
    expect(rows[0]).toHaveTextContent(/Ctrl\s*K|⌘\s*K/);
    expect(within(help).getByRole('rowheader', { name: 'Ir a Pacientes' })).toBeInTheDocument();
    expect(within(help).getByRole('row', { name: /Ir a Pacientes/ }).textContent).toMatch(
      /g\s*y luego\s*p/,
    );
    expect(
      within(help).getByRole('rowheader', { name: 'Mostrar los atajos de teclado' }),
    ).toBeInTheDocument();
    await user.click(within(help).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
