import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiKeyInfo, CreatedApiKey, Permission } from '../../src-preload/contract';
import { curlExample } from '../../src-renderer/src/features/keys/create-key-dialog';
import { KeysScreen } from '../../src-renderer/src/features/keys/keys-screen';
import { cachedState, renderWithApp } from './render-app';

const info = {
  apiBaseUrl: 'http://127.0.0.1:4010/api/v1',
  version: '0.1.0',
  mode: 'desktop' as const,
};

const crm: ApiKeyInfo = {
  id: 'key_01HZCRM',
  name: 'CRM de la clínica',
  hint: 'sk_AbCd…WxYz',
  permissions: ['patients:read', 'forms:read'],
  createdAt: '2026-10-01T08:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
};
const script: ApiKeyInfo = {
  id: 'key_01HZOLD',
  name: 'Script antiguo',
  hint: 'sk_Qwer…Tyui',
  permissions: ['webhooks:write'],
  createdAt: '2026-09-01T08:00:00.000Z',
  revokedAt: '2026-10-15T12:00:00.000Z',
};

const PLAINTEXT = 'sk_7Hq2LmN9pQ4rS8tV1wX5yZ3aB6cD0eF2gH4iJ6kL8m';

function validationError(pointer: string, code: string, detail: string) {
  return Object.assign(new Error('Invalid request'), {
    code: 'validation_failed',
    details: { errors: [{ pointer, code, detail }] },
  });
}

