import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Shell } from '../../src-renderer/src/app/shell';
import { renderWithApp } from './render-app';

const info = {
  apiBaseUrl: 'http://127.0.0.1:4010/api/v1',
  version: '0.1.0',
  mode: 'desktop' as const,
};

describe('shell', () => {
  it('shows the navigation and the API base URL in the status bar, in Spanish by default', async () => {
    const { appStore } = renderWithApp(<Shell>contenido</Shell>, {
      handlers: { app: { info: () => info } },
    });
    await appStore.getState().start();
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pacientes/ })).toHaveAttribute('href', '/patients');
    await waitFor(() =>
      expect(screen.getByTestId('api-base-url')).toHaveTextContent(info.apiBaseUrl),
    );
  });

  it('copies the API base URL', async () => {
    const user = userEvent.setup();
    const { appStore } = renderWithApp(<Shell>x</Shell>, {
      handlers: { app: { info: () => info } },
    });
    await appStore.getState().start();
    await user.click(await screen.findByRole('button', { name: 'Copiar la dirección de la API' }));
    expect(await navigator.clipboard.readText()).toBe(info.apiBaseUrl);
    expect(await screen.findByText('Copiado')).toBeInTheDocument();
  });

  it('marks the current section and follows the saved language', async () => {
    const { appStore } = renderWithApp(<Shell>x</Shell>, {
      path: '/patients/pat_1',
      handlers: {
        app: { info: () => info },
        settings: { get: () => ({ language: 'ca', sandbox: false }) as never },
      },
    });
    await appStore.getState().start();
    expect(await screen.findByRole('link', { name: /Pacients/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(document.documentElement.lang).toBe('ca');
  });

  it('shows the sandbox clock when sandbox mode is on', async () => {
    const { appStore, bridge } = renderWithApp(<Shell>x</Shell>, {
      handlers: {
        app: { info: () => info },
        settings: { get: () => ({ language: 'es', sandbox: true, developerMode: true }) as never },
        sandbox: { clock: () => ({ now: '2026-11-24T09:30:00.000Z', offsetSeconds: 0 }) },
      },
    });
    await appStore.getState().start();
    expect(await screen.findByText('Modo sandbox')).toBeInTheDocument();
    expect(screen.getByTestId('status-clock').textContent).toMatch(/2026/);
    bridge.emit('clock', { now: '2027-01-02T10:00:00.000Z', offsetSeconds: 100 });
    await waitFor(() => expect(screen.getByTestId('status-clock').textContent).toMatch(/2027/));
  });

  it('moves the clock on by itself while the window stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-24T09:30:00.000Z') });
    try {
      const { appStore } = renderWithApp(<Shell>x</Shell>, {
        handlers: {
          app: { info: () => info },
          settings: {
            get: () => ({ language: 'es', sandbox: true, developerMode: true }) as never,
          },
          // The service's clock runs a day ahead of the computer's.
          sandbox: { clock: () => ({ now: '2026-11-25T09:30:00.000Z', offsetSeconds: 86_400 }) },
        },
      });
      await appStore.getState().start();
      const clock = await screen.findByTestId('status-clock');
      expect(clock.textContent).toMatch(/25 nov 2026, (9|10):30/);
      await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
      expect(clock.textContent).toMatch(/25 nov 2026, (9|10):35/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('starting screen', () => {
  it('shows a progress bar until the service answers, then the shell', async () => {
    let answer!: (value: typeof info) => void;
    const pending = new Promise<typeof info>((resolve) => (answer = resolve));
    const { appStore } = renderWithApp(<Shell>contenido</Shell>, {
      handlers: { app: { info: () => pending } },
    });
    const starting = appStore.getState().start();
    expect(
      await screen.findByRole('progressbar', { name: 'Preparando la clínica…' }),
    ).toBeVisible();
    expect(screen.queryByRole('navigation')).toBeNull();
    answer(info);
    await starting;
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows how far the first start's encryption of the clinic is, while it runs", async () => {
    let answer!: (value: typeof info) => void;
    const pending = new Promise<typeof info>((resolve) => (answer = resolve));
    const { appStore, bridge } = renderWithApp(<Shell>contenido</Shell>, {
      handlers: { app: { info: () => pending } },
    });
    const starting = appStore.getState().start();
    await screen.findByRole('progressbar', { name: 'Preparando la clínica…' });
    act(() => bridge.emit('startup.conversion', { fraction: 0.424 }));
    const bar = await screen.findByRole('progressbar', {
      name: 'Cifrado de los datos de la clínica',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('status')).toHaveTextContent('Cifrando los datos de la clínica: 42 %');
    act(() => bridge.emit('startup.conversion', { fraction: 1 }));
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    answer(info);
    await starting;
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  });

  it('says why when the service does not answer, and tries again', async () => {
    let fail = true;
    const { appStore, bridge } = renderWithApp(<Shell>contenido</Shell>, {
      handlers: {
        app: {
          info: () => {
            if (fail) throw { code: 'internal_error', message: 'database locked' };
            return info;
          },
        },
      },
    });
    await appStore.getState().start();
    expect(await screen.findByText('Error interno del servicio.')).toBeVisible();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('navigation')).toBeVisible();
    expect(bridge.log.filter((c) => c.name === 'app.info')).toHaveLength(2);
  });
});
