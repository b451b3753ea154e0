import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppSettings, AppSettingsUpdate, SandboxClockView } from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { offsetParts } from '../../src-renderer/src/features/settings/sandbox-store';
import { SettingsScreen } from '../../src-renderer/src/features/settings/settings-screen';
import { Routes } from '../../src-renderer/src/app';
import { renderWithApp } from './render-app';

function baseSettings(overrides: Partial<AppSettings> = {}): AppSettings {
  return {
    language: 'es',
    port: 4010,
    sandbox: false,
    sandboxLog: [],
    developerMode: true,
    plan: 'starter',
    clinicName: 'Clínica Dental Sonrisa',
    notificationEmail: 'avisos@sonrisa.es',
    assistant: { provider: 'builtin', hasKey: false, source: 'default' },
    smtp: { source: 'default' },
    auditRetentionYears: 6,
    ...overrides,
  };
}

/** A settings service in memory: `update` merges what it is given, as the real one does. */
function settingsHandlers(initial: AppSettings): MemoryHandlers['settings'] & {
  current: () => AppSettings;
} {
  let current = initial;
  return {
    current: () => current,
    get: () => current,
    update: (update: AppSettingsUpdate) => {
      const { assistant, smtpUrl, confirmSandbox, ...rest } = update;
      // As the service: a switch is recorded (the log shows it), and turning it on needs consent.
      if (rest.sandbox === true && !current.sandbox && !confirmSandbox)
        throw { code: 'validation_failed', message: 'confirm', details: { errors: [] } };
      if (rest.sandbox !== undefined && rest.sandbox !== current.sandbox)
        current = {
          ...current,
          sandboxLog: [
            {
              id: `sbx_${current.sandboxLog.length}`,
              at: '2026-11-26T11:40:00.000Z',
              action: rest.sandbox ? 'enabled' : 'disabled',
              source: 'window',
              patients: 240,
            },
            ...current.sandboxLog,
          ],
        };
      current = { ...current, ...rest };
      if (assistant !== undefined) {
        current = {
          ...current,
          assistant:
            assistant === null || assistant.provider === 'builtin'
              ? { provider: 'builtin', hasKey: false, source: 'settings' }
              : {
                  provider: 'openai',
                  baseUrl: assistant.baseUrl,
                  model: assistant.model,
                  ...(assistant.timeoutSeconds ? { timeoutSeconds: assistant.timeoutSeconds } : {}),
                  hasKey: Boolean(assistant.apiKey) || current.assistant.hasKey,
                  source: 'settings',
                },
        };
      }
      if (smtpUrl !== undefined) {
        current = {
          ...current,
          smtp: smtpUrl === null ? { source: 'settings' } : { url: smtpUrl, source: 'settings' },
        };
      }
      return current;
    },
  };
}

