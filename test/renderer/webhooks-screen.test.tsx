import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  CreatedWebhook,
  ReceivedRequest,
  ReceiverInfo,
  WebhookView,
} from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { VERIFY_SNIPPET } from '../../src-renderer/src/features/webhooks/register-dialogs';
import { WebhooksScreen } from '../../src-renderer/src/features/webhooks/webhooks-screen';
import { cachedState, renderWithApp } from './render-app';
import { broken, crm, forgedRequest, RECEIVER_URL, verifiedRequest } from './webhooks-fixtures';

const SECRET = 'whsec_9f1Xc0mZ2QkV7Lr5bT8yN3hJ6dW4sA1eP0oU2iK8gF4=';

const receiverInfo = (failing = false): ReceiverInfo => ({
  url: RECEIVER_URL,
  name: 'inbox',
  failing,
  keep: 200,
});

function page(items: WebhookView[]) {
  return { data: items, pagination: { cursor: '', hasMore: false, limit: 50 } };
}

function created(url: string, events: WebhookView['events']): CreatedWebhook {
  return {
    id: 'wh_01JD8X3V6Q9R2T5W7Y0B4C6NEW',
    url,
    events,
    status: 'active',
    createdAt: '2026-11-24T09:30:00.000Z',
    updatedAt: '2026-11-24T09:30:00.000Z',
    secret: SECRET,
  };
}

function handlers(
  overrides: {
    registered?: WebhookView[];
    received?: () => ReceivedRequest[];
    sandbox?: boolean;
  } & MemoryHandlers = {},
): MemoryHandlers {
  let failing = false;
  let cleared = false;
  const { registered = [crm, broken], received = () => [], sandbox = true, ...rest } = overrides;
  // As the service: a new webhook is listed (without its secret) and a cleared inbox is empty.
  const listed = [...registered];
  const off = () => {
    throw { code: 'sandbox_off', message: 'Sandbox mode is off' };
  };
  const { update, remove, ...moreWebhooks } = rest.webhooks ?? {};
  return {
    ...rest,
    webhooks: {
      list: () => page(listed),
      create: (input) => {
        const { secret: _secret, ...webhook } = created(input.url, input.events);
        listed.unshift({
          ...webhook,
          stats: { attempts: 0, failedAttempts: 0, pendingDeliveries: 0, failedDeliveries: 0 },
        });
        return created(input.url, input.events);
      },
      ...moreWebhooks,
      // A change the test answers is listed afterwards too.
      ...(update && {
        update: async (input) => {
          const saved = await update(input);
          listed.splice(
            listed.findIndex((w) => w.id === saved.id),
            1,
            saved,
          );
          return saved;
        },
      }),
      ...(remove && {
        remove: async (input) => {
          const removed = await remove(input);
          listed.splice(
            listed.findIndex((w) => w.id === input.id),
            1,
          );
          return removed;
        },
      }),
    },
    receiver: {
      url: () => (sandbox ? receiverInfo(failing) : off()),
      list: () => (sandbox ? (cleared ? [] : received()) : off()),
      configure: (input) => {
        failing = input.failing;
        return receiverInfo(failing);
      },
      clear: () => {
        cleared = true;
        return { cleared: 2 };
      },
      ...rest.receiver,
    },
  };
}

const calls = (log: { name: string; input: unknown }[], name: string) =>
  log.filter((c) => c.name === name).map((c) => c.input);

