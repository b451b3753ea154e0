import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InboxItem, InputOf } from '../../src-preload/contract';
import { inboxGroup } from '../../src-renderer/src/features/responses/inbox-day';
import { InboxScreen } from '../../src-renderer/src/features/responses/inbox-screen';
import { renderWithApp } from './render-app';

const NOW = '2026-11-26T10:00:00.000Z'; // a Thursday

function item(id: string, completedAt: string, read: boolean, lastName: string): InboxItem {
  return {
    id,
    formId: 'form_phq9',
    formName: 'PHQ-9',
    patientId: `pat_${id}`,
    patient: { id: `pat_${id}`, firstName: 'Ana', lastName },
    responses: [],
    completedAt,
    read,
    scores: [],
  };
}

describe('inboxGroup', () => {
  it('groups by the calendar day of the window, the week starting on Monday', () => {
    const now = new Date(2026, 10, 26, 10).getTime(); // Thursday, local time
    const at = (d: number, h: number) => new Date(2026, 10, d, h).toISOString();
    expect(inboxGroup(at(26, 0), now)).toBe('today');
    expect(inboxGroup(at(25, 23), now)).toBe('yesterday');
    expect(inboxGroup(at(24, 9), now)).toBe('thisWeek');
    expect(inboxGroup(at(23, 12), now)).toBe('thisWeek'); // Monday
    expect(inboxGroup(at(22, 12), now)).toBe('earlier'); // Sunday before
  });
});

describe('the responses inbox', () => {
  it('groups what came back by day, says what is unread, and marks read', async () => {
    const rows = [
      item('r1', '2026-11-26T09:00:00.000Z', false, 'Puig'),
      item('r2', '2026-11-25T12:00:00.000Z', true, 'Roca'),
      item('r3', '2026-11-10T12:00:00.000Z', false, 'Serra'),
    ];
    const marked: InputOf<'responses', 'mark'>[] = [];
    const { appStore } = renderWithApp(<InboxScreen />, {
      handlers: {
        forms: {
          list: () => ({ data: [], pagination: { cursor: '', hasMore: false, limit: 100 } }),
        },
        responses: {
          inbox: (input) => {
            const data = input.unread ? rows.filter((r) => !r.read) : rows;
            return {
              data,
              pagination: { cursor: '', hasMore: false, limit: 25 },
              unread: rows.filter((r) => !r.read).length,
            };
          },
          mark: (input) => {
            marked.push(input);
            for (const r of rows) if (input.ids.includes(r.id)) r.read = input.read;
            return { changed: input.ids.length };
          },
        },
      },
    });
    appStore.setState({
      clock: { now: NOW, offsetSeconds: (Date.parse(NOW) - Date.now()) / 1000 },
      clockAt: Date.now(),
    });
    expect(await screen.findByText('2 sin leer')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Hoy' });
    expect(within(today).getByRole('link', { name: /Nueva: Ana Puig/ })).toHaveAttribute(
      'href',
      '/responses/r1',
    );
    expect(screen.getByRole('region', { name: 'Ayer' })).toHaveTextContent('Ana Roca');
    expect(screen.getByRole('region', { name: 'Antes' })).toHaveTextContent('Ana Serra');
    const user = userEvent.setup();
    await user.click(within(today).getByRole('button', { name: 'Marcar como leída' }));
    await waitFor(() => expect(marked).toEqual([{ ids: ['r1'], read: true }]));
    expect(await screen.findByText('1 sin leer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar las mostradas como leídas' }));
    await waitFor(() => expect(marked.at(-1)).toEqual({ ids: ['r3'], read: true }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mostrar' }), 'unread');
    expect(await screen.findByText('No hay respuestas sin leer.')).toBeInTheDocument();
  });
});
