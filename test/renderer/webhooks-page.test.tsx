import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookView } from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { WebhookPage } from '../../src-renderer/src/features/webhooks/webhook-page';
import { renderWithApp } from './render-app';
import {
  broken,
  crm,
  deliveredDelivery,
  failedDelivery,
  RECEIVER_URL,
  retried,
} from './webhooks-fixtures';

function deliveriesPage(items: WebhookDelivery[], hasMore = false, cursor = '') {
  return { data: items, pagination: { cursor, hasMore, limit: 20 } };
}

function handlers(
  webhook: WebhookView,
  deliveries: (input: { status?: string; cursor?: string }) => WebhookDelivery[] = () => [
    failedDelivery,
    deliveredDelivery,
  ],
  more: MemoryHandlers['webhooks'] = {},
): MemoryHandlers {
  // As the service: what a change or a retry answered is what it lists afterwards.
  let current = webhook;
  const retriedNow = new Map<string, WebhookDelivery>();
  const { update, retry, ...rest } = more;
  return {
    webhooks: {
      get: () => current,
      deliveries: (input) =>
        deliveriesPage(deliveries(input).map((d) => retriedNow.get(d.eventId) ?? d)),
      ...rest,
      ...(update && { update: async (input) => (current = await update(input)) }),
      ...(retry && {
        retry: async (input) => {
          const delivery = await retry(input);
          retriedNow.set(delivery.eventId, delivery);
          return delivery;
        },
      }),
    },
  };
}

const calls = (log: { name: string; input: unknown }[], name: string) =>
  log.filter((c) => c.name === name).map((c) => c.input);