describe('webhooks screen: the list', () => {
  it('shows each webhook with its events, status, success rate and last attempt', async () => {
    renderWithApp(<WebhooksScreen />, { handlers: handlers() });
    const table = await screen.findByRole('table', { name: 'Webhooks registrados' });
    const active = within(table).getByRole('row', { name: /crm\.example\.org/ });
    expect(within(active).getByText('Formulario completado')).toBeInTheDocument();
    expect(within(active).getByText('Paciente creado')).toBeInTheDocument();
    expect(within(active).getByText('Activo')).toBeInTheDocument();
    expect(within(active).getByText(/^50\s%\scorrectos$/)).toBeInTheDocument();
    expect(within(active).getByText('2 de 4 intentos en 24 h')).toBeInTheDocument();
    expect(within(active).getByText('Correcto')).toBeInTheDocument();
    expect(within(active).queryByText(/2026-11-24T/)).not.toBeInTheDocument();
    expect(
      within(active).getByRole('link', {
        name: 'Ver el registro de entregas de https://crm.example.org/hooks/engage',
      }),
    ).toHaveAttribute('href', `/webhooks/${crm.id}`);

    const disabled = within(table).getByRole('row', { name: /ehr\.example\.org/ });
    expect(within(disabled).getByText('Desactivado el 20 nov 2026')).toBeInTheDocument();
    expect(
      within(disabled).getByText('Se desactivó porque fallaron 19 de 20 intentos en 24 horas.'),
    ).toBeInTheDocument();
    expect(within(disabled).getByText('Llamada terminada')).toBeInTheDocument();
    expect(within(disabled).getByText('Fallido')).toBeInTheDocument();
    // The API's English reason never reaches the Spanish window.
    expect(document.body.textContent).not.toContain('delivery attempts');
  });

  it('explains webhooks when there are none, and shows an error with a retry', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderWithApp(<WebhooksScreen />, {
      handlers: handlers({
        webhooks: {
          list: () => {
            if (fail) throw { code: 'internal_error', message: 'boom' };
            return page([]);
          },
        },
      }),
    });
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Reintentar' })[0]!);
    expect(await screen.findByText('Todavía no hay webhooks')).toBeInTheDocument();
  });

  it('reactivates a disabled webhook from its row', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<WebhooksScreen />, {
      handlers: handlers({
        webhooks: {
          update: ({ patch }) => {
            expect(patch).toEqual({ status: 'active' });
            const { disabledAt: _a, disabledReason: _r, ...rest } = broken;
            return {
              ...rest,
              status: 'active',
              stats: { ...broken.stats, disabledBy: undefined as never },
            };
          },
        },
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Reactivar https://ehr.example.org/webhooks' }),
    );
    expect(
      await screen.findByText('Se ha reactivado https://ehr.example.org/webhooks.'),
    ).toBeInTheDocument();
    expect(calls(bridge.log, 'webhooks.update')).toEqual([
      { id: broken.id, patch: { status: 'active' } },
    ]);
    const row = screen.getByRole('row', { name: /ehr\.example\.org/ });
    expect(within(row).getByText('Activo')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Reactivar/ })).not.toBeInTheDocument();
  });

  it('deletes a webhook only after confirming', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<WebhooksScreen />, {
      handlers: handlers({ webhooks: { remove: ({ id }) => ({ id, deleted: true as const }) } }),
    });
    const remove = await screen.findByRole('button', {
      name: 'Eliminar https://crm.example.org/hooks/engage',
    });
    await user.click(remove);
    const dialog = screen.getByRole('dialog', {
      name: '¿Eliminar el webhook https://crm.example.org/hooks/engage?',
    });
    expect(within(dialog).getByText(/se borrará su registro de entregas/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls(bridge.log, 'webhooks.remove')).toEqual([]);

    await user.click(remove);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar el webhook' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(bridge.log, 'webhooks.remove')).toEqual([{ id: crm.id }]);
    expect(screen.queryByRole('row', { name: /crm\.example\.org/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Se ha eliminado https://crm.example.org/hooks/engage.'),
    ).toBeInTheDocument();
  });

  it('reloads when webhooks change elsewhere (a delivery, the API)', async () => {
    let list = [crm];
    const { bridge } = renderWithApp(<WebhooksScreen />, {
      handlers: handlers({ webhooks: { list: () => page(list) } }),
    });
    await screen.findByRole('row', { name: /crm\.example\.org/ });
    list = [crm, broken];
    bridge.emit('changed', { topics: ['webhooks'] });
    expect(await screen.findByRole('row', { name: /ehr\.example\.org/ })).toBeInTheDocument();
  });
});