describe('keys screen', () => {
  it('lists keys with translated permission chips, hint, dates and status; revoked keys below', async () => {
    renderWithApp(<KeysScreen />, { handlers: { keys: { list: () => [script, crm] } } });
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    const active = await screen.findByRole('table', { name: 'Claves activas' });
    const row = within(active).getByRole('row', { name: /CRM de la clínica/ });
    expect(within(row).getByText('sk_AbCd…WxYz')).toBeInTheDocument();
    expect(within(row).getByText('Leer pacientes')).toBeInTheDocument();
    expect(within(row).getByText('Leer formularios y respuestas')).toBeInTheDocument();
    expect(within(row).getByText('Activa')).toBeInTheDocument();
    expect(within(row).getByText(/1 oct 2026/)).toBeInTheDocument();
    expect(within(row).queryByText('2026-10-01T08:00:00.000Z')).not.toBeInTheDocument();
    expect(within(row).getByText(/^hace /)).toBeInTheDocument();

    const revoked = screen.getByRole('table', { name: 'Claves revocadas' });
    const old = within(revoked).getByRole('row', { name: /Script antiguo/ });
    expect(within(old).getByText('Gestionar webhooks')).toBeInTheDocument();
    expect(within(old).getByText('Revocada el 15 oct 2026')).toBeInTheDocument();
    expect(within(old).getByText('Nunca')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
  });

  it('translates the permissions in Catalan', async () => {
    renderWithApp(<KeysScreen />, {
      language: 'ca',
      handlers: { keys: { list: () => [crm, script] } },
    });
    const active = await screen.findByRole('table', { name: 'Claus actives' });
    expect(within(active).getByText('Llegir pacients')).toBeInTheDocument();
    expect(within(active).getByText('Llegir formularis i respostes')).toBeInTheDocument();
    expect(within(active).getByText('Activa')).toBeInTheDocument();
    expect(screen.getByText(/^Revocada el 15 .*2026$/)).toBeInTheDocument();
    expect(screen.getByText('Mai')).toBeInTheDocument();
  });

  it('explains what keys are for when there are none', async () => {
    renderWithApp(<KeysScreen />, { handlers: { keys: { list: () => [] } } });
    expect(await screen.findByText('Todavía no hay claves de API')).toBeInTheDocument();
    expect(screen.getByText(/a través de la API local de Engage Desk/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Crear la primera clave' }));
    expect(screen.getByRole('dialog', { name: 'Nueva clave de API' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderWithApp(<KeysScreen />, {
      handlers: {
        keys: {
          list: () => {
            if (fail) throw { code: 'internal_error', message: 'boom' };
            return [crm];
          },
        },
      },
    });
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Claves activas' })).toBeInTheDocument();
  });

  it('creates a key, shows it once with copy buttons and a curl example, then forgets it', async () => {
    const user = userEvent.setup();
    // The service lists the new key afterwards (without its plaintext).
    const keys: ApiKeyInfo[] = [crm];
    const { bridge, appStore, queryClient } = renderWithApp(<KeysScreen />, {
      handlers: {
        app: { info: () => info },
        keys: {
          list: () => keys,
          create: (input): CreatedApiKey => {
            const { key, ...created } = {
              id: 'key_01HZNEW',
              name: input.name,
              hint: 'sk_7Hq2…L8m',
              permissions: input.permissions,
              createdAt: '2026-11-24T09:30:00.000Z',
              key: PLAINTEXT,
            };
            keys.push(created);
            return { ...created, key };
          },
        },
      },
    });
    const cached = () => cachedState(queryClient);
    await appStore.getState().start();
    await screen.findByRole('table', { name: 'Claves activas' });
    await user.click(screen.getByRole('button', { name: 'Nueva clave' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva clave de API' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Historia clínica');
    await user.click(within(dialog).getByLabelText('Crear y editar pacientes'));
    await user.click(within(dialog).getByLabelText('Leer pacientes'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }));

    const shown = await screen.findByRole('dialog', { name: 'Clave creada' });
    expect(bridge.log.filter((c) => c.name === 'keys.create').map((c) => c.input)).toEqual([
      // The service's order, whatever the click order.
      { name: 'Historia clínica', permissions: ['patients:read', 'patients:write'] },
    ]);
    expect(
      within(shown).getByText('Guarda esta clave ahora: no se volverá a mostrar.'),
    ).toBeInTheDocument();
    const field = within(shown).getByLabelText('Clave de API');
    expect(field).toHaveValue(PLAINTEXT);
    expect(field).toHaveAttribute('readonly');
    await user.click(within(shown).getByRole('button', { name: 'Copiar la clave' }));
    expect(await navigator.clipboard.readText()).toBe(PLAINTEXT);

    const curl = `curl -H "Authorization: Bearer ${PLAINTEXT}" "${info.apiBaseUrl}/patients?limit=5"`;
    expect(curlExample(info.apiBaseUrl, PLAINTEXT)).toBe(curl);
    expect(within(shown).getByTestId('curl-example')).toHaveTextContent(curl);
    await user.click(within(shown).getByRole('button', { name: 'Copiar el ejemplo' }));
    expect(await navigator.clipboard.readText()).toBe(curl);

    // The cache has the new key's info already, but never its plaintext.
    expect(cached()).not.toContain(PLAINTEXT);
    expect(cached()).toContain('key_01HZNEW');

    await user.click(within(shown).getByRole('button', { name: 'Ya la he guardado' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(PLAINTEXT);
    expect(cached()).not.toContain(PLAINTEXT);
    const row = within(screen.getByRole('table', { name: 'Claves activas' })).getByRole('row', {
      name: /Historia clínica/,
    });
    expect(within(row).getByText('sk_7Hq2…L8m')).toBeInTheDocument();
  });

  it('"All permissions" selects all nine (the sandbox tools included), and is mixed when some are chosen', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<KeysScreen />, {
      handlers: {
        keys: {
          list: () => [],
          create: (input) => ({
            id: 'key_1',
            name: input.name,
            hint: 'sk_1234…abcd',
            permissions: input.permissions,
            createdAt: '2026-11-24T09:30:00.000Z',
            key: PLAINTEXT,
          }),
        },
      },
    });
    await screen.findByText('Todavía no hay claves de API');
    await user.click(screen.getByRole('button', { name: 'Nueva clave' }));
    const dialog = screen.getByRole('dialog');
    const all = within(dialog).getByLabelText('Todos los permisos');
    await user.click(within(dialog).getByLabelText('Iniciar llamadas'));
    expect(all).toHaveAttribute('aria-checked', 'mixed');
    await user.click(all);
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked),
    ).toHaveLength(11);
    await user.type(within(dialog).getByLabelText('Nombre'), 'Todo');
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    await screen.findByRole('dialog', { name: 'Clave creada' });
    const sent = bridge.log.find((c) => c.name === 'keys.create')?.input as {
      permissions: Permission[];
    };
    expect(sent.permissions).toEqual([
      'patients:read',
      'patients:write',
      'forms:read',
      'schedules:write',
      'conversations:write',
      'calls:write',
      'credits:read',
      'webhooks:write',
      'sandbox:write',
      'audit:read',
    ]);
  });

  it('asks for a name and a permission before calling the service', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<KeysScreen />, { handlers: { keys: { list: () => [] } } });
    await screen.findByText('Todavía no hay claves de API');
    await user.click(screen.getByRole('button', { name: 'Nueva clave' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    expect(within(dialog).getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elige al menos un permiso.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre')).toHaveAttribute('aria-invalid', 'true');
    expect(bridge.log.some((c) => c.name === 'keys.create')).toBe(false);
  });

  it("shows the service's validation error next to the name", async () => {
    const user = userEvent.setup();
    renderWithApp(<KeysScreen />, {
      handlers: {
        keys: {
          list: () => [],
          create: () => {
            throw validationError('/name', 'length', 'A key needs a name of 1 to 100 characters.');
          },
        },
      },
    });
    await screen.findByText('Todavía no hay claves de API');
    await user.click(screen.getByRole('button', { name: 'Nueva clave' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nombre'), 'x');
    await user.click(within(dialog).getByLabelText('Consultar créditos'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }));
    const name = within(dialog).getByLabelText('Nombre');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('El nombre debe tener entre 1 y 100 caracteres.');
    expect(screen.getByRole('dialog', { name: 'Nueva clave de API' })).toBeInTheDocument();
  });

  it('revokes a key after confirmation and shows it as revoked', async () => {
    const user = userEvent.setup();
    let keys = [crm];
    const { bridge } = renderWithApp(<KeysScreen />, {
      handlers: {
        // The service lists the key as revoked afterwards.
        keys: {
          list: () => keys,
          revoke: ({ id }) => {
            keys = keys.map((k) =>
              k.id === id ? { ...k, revokedAt: '2026-11-24T09:30:00.000Z' } : k,
            );
            return keys.find((k) => k.id === id)!;
          },
        },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Revocar la clave «CRM de la clínica»' }),
    );
    const dialog = screen.getByRole('dialog', { name: '¿Revocar la clave «CRM de la clínica»?' });
    expect(within(dialog).getByText(/dejarán de funcionar al instante/)).toBeInTheDocument();
    // Cancelling does nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(bridge.log.some((c) => c.name === 'keys.revoke')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revocar la clave «CRM de la clínica»' }));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', {
      name: 'Revocar la clave',
    });
    expect(confirm).toHaveClass('btn-danger');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bridge.log.filter((c) => c.name === 'keys.revoke').map((c) => c.input)).toEqual([
      { id: 'key_01HZCRM' },
    ]);
    const revoked = screen.getByRole('table', { name: 'Claves revocadas' });
    expect(within(revoked).getByText('Revocada el 24 nov 2026')).toBeInTheDocument();
    expect(screen.getByText('No hay ninguna clave activa.')).toBeInTheDocument();
    expect(screen.getByText('Se ha revocado la clave «CRM de la clínica».')).toBeInTheDocument();
  });

  it('reloads when a key changes over the API', async () => {
    let list = [crm];
    const { bridge } = renderWithApp(<KeysScreen />, {
      handlers: { keys: { list: () => list } },
    });
    await screen.findByRole('table', { name: 'Claves activas' });
    list = [crm, { ...script, revokedAt: undefined as never, id: 'key_2', name: 'Nueva' }];
    bridge.emit('changed', { topics: ['keys'] });
    expect(await screen.findByRole('row', { name: /Nueva/ })).toBeInTheDocument();
  });
});