describe('webhook page', () => {
  it('shows the webhook with its figures and the delivery log, newest first', async () => {
    renderWithApp(<WebhookPage id={crm.id} />, { handlers: handlers(crm) });
    expect(await screen.findByRole('heading', { level: 1, name: crm.url })).toBeInTheDocument();
    expect(screen.getByText('Registrado el 1 oct 2026')).toBeInTheDocument();
    expect(screen.getByText('1 entrega pendiente')).toBeInTheDocument();
    expect(screen.getByText('1 entrega fallida')).toBeInTheDocument();
    const log = screen.getByRole('region', { name: 'Registro de entregas' });
    const [failed, delivered] = await within(log).findAllByTestId('delivery');
    expect(within(failed!).getByText('Formulario completado')).toBeInTheDocument();
    expect(within(failed!).getByText('Fallida')).toBeInTheDocument();
    expect(
      within(failed!).getByText('Se agotaron los reintentos automáticos.'),
    ).toBeInTheDocument();
    expect(within(delivered!).getByText('Entregada')).toBeInTheDocument();
    expect(within(delivered!).getByText(/^Entregada el 24 nov 2026/)).toBeInTheDocument();
    // Only failed deliveries can be retried.
    expect(within(delivered!).queryByRole('button', { name: /Reintentar/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it('shows every attempt with its result, timing, the headers sent and the response', async () => {
    const user = userEvent.setup();
    renderWithApp(<WebhookPage id={crm.id} />, { handlers: handlers(crm) });
    const [failed] = await screen.findAllByTestId('delivery');
    const toggle = within(failed!).getByRole('button', {
      name: /^Intentos de la entrega Formulario completado del /,
    });
    expect(toggle).toHaveTextContent('Ver los 4 intentos');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const attempts = within(failed!).getAllByTestId('attempt');
    expect(attempts).toHaveLength(4);
    const [first, second, third, fourth] = attempts;
    expect(within(first!).getByRole('heading', { name: /^Intento 1/ })).toBeInTheDocument();
    expect(within(first!).getByText('Respondió 500')).toBeInTheDocument();
    expect(within(first!).getByText('35 ms')).toBeInTheDocument();
    expect(within(first!).getByText(/^24 nov 2026/)).toBeInTheDocument();
    expect(within(first!).getByText('x-service-signature')).toBeInTheDocument();
    expect(
      within(first!).getByText(failedDelivery.attempts[0]!.requestHeaders['x-service-signature']!),
    ).toBeInTheDocument();
    expect(within(first!).getByText(/"error": "database down"/)).toBeInTheDocument();
    // The English detail of an HTTP error is said in Spanish instead, not shown.
    expect(within(first!).queryByText(/only a 2xx/)).toBeNull();
    expect(within(second!).getByText('1240 ms')).toBeInTheDocument();
    expect(within(third!).getByText('Sin respuesta en 10 segundos')).toBeInTheDocument();
    expect(within(third!).getByText('Sin respuesta.')).toBeInTheDocument();
    expect(within(fourth!).getByRole('heading', { name: /^Intento 4/ })).toBeInTheDocument();
    expect(within(fourth!).getByText('No se pudo conectar')).toBeInTheDocument();
    // A connection error's technical detail is data, shown as such.
    expect(within(fourth!).getByText(/ECONNREFUSED 10\.0\.0\.5:443/).tagName).toBe('CODE');
    expect(within(failed!).getByText(/"responseId": "resp_1"/)).toBeInTheDocument();
  });

  it('retries a failed delivery and says how it went', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<WebhookPage id={crm.id} />, {
      handlers: handlers(crm, undefined, { retry: () => retried(failedDelivery) }),
    });
    const [failed] = await screen.findAllByTestId('delivery');
    await user.click(
      within(failed!).getByRole('button', {
        name: /^Reintentar la entrega Formulario completado del /,
      }),
    );
    expect(
      await within(failed!).findByText('Reintento correcto: se ha entregado (Respondió 200).'),
    ).toBeInTheDocument();
    expect(calls(bridge.log, 'webhooks.retry')).toEqual([
      { id: crm.id, eventId: failedDelivery.eventId },
    ]);
    expect(within(failed!).getByText('Entregada')).toBeInTheDocument();
    expect(within(failed!).queryByRole('button', { name: /^Reintentar/ })).toBeNull();
    await user.click(within(failed!).getByRole('button', { name: /^Intentos de la entrega/ }));
    expect(within(failed!).getByRole('heading', { name: /^Reintento manual/ })).toBeInTheDocument();
  });

  it('reports a retry that failed, and the service refusing one', async () => {
    const user = userEvent.setup();
    let refuse = false;
    renderWithApp(<WebhookPage id={crm.id} />, {
      handlers: handlers(crm, undefined, {
        retry: () => {
          if (refuse) throw { code: 'webhook_disabled', message: 'Webhook is disabled' };
          const again = retried(failedDelivery, 503);
          const last = again.attempts.at(-1)!;
          return {
            ...failedDelivery,
            attempts: [
              ...failedDelivery.attempts,
              { ...last, succeeded: false, error: 'http_error' },
            ],
          };
        },
      }),
    });
    const [failed] = await screen.findAllByTestId('delivery');
    const retry = within(failed!).getByRole('button', { name: /^Reintentar la entrega/ });
    await user.click(retry);
    expect(
      await within(failed!).findByText('El reintento ha fallado: Respondió 503.'),
    ).toBeInTheDocument();
    expect(within(failed!).getByText('Fallida')).toBeInTheDocument();
    refuse = true;
    await user.click(retry);
    expect(
      await within(failed!).findByText(
        'El webhook está desactivado: reactívalo antes de reintentar.',
      ),
    ).toBeInTheDocument();
  });

  it('filters the log by status and loads more', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<WebhookPage id={crm.id} />, {
      handlers: {
        webhooks: {
          get: () => crm,
          deliveries: (input) =>
            input.status === 'failed'
              ? deliveriesPage([failedDelivery])
              : input.cursor
                ? deliveriesPage([deliveredDelivery])
                : deliveriesPage([failedDelivery], true, 'next-page'),
        },
      },
    });
    expect(await screen.findAllByTestId('delivery')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery')).toHaveLength(2));

    await user.selectOptions(screen.getByLabelText('Estado'), 'Fallida');
    await waitFor(() => expect(screen.getAllByTestId('delivery')).toHaveLength(1));
    expect(calls(bridge.log, 'webhooks.deliveries')).toEqual([
      { id: crm.id, limit: 20 },
      { id: crm.id, limit: 20, cursor: 'next-page' },
      { id: crm.id, limit: 20, status: 'failed' },
    ]);
  });

  it('says so when there are no deliveries yet', async () => {
    renderWithApp(<WebhookPage id={crm.id} />, { handlers: handlers(crm, () => []) });
    expect(
      await screen.findByText(/No hay entregas todavía\. Aparecerán aquí/),
    ).toBeInTheDocument();
  });

  it('edits the events, sending only what changed', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<WebhookPage id={crm.id} />, {
      handlers: handlers(crm, undefined, {
        update: ({ patch }) => ({ ...crm, ...(patch.events ? { events: patch.events } : {}) }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar el webhook' });
    expect(within(dialog).getByLabelText('Dirección (URL)')).toHaveValue(crm.url);
    expect(within(dialog).getByRole('checkbox', { name: 'Paciente creado' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Formulario completado' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Paciente creado' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Llamada terminada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(bridge.log, 'webhooks.update')).toEqual([
      { id: crm.id, patch: { events: ['form.completed', 'call.ended'] } },
    ]);
    expect(screen.getByText('Se han guardado los cambios.')).toBeInTheDocument();
    expect(screen.getByText('Llamada terminada')).toBeInTheDocument();

    // Unticking every event is caught before the service is asked.
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const again = screen.getByRole('dialog');
    await user.click(within(again).getByRole('checkbox', { name: 'Formulario completado' }));
    await user.click(within(again).getByRole('checkbox', { name: 'Llamada terminada' }));
    await user.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    expect(within(again).getByText('Elige al menos un evento.')).toBeInTheDocument();
    expect(calls(bridge.log, 'webhooks.update')).toHaveLength(1);
  });

  it('offers the test receiver in the edit form when opened straight from a link', async () => {
    const user = userEvent.setup();
    renderWithApp(<WebhookPage id={crm.id} />, {
      handlers: {
        ...handlers(crm),
        receiver: {
          url: () => ({ url: RECEIVER_URL, name: 'inbox', failing: false, keep: 200 }),
          list: () => [],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar el webhook' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Usar el receptor de pruebas' }),
    );
    expect(within(dialog).getByDisplayValue(RECEIVER_URL)).toBeInTheDocument();
  });

  it('shows why a webhook was disabled and reactivates it; retry waits for that', async () => {
    const user = userEvent.setup();
    let current = broken;
    const { bridge } = renderWithApp(<WebhookPage id={broken.id} />, {
      handlers: handlers(broken, () => [{ ...failedDelivery, webhookId: broken.id }], {
        get: () => current,
        update: () => {
          const { disabledAt: _a, disabledReason: _r, ...rest } = broken;
          current = {
            ...rest,
            status: 'active',
            stats: { ...broken.stats, disabledBy: undefined as never },
          };
          return current;
        },
      }),
    });
    expect(
      await screen.findByText('Se desactivó porque fallaron 19 de 20 intentos en 24 horas.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Desactivado el 20 nov 2026')).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: /^Reintentar la entrega/ });
    expect(retry).toBeDisabled();
    expect(retry).toHaveAttribute('title', 'Reactiva el webhook para reintentar.');

    await user.click(screen.getByRole('button', { name: 'Reactivar' }));
    expect(
      await screen.findByText('Se ha reactivado https://ehr.example.org/webhooks.'),
    ).toBeInTheDocument();
    expect(calls(bridge.log, 'webhooks.update')).toEqual([
      { id: broken.id, patch: { status: 'active' } },
    ]);
    expect(screen.getByText('Activo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reactivar' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Reintentar la entrega/ })).toBeEnabled();
  });

  it('deletes the webhook after confirming and goes back to the list', async () => {
    const user = userEvent.setup();
    const { bridge, location } = renderWithApp(<WebhookPage id={crm.id} />, {
      path: `/webhooks/${crm.id}`,
      handlers: handlers(crm, undefined, { remove: ({ id }) => ({ id, deleted: true as const }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar el webhook' }),
    );
    await waitFor(() => expect(location.history.at(-1)).toBe('/webhooks'));
    expect(calls(bridge.log, 'webhooks.remove')).toEqual([{ id: crm.id }]);
  });

  it('says when the webhook no longer exists', async () => {
    renderWithApp(<WebhookPage id="wh_gone" />, {
      handlers: {
        webhooks: {
          get: () => {
            throw { code: 'resource_missing', message: "No webhook with id 'wh_gone' exists." };
          },
          deliveries: () => deliveriesPage([]),
        },
      },
    });
    expect(await screen.findByText('Este webhook ya no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Todos los webhooks/ })).toBeInTheDocument();
  });

  it('reads in Catalan', async () => {
    const user = userEvent.setup();
    renderWithApp(<WebhookPage id={broken.id} />, {
      language: 'ca',
      handlers: handlers(broken),
    });
    expect(
      await screen.findByText('Es va desactivar perquè van fallar 19 de 20 intents en 24 hores.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactiva' })).toBeInTheDocument();
    const log = screen.getByRole('region', { name: 'Registre de lliuraments' });
    const [failed] = await within(log).findAllByTestId('delivery');
    expect(within(failed!).getByText('Fallit')).toBeInTheDocument();
    await user.click(within(failed!).getByRole('button', { name: /^Intents del lliurament/ }));
    expect(within(failed!).getByText('Sense resposta en 10 segons')).toBeInTheDocument();
    expect(within(failed!).getAllByText('Capçaleres enviades')).toHaveLength(4);
  });
});