describe('webhooks screen: registering', () => {
  it('registers a webhook and shows its secret once, with a copy button and how to verify it', async () => {
    const user = userEvent.setup();
    const { bridge, queryClient } = renderWithApp(<WebhooksScreen />, { handlers: handlers() });
    const cached = () => cachedState(queryClient);
    await screen.findByRole('table', { name: 'Webhooks registrados' });
    await user.click(screen.getByRole('button', { name: 'Registrar webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Registrar un webhook' });

    // Nothing is sent without a URL and an event.
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(within(dialog).getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elige al menos un evento.')).toBeInTheDocument();
    expect(calls(bridge.log, 'webhooks.create')).toEqual([]);

    // Each event says in plain words when it fires.
    const completed = within(dialog).getByRole('checkbox', { name: 'Formulario completado' });
    expect(completed).toHaveAccessibleDescription(
      'Un paciente responde un formulario; incluye sus respuestas.',
    );
    await user.type(within(dialog).getByLabelText('Dirección (URL)'), 'https://his.example.org/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Créditos bajos' }));
    await user.click(completed);
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    const shown = await screen.findByRole('dialog', { name: 'Webhook registrado' });
    // The form's order, whatever the click order.
    expect(calls(bridge.log, 'webhooks.create')).toEqual([
      { url: 'https://his.example.org/in', events: ['form.completed', 'credits.low'] },
    ]);
    expect(
      within(shown).getByText('Guarda este secreto ahora: no se volverá a mostrar.'),
    ).toBeInTheDocument();
    const field = within(shown).getByLabelText('Secreto de firma');
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    await user.click(within(shown).getByRole('button', { name: 'Copiar el secreto' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByTestId('verify-snippet')).toHaveTextContent('timingSafeEqual');
    expect(VERIFY_SNIPPET).toContain("createHmac('sha256', secret).update(rawBody)");
    await user.click(within(shown).getByRole('button', { name: 'Copiar el ejemplo' }));
    expect(await navigator.clipboard.readText()).toBe(VERIFY_SNIPPET);

    // The cache has the webhook, never the secret.
    expect(cached()).toContain('https://his.example.org/in');
    expect(cached()).not.toContain(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Ya lo he guardado' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(screen.getByRole('row', { name: /his\.example\.org/ })).toBeInTheDocument();
  });

  it("shows the service's URL refusal next to the field, in Spanish", async () => {
    const user = userEvent.setup();
    renderWithApp(<WebhooksScreen />, {
      handlers: handlers({
        webhooks: {
          create: () => {
            throw {
              code: 'validation_failed',
              message: 'url must use https.',
              details: {
                errors: [
                  { pointer: '/url', code: 'https_required', detail: 'url must use https.' },
                ],
              },
            };
          },
        },
      }),
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Registrar webhook' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Dirección (URL)'), 'http://his.example.org');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Paciente creado' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    const url = within(dialog).getByLabelText('Dirección (URL)');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription('La dirección debe empezar por https://.');
    expect(screen.queryByText('url must use https.')).not.toBeInTheDocument();
  });

  it('offers the test receiver as the URL', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<WebhooksScreen />, { handlers: handlers() });
    await screen.findByTestId('receiver-url');
    await user.click(screen.getByRole('button', { name: 'Registrar webhook' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Usar el receptor de pruebas' }));
    expect(within(dialog).getByLabelText('Dirección (URL)')).toHaveValue(RECEIVER_URL);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Paciente creado' }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await screen.findByRole('dialog', { name: 'Webhook registrado' });
    expect(calls(bridge.log, 'webhooks.create')).toEqual([
      { url: RECEIVER_URL, events: ['patient.created'] },
    ]);
  });
});

describe('webhooks screen: the test receiver', () => {
  it('shows its URL and what it received, verified or not, with headers and the body', async () => {
    const user = userEvent.setup();
    renderWithApp(<WebhooksScreen />, {
      handlers: handlers({ received: () => [verifiedRequest, forgedRequest] }),
    });
    const panel = await screen.findByRole('region', { name: 'Receptor de pruebas' });
    expect(await within(panel).findByTestId('receiver-url')).toHaveTextContent(RECEIVER_URL);
    const list = within(panel).getByRole('list', { name: 'Peticiones recibidas' });
    const [good, bad] = within(list).getAllByTestId('received-request');
    expect(within(good!).getByText('Formulario completado')).toBeInTheDocument();
    expect(within(good!).getByText('Firma verificada')).toBeInTheDocument();
    expect(within(good!).getByText('Respondió 200')).toBeInTheDocument();
    expect(within(bad!).getByText('Firma no verificada')).toBeInTheDocument();
    expect(
      within(bad!).getByText('La firma no coincide con el secreto del webhook.'),
    ).toBeInTheDocument();
    expect(within(bad!).getByText('Petición sin evento')).toBeInTheDocument();
    expect(within(bad!).getByText('Respondió 500')).toBeInTheDocument();
    expect(
      within(panel).getByText('2 peticiones recibidas (se guardan las 200 últimas)'),
    ).toBeInTheDocument();

    const toggle = within(good!).getByRole('button', { name: /^Detalle de la petición del / });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(good!).getByText('x-service-signature')).toBeInTheDocument();
    expect(
      within(good!).getByText(verifiedRequest.headers['x-service-signature']!),
    ).toBeInTheDocument();
    // Pretty-printed: one member per line.
    expect(within(good!).getByTestId('received-body').textContent).toContain(
      '\n  "event": "form.completed",\n',
    );
  });

  it('updates live when a request arrives', async () => {
    let received: ReceivedRequest[] = [];
    const { bridge } = renderWithApp(<WebhooksScreen />, {
      handlers: handlers({ received: () => received }),
    });
    expect(
      await screen.findByText(
        'Todavía no ha llegado nada. Lanza un evento o espera a que ocurra uno.',
      ),
    ).toBeInTheDocument();
    received = [verifiedRequest];
    bridge.emit('changed', { topics: ['receiver'] });
    expect(await screen.findByText('Firma verificada')).toBeInTheDocument();
  });

  it('registers a webhook to itself in one click, for every event, and shows the secret once', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<WebhooksScreen />, { handlers: handlers() });
    await user.click(
      await screen.findByRole('button', { name: 'Registrar un webhook en el receptor de pruebas' }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Webhook registrado' });
    expect(within(shown).getByLabelText('Secreto de firma')).toHaveValue(SECRET);
    expect(calls(bridge.log, 'webhooks.create')).toEqual([
      {
        url: RECEIVER_URL,
        events: [
          'patient.created',
          'form.completed',
          'schedule.sent',
          'conversation.ended',
          'call.ended',
          'credits.low',
        ],
      },
    ]);
  });

  it('switches to failing and back, and clears what it received', async () => {
    const user = userEvent.setup();
    let received = [verifiedRequest];
    const { bridge } = renderWithApp(<WebhooksScreen />, {
      handlers: handlers({
        received: () => received,
        receiver: {
          clear: () => {
            received = [];
            return { cleared: 1 };
          },
        },
      }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Responder con error 500' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/ver entregas fallidas/);
    expect(screen.getByText('Responde 200')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText('Falla a propósito')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls(bridge.log, 'receiver.configure')).toEqual([
      { failing: true },
      { failing: false },
    ]);

    await user.click(screen.getByRole('button', { name: 'Vaciar' }));
    expect(await screen.findByText('Se ha vaciado el receptor.')).toBeInTheDocument();
    expect(screen.queryByTestId('received-request')).not.toBeInTheDocument();
  });

  it('says it only exists in sandbox mode when the sandbox is off', async () => {
    renderWithApp(<WebhooksScreen />, { handlers: handlers({ sandbox: false }) });
    expect(
      await screen.findByText(/El receptor de pruebas solo existe en modo sandbox/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('webhooks screen in Catalan', () => {
  it('translates the list, the events and the receiver', async () => {
    renderWithApp(<WebhooksScreen />, {
      language: 'ca',
      handlers: handlers({ received: () => [verifiedRequest, forgedRequest] }),
    });
    const table = await screen.findByRole('table', { name: 'Webhooks registrats' });
    expect(within(table).getByText('Formulari completat')).toBeInTheDocument();
    expect(within(table).getByText('Actiu')).toBeInTheDocument();
    expect(within(table).getByText(/^Desactivat el 20 .*2026$/)).toBeInTheDocument();
    expect(
      within(table).getByText('Es va desactivar perquè van fallar 19 de 20 intents en 24 hores.'),
    ).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Receptor de proves' });
    expect(await within(panel).findByText('Signatura verificada')).toBeInTheDocument();
    expect(within(panel).getByText('Signatura no verificada')).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Respon amb error 500' })).toBeInTheDocument();
  });
});
