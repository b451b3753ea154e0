import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallPage } from '../../src-renderer/src/features/calls/call-page';
import { ResponsePage } from '../../src-renderer/src/features/responses/response-page';
import { completed } from './calls-fixtures';
import { renderWithApp } from './render-app';
import { detail } from './responses-fixtures';

/** A response and a call transcript print like the patient summary: window.print and @media print. */

afterEach(() => vi.restoreAllMocks());

describe('print', () => {
  it('prints a response', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderWithApp(<ResponsePage id={detail.id} />, {
      path: '/responses/x',
      handlers: { responses: { get: () => detail } },
    });
    await user.click(await screen.findByRole('button', { name: 'Imprimir respuesta' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints a call transcript, in Catalan too', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderWithApp(<CallPage id="call_1" />, {
      language: 'ca',
      handlers: { calls: { get: () => completed('call_1') } },
    });
    await user.click(await screen.findByRole('button', { name: 'Imprimeix la transcripció' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
