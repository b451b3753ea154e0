import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AlertView, Notification, OutputOf } from '../../src-preload/contract';
import { useBridge } from '../../src-renderer/src/app/app-context';
import { shouldRetry } from '../../src-renderer/src/app/query-client';
import { AsyncView } from '../../src-renderer/src/ui/states';
import { BridgeFailure } from '../../src-renderer/src/bridge/bridge';
import {
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../src-renderer/src/data/bridge-query';
import { dataKey, showsAny, topicsOf } from '../../src-renderer/src/data/query-keys';
import { AlertsScreen } from '../../src-renderer/src/features/alerts/alerts-screen';
import { NotificationsScreen } from '../../src-renderer/src/features/notifications/notifications-screen';
import { alertsFake, chatEmergency } from './alerts-fixtures';
import { escalated, notificationsFake } from './notifications-fixtures';
import { deferred, makePatient } from './patients-fixtures';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { renderWithApp } from './render-app';

type PatientPage = OutputOf<'patients', 'list'>;

const calls = (log: { name: string; input: unknown }[], name: string) =>
  log.filter((c) => c.name === name).map((c) => c.input);

/** `n` notifications, newest first. */
function notifications(n: number): Notification[] {
  return Array.from({ length: n }, (_, i) => ({ ...escalated, id: `ntf_${n - i}` }));
}

describe('query keys', () => {
  it('start with the topics they show', () => {
    const key = dataKey(['patients', 'calls'], 'patients.timeline', { id: 'pat_1' });
    expect(key).toEqual([['patients', 'calls'], 'patients.timeline', { id: 'pat_1' }]);
    expect(topicsOf(key)).toEqual(['patients', 'calls']);
    expect(showsAny(key, ['calls'])).toBe(true);
    expect(showsAny(key, ['keys'])).toBe(false);
    expect(topicsOf(['something', 'else'])).toEqual([]);
  });
});

describe('topic invalidation', () => {
  function Probe() {
    const bridge = useBridge();
    const keys = useQuery(operationQuery(bridge, ['keys'], 'keys', 'list'));
    const unread = useQuery(
      operationQuery(bridge, ['notifications'], 'notifications', 'unreadCount'),
    );
    const timeline = useQuery(
      operationQuery(bridge, ['patients', 'calls'], 'patients', 'timeline', { id: 'pat_1' }),
    );
    return (
      <p>
        {keys.data ? 'keys' : ''} {unread.data ? 'unread' : ''} {timeline.data ? 'timeline' : ''}
      </p>
    );
  }

  /** Renders `ui` (showing the Probe) and counts the Probe's reads once it shows everything. */
  async function renderProbe(ui: ReactNode, handlers: MemoryHandlers = {}) {
    const { bridge } = renderWithApp(ui, {
      handlers: {
        ...handlers,
        keys: { list: () => [], ...handlers.keys },
        notifications: { unreadCount: () => ({ unread: 0 }) },
        patients: { timeline: () => [] },
      },
    });
    expect(await screen.findByText('keys unread timeline')).toBeInTheDocument();
    const count = () => ({
      keys: calls(bridge.log, 'keys.list').length,
      unread: calls(bridge.log, 'notifications.unreadCount').length,
      timeline: calls(bridge.log, 'patients.timeline').length,
    });
    return { bridge, count };
  }

  it('reads again exactly the queries of the topics a pushed change names', async () => {
    const { bridge, count } = await renderProbe(<Probe />);
    expect(count()).toEqual({ keys: 1, unread: 1, timeline: 1 });

    act(() => bridge.emit('changed', { topics: ['keys'] }));
    await waitFor(() => expect(count()).toEqual({ keys: 2, unread: 1, timeline: 1 }));

    // A query showing several topics follows each of them; a topic nobody shows reads nothing.
    act(() => bridge.emit('changed', { topics: ['calls', 'webhooks'] }));
    await waitFor(() => expect(count()).toEqual({ keys: 2, unread: 1, timeline: 2 }));
    act(() => bridge.emit('changed', { topics: ['forms'] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(count()).toEqual({ keys: 2, unread: 1, timeline: 2 });
  });

  it("reads again what the window's own write changed, as its answer says, without a push", async () => {
    let refuse = false;
    function Writer() {
      const bridge = useBridge();
      return (
        <>
          <Probe />
          <button onClick={() => void bridge.keys.revoke({ id: 'key_1' })}>revoke</button>
          <button onClick={() => void bridge.calls.get({ id: 'call_1' })}>read</button>
        </>
      );
    }
    const { bridge, count } = await renderProbe(<Writer />, {
      keys: {
        revoke: () => {
          if (refuse) throw { code: 'resource_missing', message: 'No key' };
          return { id: 'key_1' } as never;
        },
      },
      calls: { get: () => ({ id: 'call_1' }) as never },
    });
    // The revoke answers `changed: ['keys']` (as the service does): only the keys are read again.
    await userEvent.click(screen.getByRole('button', { name: 'revoke' }));
    await waitFor(() => expect(count()).toEqual({ keys: 2, unread: 1, timeline: 1 }));
    // A read changes nothing, and a refused write changed nothing: nothing is read again.
    await userEvent.click(screen.getByRole('button', { name: 'read' }));
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'revoke' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(bridge.log, 'keys.revoke')).toHaveLength(2);
    expect(count()).toEqual({ keys: 2, unread: 1, timeline: 1 });
  });
});

describe('stale answers', () => {
  function Search(props: { search: string; next?: string }) {
    const [search, setSearch] = useState(props.search);
    const list = useQuery(
      operationQuery(useBridge(), ['patients'], 'patients', 'list', { search }),
    );
    return (
      <>
        <p data-testid="names">{list.data?.data.map((p) => p.firstName).join(',')}</p>
        <button type="button" onClick={() => setSearch(props.next ?? search)}>
          type
        </button>
      </>
    );
  }

  const page = (name: string): PatientPage => ({
    data: [makePatient(1, { firstName: name })],
    pagination: { cursor: '', hasMore: false, limit: 20 },
    total: 1,
  });

  it('an older, slower answer never overwrites a newer one', async () => {
    const slow = deferred<PatientPage>();
    const fast = deferred<PatientPage>();
    const answers = [slow.promise, fast.promise];
    renderWithApp(<Search search="an" next="ana" />, {
      handlers: { patients: { list: () => answers.shift()! } },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'type' }));
    fast.resolve(page('Ana'));
    await waitFor(() => expect(screen.getByTestId('names')).toHaveTextContent('Ana'));
    slow.resolve(page('Andrés'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('names')).toHaveTextContent(/^Ana$/);
  });

  it('a read overtaken by a newer read of the same data is dropped', async () => {
    const first = deferred<PatientPage>();
    const answers: (PatientPage | Promise<PatientPage>)[] = [first.promise, page('Nueva')];
    const { bridge } = renderWithApp(<Search search="" />, {
      handlers: { patients: { list: () => answers.shift()! } },
    });
    // A change is pushed while the first read is still under way: it is read again.
    act(() => bridge.emit('changed', { topics: ['patients'] }));
    await waitFor(() => expect(screen.getByTestId('names')).toHaveTextContent('Nueva'));
    first.resolve(page('Vieja'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('names')).toHaveTextContent(/^Nueva$/);
  });
});

describe('keyset lists', () => {
  function List() {
    const list = usePagedList(
      pagedOperation(useBridge(), ['notifications'], 'notifications', 'list', { limit: 20 }),
    );
    return (
      <>
        <p data-testid="count">{list.data?.length ?? 'loading'}</p>
        {list.hasMore && (
          <button type="button" onClick={list.loadMore}>
            more
          </button>
        )}
      </>
    );
  }

  it('load more appends the next page by its cursor and stops when hasMore is false', async () => {
    const fake = notificationsFake(notifications(45));
    const { bridge } = renderWithApp(<List />, { handlers: fake.handlers });
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('20'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('40'));
    await user.click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('45'));
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
    expect(calls(bridge.log, 'notifications.list')).toEqual([
      { limit: 20 },
      { limit: 20, cursor: '20' },
      { limit: 20, cursor: '40' },
    ]);
  });

  it('reads every page shown again on a change, a row that moved pages shown once', async () => {
    const fake = notificationsFake(notifications(30));
    const { bridge } = renderWithApp(<List />, { handlers: fake.handlers });
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('20'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'more' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('30'));
    // A new one at the top pushes the 20th onto the second page.
    fake.add({ ...escalated, id: 'ntf_new' });
    act(() => bridge.emit('changed', { topics: ['notifications'] }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('31'));
    expect(calls(bridge.log, 'notifications.list').slice(2)).toEqual([
      { limit: 20 },
      { limit: 20, cursor: '20' },
    ]);
  });
});

describe('optimistic writes', () => {
  it('an acknowledged alert shows so at once, and goes back when the service refuses', async () => {
    const fake = alertsFake([chatEmergency]);
    // The service answers when the test says, with a refusal (someone resolved it meanwhile).
    let refuse!: () => void;
    fake.handlers.alerts!.acknowledge = () =>
      new Promise<AlertView>((_, reject) => {
        refuse = () => reject({ code: 'alert_resolved', message: 'already resolved' });
      });
    renderWithApp(<AlertsScreen />, { handlers: fake.handlers, path: '/alerts' });
    const item = await screen.findByTestId('alert-item');
    expect(within(item).getByRole('heading')).toHaveTextContent('Abierta');
    const user = userEvent.setup();
    await user.click(
      within(item).getByRole('button', { name: 'Marcar como vista la alerta de Marta Vidal Puig' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Marcar la alerta como vista' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como vista' }));
    // Before the service answers, the list already says so.
    await waitFor(() =>
      expect(within(screen.getByTestId('alert-item')).getByRole('heading')).toHaveTextContent(
        'Vista',
      ),
    );
    await act(async () => refuse());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Alguien ya la había resuelto.',
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('alert-item')).getByRole('heading')).toHaveTextContent(
        'Abierta',
      ),
    );
  });
  it('a notification marked read shows so at once, and is unread again when refused', async () => {
    const fake = notificationsFake([escalated]);
    let refuse!: () => void;
    fake.handlers.notifications!.markRead = () =>
      new Promise<{ id: string }>((_, reject) => {
        refuse = () => reject({ code: 'internal_error', message: 'boom' });
      });
    renderWithApp(<NotificationsScreen />, { handlers: fake.handlers, path: '/notifications' });
    const item = await screen.findByRole('article');
    expect(within(item).getByText('Sin leer')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(
        within(item).getByRole('button', { name: 'Marcar como leído: Conversación escalada' }),
      );
    await waitFor(() => expect(within(item).queryByText('Sin leer')).toBeNull());
    await act(async () => refuse());
    expect(await within(item).findByText('Sin leer')).toBeInTheDocument();
    expect(within(item).getByRole('alert')).toHaveTextContent('Error interno del servicio.');
  });
});

describe('retries', () => {
  function One() {
    const query = useQuery(operationQuery(useBridge(), ['keys'], 'keys', 'list'));
    return <p>{query.error ? query.error.code : query.data ? 'ok' : 'loading'}</p>;
  }

  it('a 4xx-style refusal is not retried: its error shows at once', async () => {
    const { bridge } = renderWithApp(<One />, {
      handlers: {
        keys: {
          list: () => {
            throw { code: 'resource_missing', message: 'gone' };
          },
        },
      },
    });
    expect(await screen.findByText('resource_missing')).toBeInTheDocument();
    // Longer than the first retry's delay.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls(bridge.log, 'keys.list')).toHaveLength(1);
  });

  it('only a service that could not be reached is tried again', async () => {
    expect(shouldRetry(0, new BridgeFailure({ code: 'validation_failed', message: '' }))).toBe(
      false,
    );
    expect(shouldRetry(0, new BridgeFailure({ code: 'resource_missing', message: '' }))).toBe(
      false,
    );
    expect(shouldRetry(0, new BridgeFailure({ code: 'internal_error', message: '' }))).toBe(false);
    expect(shouldRetry(0, new BridgeFailure({ code: 'service_unreachable', message: '' }))).toBe(
      true,
    );
    expect(shouldRetry(2, new BridgeFailure({ code: 'service_unreachable', message: '' }))).toBe(
      false,
    );

    let failures = 1;
    const { bridge } = renderWithApp(<One />, {
      handlers: {
        keys: {
          list: () => {
            if (failures-- > 0) throw { code: 'service_unreachable', message: 'down' };
            return [];
          },
        },
      },
    });
    expect(await screen.findByText('ok', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls(bridge.log, 'keys.list')).toHaveLength(2);
  });

  it('a service that stopped answering: its rows go, it says so in words, and they come back with it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let down = false;
      function Keys() {
        const query = useQuery(operationQuery(useBridge(), ['keys'], 'keys', 'list'));
        return (
          <AsyncView state={query}>
            {(keys) => <p>{keys.map((k) => k.name).join(', ')}</p>}
          </AsyncView>
        );
      }
      const { bridge } = renderWithApp(<Keys />, {
        handlers: {
          keys: {
            list: () => {
              if (down)
                throw {
                  code: 'service_unreachable',
                  message: 'The Engage Desk service cannot be reached.',
                };
              return [{ id: 'key_1', name: 'Recepción' }] as never;
            },
          },
        },
      });
      expect(await screen.findByText('Recepción')).toBeInTheDocument();
      down = true;
      act(() => bridge.emit('changed', { topics: ['keys'] }));
      // After its two quick retries, the screen says the service is not answering, in Spanish,
      // and no longer shows the rows it read before.
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(await screen.findByText(/El servicio de Engage Desk no responde/)).toBeInTheDocument();
      expect(screen.queryByText('Recepción')).not.toBeInTheDocument();
      expect(screen.queryByText(/cannot be reached/)).not.toBeInTheDocument();
      // It keeps trying by itself; when the service answers again, the rows are back.
      down = false;
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(await screen.findByText('Recepción')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