function validationError(pointer: string, code: string, detail: string) {
  return Object.assign(new Error('Invalid request'), {
    code: 'validation_failed',
    details: { errors: [{ pointer, code, detail }] },
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const clock: SandboxClockView = {
  now: '2026-11-27T13:30:00.000Z',
  offsetSeconds: 3 * 86_400 + 4 * 3_600,
};

const updates = (log: { name: string; input: unknown }[]) =>
  log.filter((c) => c.name === 'settings.update').map((c) => c.input);

describe('settings screen', () => {
  it('shows a loading state, then the General page with one Save and a link per page', async () => {
    renderWithApp(<SettingsScreen />, {
      handlers: { settings: settingsHandlers(baseSettings()) },
    });
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    const page = await screen.findByRole('region', { name: 'General' });
    const nav = screen.getByRole('navigation', { name: 'Secciones de la configuración' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'General',
      'Plan',
      'Servidor',
      'Correo',
      'Asistente',
      'Datos',
      'Registro de accesos',
      'Desarrolladores',
    ]);
    expect(within(nav).getByRole('link', { name: 'General' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Servidor' })).toHaveAttribute(
      'href',
      '/settings/server',
    );
    expect(within(page).getByLabelText('Nombre de la clínica')).toHaveValue(
      'Clínica Dental Sonrisa',
    );
    expect(within(page).getByLabelText('Idioma de la aplicación')).toHaveValue('es');
    expect(within(page).getByRole('switch', { name: 'Modo desarrollador' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // One form, one Save on the page.
    expect(screen.getAllByRole('button', { name: 'Guardar' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Modo sandbox' })).not.toBeInTheDocument();
  });

  it('each page has its own single Save', async () => {
    for (const [page, region] of [
      ['plan', 'Plan'],
      ['server', 'Servidor local'],
      ['email', 'Correo saliente (SMTP)'],
      ['assistant', 'Asistente'],
      ['developer', 'Modo sandbox'],
    ] as const) {
      const { unmount } = renderWithApp(<SettingsScreen page={page} />, {
        handlers: { settings: settingsHandlers(baseSettings()) },
      });
      expect(await screen.findByRole('region', { name: region })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Guardar' })).toHaveLength(1);
      unmount();
    }
  });

  it('hides the developer page and its link without developer mode', async () => {
    const { location } = renderWithApp(<Routes />, {
      developerMode: false,
      path: '/settings/developer',
      handlers: { settings: settingsHandlers(baseSettings({ developerMode: false })) },
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/settings'));
    const nav = await screen.findByRole('navigation', { name: 'Secciones de la configuración' });
    expect(within(nav).queryByRole('link', { name: 'Desarrolladores' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when settings cannot be loaded', async () => {
    renderWithApp(<SettingsScreen />, {
      handlers: {
        settings: {
          get: () => {
            throw { code: 'internal_error', message: 'db locked' };
          },
        },
      },
    });
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('switches the whole window to Catalan once the General page is saved', async () => {
    const user = userEvent.setup();
    const { bridge, appStore } = renderWithApp(<SettingsScreen />, {
      handlers: { settings: settingsHandlers(baseSettings()) },
    });
    const select = await screen.findByLabelText('Idioma de la aplicación');
    expect(within(select).getByRole('option', { name: 'Català' })).toBeInTheDocument();
    await user.selectOptions(select, 'ca');
    // Nothing changes until it is saved.
    expect(appStore.getState().language).toBe('es');
    expect(updates(bridge.log)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Configuració' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de la clínica')).toBeInTheDocument();
    expect(screen.getByLabelText("Idioma de l'aplicació")).toHaveValue('ca');
    expect(updates(bridge.log)).toEqual([{ language: 'ca' }]);
    expect(appStore.getState().language).toBe('ca');
  });

  it("says why the page could not be saved, keeps what was typed and the window's language", async () => {
    const user = userEvent.setup();
    const handlers = settingsHandlers(baseSettings());
    const { appStore } = renderWithApp(<SettingsScreen />, {
      handlers: {
        settings: {
          ...handlers,
          update: () => {
            throw { code: 'internal_error', message: 'disk full' };
          },
        },
      },
    });
    await user.selectOptions(await screen.findByLabelText('Idioma de la aplicación'), 'en');
    await user.type(screen.getByLabelText('Nombre de la clínica'), ' Norte');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servicio.');
    expect(appStore.getState().language).toBe('es');
    expect(screen.getByLabelText('Nombre de la clínica')).toHaveValue(
      'Clínica Dental Sonrisa Norte',
    );
  });

  it('saves developer mode with the rest of the General page in one update', async () => {
    const user = userEvent.setup();
    const service = settingsHandlers(baseSettings({ developerMode: false }));
    const { bridge, appStore } = renderWithApp(<SettingsScreen />, {
      developerMode: false,
      handlers: { settings: service },
    });
    const toggle = await screen.findByRole('switch', { name: 'Modo desarrollador' });
    expect(toggle).toHaveAccessibleDescription(/claves de API, los webhooks/);
    await user.click(toggle);
    const name = screen.getByLabelText('Nombre de la clínica');
    await user.clear(name);
    await user.type(name, 'Clínica Norte');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(appStore.getState().developerMode).toBe(true));
    expect(updates(bridge.log)).toEqual([{ clinicName: 'Clínica Norte', developerMode: true }]);
    expect(await screen.findByRole('link', { name: 'Desarrolladores' })).toBeInTheDocument();
  });

  it('asks before a link throws away unsaved changes on a page', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      const { location } = renderWithApp(<SettingsScreen />, {
        path: '/settings',
        handlers: { settings: settingsHandlers(baseSettings()) },
      });
      // Untouched: the link just goes.
      await user.click(await screen.findByRole('link', { name: 'Plan' }));
      expect(confirm).not.toHaveBeenCalled();
      expect(location.history.at(-1)).toBe('/settings/plan');
      await user.click(screen.getByRole('link', { name: 'General' }));
      await user.type(await screen.findByLabelText('Nombre de la clínica'), '!');
      await user.click(screen.getByRole('link', { name: 'Plan' }));
      expect(confirm).toHaveBeenCalledWith(
        'Hay cambios sin guardar en esta página. ¿Salir sin guardarlos?',
      );
      expect(location.history.at(-1)).toBe('/settings');
      expect(screen.getByLabelText('Nombre de la clínica')).toHaveValue('Clínica Dental Sonrisa!');
    } finally {
      confirm.mockRestore();
    }
  });

  it("shows the service's port validation error next to the port, then saves a good one", async () => {
    const user = userEvent.setup();
    const service = settingsHandlers(baseSettings());
    const { bridge } = renderWithApp(<SettingsScreen page="server" />, {
      handlers: {
        settings: {
          ...service,
          update: (update) => {
            if (update.port !== undefined && update.port < 1024) {
              throw validationError('/port', 'minimum', 'must be >= 1024');
            }
            return service.update!(update);
          },
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Servidor local' });
    const port = within(card).getByLabelText('Puerto');
    expect(port).toHaveValue(4010);
    expect(within(card).getByText(/Se aplica al reiniciar la aplicación/)).toBeInTheDocument();
    const save = within(card).getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    await user.clear(port);
    await user.type(port, '80');
    await user.click(save);
    await waitFor(() => expect(port).toHaveAttribute('aria-invalid', 'true'));
    expect(port).toHaveAccessibleDescription('Elige un puerto entre 1024 y 65535.');
    expect(updates(bridge.log)).toEqual([{ port: 80 }]);

    await user.clear(port);
    await user.type(port, '4020');
    expect(port).not.toHaveAttribute('aria-invalid');
    await user.click(save);
    expect(
      await within(card).findByText(
        'Guardado. El nuevo puerto se usará al reiniciar la aplicación.',
      ),
    ).toBeInTheDocument();
    expect(updates(bridge.log)).toEqual([{ port: 80 }, { port: 4020 }]);
    expect(service.current().port).toBe(4020);
  });

  it('shows the address the service really listens on, and why the port differs', async () => {
    const { appStore } = renderWithApp(<SettingsScreen page="server" />, {
      handlers: {
        app: {
          info: () => ({
            apiBaseUrl: 'http://127.0.0.1:53122/api/v1',
            version: '0.1.0',
            mode: 'desktop',
            portNotice: { wanted: 4010, actual: 53122 },
          }),
        },
        settings: settingsHandlers(baseSettings()),
      },
    });
    await act(() => appStore.getState().start());
    const card = await screen.findByRole('region', { name: 'Servidor local' });
    expect(within(card).getByTestId('settings-api-url')).toHaveTextContent(
      'http://127.0.0.1:53122/api/v1',
    );
    expect(card).toHaveTextContent('El servicio escucha en el puerto 53122.');
    expect(
      within(card).getByText(/^El puerto 4010 estaba ocupado por otro programa al arrancar/),
    ).toHaveTextContent('así que el servicio usa el 53122.');
    // The saved port stays what the coordinator chose.
    expect(within(card).getByLabelText('Puerto')).toHaveValue(4010);
  });

  it('says the command line chose the port in web mode, and nothing when they agree', async () => {
    let info = {
      apiBaseUrl: 'http://127.0.0.1:39001/api/v1',
      version: '0.1.0',
      mode: 'web' as const,
    };
    const { appStore, unmount } = renderWithApp(<SettingsScreen page="server" />, {
      handlers: { app: { info: () => info }, settings: settingsHandlers(baseSettings()) },
    });
    await act(() => appStore.getState().start());
    const card = await screen.findByRole('region', { name: 'Servidor local' });
    expect(card).toHaveTextContent('el puerto lo ha dado la línea de órdenes (--port)');
    unmount();
    info = { apiBaseUrl: 'http://127.0.0.1:4010/api/v1', version: '0.1.0', mode: 'web' };
    const second = renderWithApp(<SettingsScreen page="server" />, {
      handlers: { app: { info: () => info }, settings: settingsHandlers(baseSettings()) },
    });
    await act(() => second.appStore.getState().start());
    const again = await screen.findByRole('region', { name: 'Servidor local' });
    expect(again).toHaveTextContent('El servicio escucha en el puerto 4010.');
    expect(within(again).queryByText(/línea de órdenes/)).not.toBeInTheDocument();
  });

  it('saves only the clinic fields that changed and shows the e-mail error at its field', async () => {
    const user = userEvent.setup();
    const service = settingsHandlers(baseSettings());
    let rejectEmail = true;
    const { bridge } = renderWithApp(<SettingsScreen />, {
      handlers: {
        settings: {
          ...service,
          update: (update) => {
            if (update.notificationEmail !== undefined && rejectEmail) {
              rejectEmail = false;
              throw validationError('/notificationEmail', 'format', 'must match format "email"');
            }
            return service.update!(update);
          },
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'General' });
    const email = within(card).getByLabelText('Correo para avisos');
    await user.clear(email);
    await user.type(email, 'avisos-sonrisa');
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Introduce un correo electrónico válido.'),
    );
    await user.clear(email);
    await user.type(email, 'recepcion@sonrisa.es');
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    expect(await within(card).findByText('Cambios guardados.')).toBeInTheDocument();
    expect(updates(bridge.log)).toEqual([
      { notificationEmail: 'avisos-sonrisa' },
      { notificationEmail: 'recepcion@sonrisa.es' },
    ]);
  });

  it('asks for confirmation before changing the plan, showing the allowances', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<SettingsScreen page="plan" />, {
      handlers: { settings: settingsHandlers(baseSettings()) },
    });
    const card = await screen.findByRole('region', { name: 'Plan' });
    expect(within(card).getByText('500 créditos al mes')).toBeInTheDocument();
    expect(within(card).getByText('10.000 créditos al mes')).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: /Empresa/ }));
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Cambiar al plan Empresa?' });
    expect(dialog).toHaveTextContent('pasará de 500 a 10.000');
    expect(updates(bridge.log)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar de plan' }));
    await waitFor(() => expect(updates(bridge.log)).toEqual([{ plan: 'enterprise' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('radio', { name: /Empresa/ })).toBeChecked();
    expect(within(card).getByText('Plan actual').closest('label')).toHaveTextContent('Empresa');
  });

  it('keeps the audit log longer at once; shorter only after saying what the next purge deletes', async () => {
    const user = userEvent.setup();
    const previews: unknown[] = [];
    const settings = settingsHandlers(baseSettings());
    const { bridge } = renderWithApp(<SettingsScreen page="audit" />, {
      handlers: {
        settings: {
          ...settings,
          update: ({ confirmRetention: _confirmed, ...update }) => settings.update!(update),
        },
        audit: {
          list: () => ({ data: [], pagination: { cursor: '', hasMore: false, limit: 50 } }),
          purgePreview: (input) => {
            previews.push(input);
            return {
              years: input.years,
              before: '2024-11-27T10:00:00.000Z',
              events: 1250,
              patients: 48,
              oldest: '2021-03-02T09:00:00.000Z',
            };
          },
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Conservación del registro' });
    // The log below has no Save of its own: the page's one Save is the period's.
    expect(screen.getAllByRole('button', { name: 'Guardar' })).toHaveLength(1);
    const field = within(card).getByRole('combobox', {
      name: 'Conservar el registro de accesos durante',
    });
    expect(field).toHaveValue('6');

    await user.selectOptions(field, '8 años');
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(updates(bridge.log)).toEqual([{ auditRetentionYears: 8 }]));
    expect(previews).toEqual([]); // longer: nothing to purge, nothing to confirm

    await user.selectOptions(field, '2 años');
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Conservar el registro solo 2 años?',
    });
    expect(previews).toEqual([{ years: 2 }]);
    expect(dialog).toHaveTextContent(
      'La próxima purga borrará para siempre 1250 accesos registrados antes del',
    );
    expect(dialog).toHaveTextContent('de 48 pacientes');
    // Cancelled: nothing saved, the choice stays to think again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(updates(bridge.log)).toHaveLength(1);
    expect(field).toHaveValue('2');
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: '¿Conservar el registro solo 2 años?' }),
      ).getByRole('button', { name: 'Acortar y borrar al purgar' }),
    );
    await waitFor(() =>
      expect(updates(bridge.log).at(-1)).toEqual({
        auditRetentionYears: 2,
        confirmRetention: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(settings.current().auditRetentionYears).toBe(2);
  });

  it('turns sandbox mode off with a warning; the app store and the tools follow', async () => {
    const user = userEvent.setup();
    const { bridge, appStore } = renderWithApp(<SettingsScreen page="developer" />, {
      handlers: {
        settings: settingsHandlers(baseSettings({ sandbox: true })),
        sandbox: { clock: () => clock },
      },
    });
    appStore.getState().setSandbox(true);
    expect(
      await screen.findByRole('region', { name: 'Herramientas de sandbox' }),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Modo sandbox' });
    const toggle = within(card).getByRole('switch', { name: 'Modo sandbox' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'dejan de funcionar las herramientas de sandbox y los webhooks a http://localhost',
    );
    expect(updates(bridge.log)).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(appStore.getState().sandbox).toBe(false));
    expect(updates(bridge.log)).toEqual([{ sandbox: false }]);
    expect(
      screen.queryByRole('region', { name: 'Herramientas de sandbox' }),
    ).not.toBeInTheDocument();
  });

  it('turns sandbox mode on from the keyboard after a confirmation, and the app store follows', async () => {
    const user = userEvent.setup();
    const { bridge, appStore } = renderWithApp(<SettingsScreen page="developer" />, {
      handlers: {
        settings: settingsHandlers(baseSettings()),
        sandbox: { clock: () => clock },
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Modo sandbox' });
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(
      within(screen.getByRole('region', { name: 'Modo sandbox' })).getByRole('button', {
        name: 'Guardar',
      }),
    );
    // Nothing is sent until a person confirms: its tools can replace the clinic.
    const dialog = await screen.findByRole('dialog', {
      name: '¿Activar el modo sandbox en esta clínica?',
    });
    expect(updates(bridge.log)).toEqual([]);
    expect(within(dialog).getByText(/sustituir todos los datos de la clínica/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Activar el modo sandbox' }));
    await waitFor(() => expect(appStore.getState().sandbox).toBe(true));
    expect(updates(bridge.log)).toEqual([{ sandbox: true, confirmSandbox: true }]);
    // The switch is recorded, and shown.
    expect(
      await screen.findByText(/: activado desde la ventana \(240 pacientes\)$/),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Herramientas de sandbox' }),
    ).toBeInTheDocument();
  });

  it('shows an assistant set by a command-line flag read-only', async () => {
    renderWithApp(<SettingsScreen page="assistant" />, {
      handlers: {
        settings: settingsHandlers(
          baseSettings({
            assistant: {
              provider: 'openai',
              baseUrl: 'http://127.0.0.1:11434/v1',
              model: 'llama3.1',
              hasKey: true,
              source: 'run',
            },
            smtp: {
              url: 'smtp://citas:****@smtp.sonrisa.es:587',
              from: 'citas@sonrisa.es',
              source: 'run',
            },
          }),
        ),
      },
    });
    const card = await screen.findByRole('region', { name: 'Asistente' });
    expect(card).toHaveTextContent('línea de órdenes');
    expect(card).toHaveTextContent('Servicio compatible con OpenAI');
    expect(card).toHaveTextContent('http://127.0.0.1:11434/v1');
    expect(card).toHaveTextContent('llama3.1');
    expect(within(card).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
  });

  it('shows an SMTP server set by a command-line flag read-only', async () => {
    renderWithApp(<SettingsScreen page="email" />, {
      handlers: {
        settings: settingsHandlers(
          baseSettings({
            smtp: {
              url: 'smtp://citas:****@smtp.sonrisa.es:587',
              from: 'citas@sonrisa.es',
              source: 'run',
            },
          }),
        ),
      },
    });
    const smtp = await screen.findByRole('region', { name: 'Correo saliente (SMTP)' });
    expect(within(smtp).getByLabelText('URL del servidor SMTP')).toHaveAttribute('readonly');
    expect(within(smtp).queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
    expect(smtp).toHaveTextContent('Remitente: citas@sonrisa.es');
  });

  it('saves an OpenAI-compatible assistant, keeping the saved key when left blank', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<SettingsScreen page="assistant" />, {
      handlers: {
        settings: settingsHandlers(
          baseSettings({
            assistant: {
              provider: 'openai',
              baseUrl: 'https://llm.sonrisa.es/v1',
              model: 'gpt-4o-mini',
              timeoutSeconds: 20,
              hasKey: true,
              source: 'settings',
            },
          }),
        ),
      },
    });
    const card = await screen.findByRole('region', { name: 'Asistente' });
    const key = within(card).getByLabelText('Clave del servicio');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAccessibleDescription(
      'Hay una clave guardada: déjalo en blanco para conservar la actual.',
    );
    const model = within(card).getByLabelText('Modelo');
    await user.clear(model);
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    expect(model).toHaveAccessibleDescription('Este campo es obligatorio.');
    expect(updates(bridge.log)).toEqual([]);
    await user.type(model, 'gpt-4.1-mini');
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(updates(bridge.log)).toEqual([
        {
          assistant: {
            provider: 'openai',
            baseUrl: 'https://llm.sonrisa.es/v1',
            model: 'gpt-4.1-mini',
            timeoutSeconds: 20,
          },
        },
      ]),
    );

    await user.click(within(card).getByRole('radio', { name: /Asistente integrado/ }));
    expect(within(card).queryByLabelText('Modelo')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(updates(bridge.log).at(-1)).toEqual({ assistant: { provider: 'builtin' } }),
    );
  });

  it('clears the SMTP URL to keep e-mail in the outbox', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<SettingsScreen page="email" />, {
      handlers: {
        settings: settingsHandlers(
          baseSettings({
            smtp: {
              url: 'smtp://citas:****@smtp.sonrisa.es:587',
              from: 'citas@sonrisa.es',
              source: 'settings',
            },
          }),
        ),
      },
    });
    const card = await screen.findByRole('region', { name: 'Correo saliente (SMTP)' });
    await user.clear(within(card).getByLabelText('URL del servidor SMTP'));
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(updates(bridge.log)).toEqual([{ smtpUrl: null }]));
    expect(
      await within(card).findByText('Ahora los correos se quedan en la bandeja de salida.'),
    ).toBeInTheDocument();
  });
});

describe('sandbox panel', () => {
  /** The sandbox as the service keeps it: the clock read after an advance is the advanced one. */
  function renderSandbox(handlers: MemoryHandlers['sandbox'], language: 'es' | 'ca' = 'es') {
    let current: SandboxClockView = clock;
    const advance = handlers?.advance;
    return renderWithApp(<SettingsScreen page="developer" />, {
      language,
      handlers: {
        settings: settingsHandlers(baseSettings({ sandbox: true, language })),
        sandbox: {
          clock: () => current,
          ...handlers,
          ...(advance && {
            advance: async (input) => {
              const advanced = await advance(input);
              current = { now: advanced.now, offsetSeconds: advanced.offsetSeconds };
              return advanced;
            },
          }),
        },
      },
    });
  }

  it('shows the service clock and its offset in words', async () => {
    renderSandbox({});
    const panel = await screen.findByRole('region', { name: 'Herramientas de sandbox' });
    const shown = await within(panel).findByTestId('sandbox-clock');
    expect(shown).toHaveTextContent('27 nov 2026');
    expect(shown).toHaveTextContent('+3 días 4 h respecto a la hora real');
    expect(shown).not.toHaveTextContent('2026-11-27T');
  });

  it('advances the clock by each preset and says how many jobs ran', async () => {
    const user = userEvent.setup();
    let offset = clock.offsetSeconds;
    const { bridge } = renderSandbox({
      advance: ({ seconds }) => {
        offset += seconds;
        return {
          now: new Date(Date.parse(clock.now) + seconds * 1000).toISOString(),
          offsetSeconds: offset,
          jobsRun: seconds === 3_600 ? 1 : 12,
        };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Herramientas de sandbox' });
    const group = within(panel).getByRole('group', { name: 'Adelantar el reloj' });
    await user.click(within(group).getByRole('button', { name: '+1 hora' }));
    expect(await within(panel).findByText('Se ha ejecutado 1 tarea.')).toBeInTheDocument();
    for (const name of ['+1 día', '+1 semana', '+30 días']) {
      await user.click(within(group).getByRole('button', { name }));
    }
    expect(await within(panel).findByText('Se han ejecutado 12 tareas.')).toBeInTheDocument();
    expect(bridge.log.filter((c) => c.name === 'sandbox.advance').map((c) => c.input)).toEqual([
      { seconds: 3600 },
      { seconds: 86400 },
      { seconds: 604800 },
      { seconds: 2592000 },
    ]);
    // 3 d 4 h + 1 h + 1 d + 7 d + 30 d
    expect(within(panel).getByTestId('sandbox-clock')).toHaveTextContent(
      '+41 días 5 h respecto a la hora real',
    );
  });

  it('is busy while the clock advances and shows the result in Catalan', async () => {
    const user = userEvent.setup();
    const pending = deferred<SandboxClockView & { jobsRun: number }>();
    renderSandbox({ advance: () => pending.promise }, 'ca');
    const panel = await screen.findByRole('region', { name: 'Eines de sandbox' });
    const day = within(panel).getByRole('button', { name: '+1 dia' });
    await user.click(day);
    expect(day).toHaveAttribute('aria-busy', 'true');
    expect(within(panel).getByRole('button', { name: '+1 setmana' })).toBeDisabled();
    await act(async () =>
      pending.resolve({
        now: '2026-11-28T13:30:00.000Z',
        offsetSeconds: 4 * 86_400 + 4 * 3_600,
        jobsRun: 3,
      }),
    );
    expect(await within(panel).findByText("S'han executat 3 tasques.")).toBeInTheDocument();
    expect(day).not.toBeDisabled();
    expect(within(panel).getByTestId('sandbox-clock')).toHaveTextContent(
      "+4 dies 4 h respecte a l'hora real",
    );
  });

  it('shows "no pending jobs" and errors from advancing', async () => {
    const user = userEvent.setup();
    let fail = false;
    renderSandbox({
      advance: () => {
        if (fail) throw { code: 'sandbox_off', message: 'Sandbox mode is off.' };
        return { ...clock, jobsRun: 0 };
      },
    });
    const panel = await screen.findByRole('region', { name: 'Herramientas de sandbox' });
    await user.click(within(panel).getByRole('button', { name: '+1 hora' }));
    expect(await within(panel).findByText('No había tareas pendientes.')).toBeInTheDocument();
    fail = true;
    await user.click(within(panel).getByRole('button', { name: '+1 hora' }));
    expect(await within(panel).findByText('El modo sandbox está desactivado.')).toBeInTheDocument();
  });

  it('resets the clinic after confirmation, with a progress bar while it seeds', async () => {
    const user = userEvent.setup();
    const pending = deferred<{ seed: 'demo' | 'empty'; patients: number }>();
    const { bridge } = renderSandbox({ reset: () => pending.promise });
    const panel = await screen.findByRole('region', { name: 'Herramientas de sandbox' });
    await user.click(
      within(panel).getByRole('button', { name: 'Restablecer la clínica de demostración' }),
    );
    const dialog = screen.getByRole('dialog', { name: '¿Restablecer la clínica?' });
    expect(dialog).toHaveTextContent(
      'Se sustituirán todos los pacientes, formularios, envíos, conversaciones, llamadas y el historial de créditos.',
    );
    expect(dialog).toHaveTextContent('Las claves de API y la configuración se mantienen.');
    expect(within(dialog).getByRole('radio', { name: /clínica de demostración/ })).toBeChecked();
    const confirm = within(dialog).getByRole('button', { name: 'Restablecer' });
    expect(confirm).toHaveClass('btn-danger');
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(confirm);
    const progress = within(dialog).getByRole('progressbar', {
      name: 'Restableciendo la clínica…',
    });
    expect(progress).not.toHaveAttribute('aria-valuenow');
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(bridge.log.filter((c) => c.name === 'sandbox.reset').map((c) => c.input)).toEqual([
      { seed: 'demo' },
    ]);
    await act(async () => pending.resolve({ seed: 'demo', patients: 40 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByText('Clínica restablecida con 40 pacientes.')).toBeInTheDocument();
  });

  it('can reset to an empty clinic, and cancelling does nothing', async () => {
    const user = userEvent.setup();
    const { bridge } = renderSandbox({ reset: ({ seed }) => ({ seed, patients: 0 }) });
    const panel = await screen.findByRole('region', { name: 'Herramientas de sandbox' });
    const open = within(panel).getByRole('button', {
      name: 'Restablecer la clínica de demostración',
    });
    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(bridge.log.some((c) => c.name === 'sandbox.reset')).toBe(false);
    await user.click(open);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Una clínica vacía' }));
    await user.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    expect(await within(panel).findByText('Clínica restablecida y vacía.')).toBeInTheDocument();
    expect(bridge.log.filter((c) => c.name === 'sandbox.reset').map((c) => c.input)).toEqual([
      { seed: 'empty' },
    ]);
  });

  it('follows the clock the service pushes', async () => {
    const { bridge } = renderSandbox({});
    const shown = await screen.findByTestId('sandbox-clock');
    act(() => bridge.emit('clock', { now: '2027-01-02T10:00:00.000Z', offsetSeconds: 90 * 60 }));
    await waitFor(() => expect(shown).toHaveTextContent('2 ene 2027'));
    expect(shown).toHaveTextContent('+1 h 30 min respecto a la hora real');
  });
});

describe('offsetParts', () => {
  it('splits an offset into days and hours, minutes only under a day', () => {
    expect(offsetParts(0)).toEqual({ sign: 0, days: 0, hours: 0, minutes: 0 });
    expect(offsetParts(3 * 86_400 + 4 * 3_600 + 59)).toEqual({
      sign: 1,
      days: 3,
      hours: 4,
      minutes: 0,
    });
    expect(offsetParts(-(2 * 3_600 + 5 * 60))).toEqual({ sign: -1, days: 0, hours: 2, minutes: 5 });
  });
});
