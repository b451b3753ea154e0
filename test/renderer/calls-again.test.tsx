import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallView } from '../../src-preload/contract';
import { CallPage } from '../../src-renderer/src/features/calls/call-page';
import { call, completed } from './calls-fixtures';
import { PRICES } from './deliveries-fixtures';
import { renderWithApp } from './render-app';

/** "Call again" on a failed call (issue 19): a new call now, same purpose and language. */
describe('calls: calling again after a failed call', () => {
  it('confirms with the reservation, places the same call and opens it', async () => {
    const user = userEvent.setup();
    const failed = call('call_1', {
      status: 'failed',
      failureReason: 'no_answer',
      failedAt: '2026-11-22T10:00:48.000Z',
    });
    const again = completed('call_2');
    const { bridge, location } = renderWithApp(<CallPage id="call_1" />, {
      handlers: {
        calls: {
          get: ({ id }: { id: string }): CallView => (id === 'call_1' ? failed : again),
          start: () => again,
        },
        credits: { prices: () => PRICES },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Llamar de nuevo' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Llamar de nuevo a Núria Puig Soler?',
    });
    expect(
      within(dialog).getByText('Se reservan 5 créditos; si no contesta, no cuesta nada.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Llamar ahora' }));
    expect(bridge.log.filter((c) => c.name === 'calls.start')).toEqual([
      {
        name: 'calls.start',
        input: { patientId: failed.patientId, purpose: failed.purpose, language: failed.language },
      },
    ]);
    await waitFor(() => expect(location.history.at(-1)).toBe('/calls/call_2'));
  });

  it('offers nothing on a call that did not fail', async () => {
    renderWithApp(<CallPage id="call_1" />, {
      handlers: { calls: { get: () => completed('call_1') } },
    });
    await screen.findByRole('heading', { name: /Llamada a Núria Puig Soler/ });
    expect(screen.queryByRole('button', { name: 'Llamar de nuevo' })).not.toBeInTheDocument();
  });
});
