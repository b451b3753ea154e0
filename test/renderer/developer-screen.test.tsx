import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OpenApiDocument, RequestLogEntry } from '../../src-preload/contract';
import { DeveloperScreen } from '../../src-renderer/src/features/developer/developer-screen';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { renderWithApp } from './render-app';

// Scalar itself is checked in Chromium (test/e2e/developer-notifications.e2e.ts); here a stand-in
// shows what the screen hands it.
vi.mock('../../src-renderer/src/features/developer/scalar-reference', () => ({
  default: (props: { document: OpenApiDocument; baseUrl: string; language: string }) => (
    <div data-testid="scalar">
      {props.language} {props.baseUrl} {Object.keys(props.document.paths).join(' ')}
    </div>
  ),
}));

const BASE = 'http://127.0.0.1:4010/api/v1';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Healthcare Engagement Service', version: '1' },
  paths: {
    '/health': { get: { summary: 'Service health', tags: ['Service'], security: [] } },
    '/patients': {
      get: { summary: 'List patients', tags: ['Patients'], security: [{ bearerAuth: [] }] },
      post: {
        summary: 'Register a patient',
        tags: ['Patients'],
        security: [{ bearerAuth: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['firstName'],
                properties: { firstName: { type: 'string', examples: ['Ana'] } },
              },
            },
          },
        },
      },
    },
  },
};

function entry(seq: number, overrides: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return {
    seq,
    requestId: `req_${seq}`,
    at: '2026-11-24T09:15:42.000Z',
    method: 'GET',
    path: `/api/v1/patients?limit=${seq}`,
    status: 200,
    durationMs: 3.5,
    credential: { keyId: 'key_1', keyName: 'Historia clínica', kind: 'api_key' },
    ...overrides,
  };
}

async function setup(
  options: { language?: AppLanguage; log?: RequestLogEntry[]; handlers?: MemoryHandlers } = {},
) {
  let log = options.log ?? [];
  const rendered = renderWithApp(<DeveloperScreen />, {
    language: options.language ?? 'es',
    path: '/developer',
    handlers: {
      app: { info: () => ({ apiBaseUrl: BASE, version: '0.1.0', mode: 'desktop' }) },
      developer: {
        openapi: () => document,
        requestLog: () => log,
        clearRequestLog: () => {
          const cleared = log.length;
          log = [];
          return { cleared };
        },
      },
      ...options.handlers,
    },
  });
  await act(() => rendered.appStore.getState().start());
  return {
    ...rendered,
    setLog(next: RequestLogEntry[]) {
      log = next;
    },
  };
}

describe('developer screen', () => {
  it('shows the base URL and hands the service document to the reference', async () => {
    const { bridge } = await setup();
    expect(await screen.findByTestId('developer-base-url')).toHaveTextContent(BASE);
    expect(screen.getByText(`${BASE}/openapi.json`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Claves de API' })).toHaveAttribute(
      'href',
      '/keys',
    );
    const reference = await screen.findByRole('region', { name: 'Referencia de la API' });
    expect(reference).toHaveAttribute('translate', 'no');
    expect(await within(reference).findByTestId('scalar')).toHaveTextContent(
      `es ${BASE} /health /patients`,
    );
    expect(bridge.log.filter((c) => c.name === 'developer.openapi')).toHaveLength(1);
  });

  it('moves between tabs with the arrow keys, as tabs do', async () => {
    await setup();
    const user = userEvent.setup();
    const reference = await screen.findByRole('tab', { name: 'Referencia de la API' });
    expect(reference).toHaveAttribute('aria-selected', 'true');
    reference.focus();
    await user.keyboard('{ArrowRight}');
    const curl = screen.getByRole('tab', { name: 'Ejemplos curl' });
    expect(curl).toHaveAttribute('aria-selected', 'true');
    expect(curl).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Ejemplos curl' })).toBeVisible();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Peticiones en directo' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(reference).toHaveAttribute('aria-selected', 'true');
  });

  it('lists a curl per endpoint, filters them and copies one', async () => {
    await setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Ejemplos curl' }));
    const panel = screen.getByRole('tabpanel', { name: 'Ejemplos curl' });
    expect(within(panel).getByRole('status')).toHaveTextContent('3 operaciones');
    expect(within(panel).getByText('Sin clave')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Filtrar operaciones'), 'post patients');
    expect(within(panel).getByRole('status')).toHaveTextContent('1 operación');
    const code = within(panel).getByText(/curl -X POST/);
    expect(code.textContent).toBe(
      `curl -X POST '${BASE}/patients' \\\n  -H "Authorization: Bearer $ENGAGE_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '{"firstName":"Ana"}'`,
    );
    await user.click(within(panel).getByRole('button', { name: 'Copiar curl de POST /patients' }));
    expect(await navigator.clipboard.readText()).toBe(code.textContent);
    await user.clear(within(panel).getByLabelText('Filtrar operaciones'));
    await user.type(within(panel).getByLabelText('Filtrar operaciones'), 'DELETE');
    expect(within(panel).getByText('Ninguna operación coincide con «DELETE».')).toBeInTheDocument();
  });

  it('shows the live log newest first, with names, statuses and durations, and follows pushes', async () => {
    const { bridge } = await setup({
      log: [
        entry(3, { status: 404, path: '/api/v1/patients/pat_x', durationMs: 1.25 }),
        entry(2, { credential: { keyId: 'key_2', keyName: 'CRM', kind: 'jwt' } }),
        entry(1, { credential: undefined, status: 401, path: '/api/v1/patients' }),
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Peticiones en directo' }));
    const table = await screen.findByRole('table', { name: 'Peticiones recibidas' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('/api/v1/patients/pat_x404'),
      expect.stringContaining('CRM (con token de acceso)'),
      expect.stringContaining('Sin credencial'),
    ]);
    expect(rows()[0]).toHaveTextContent('1,25 ms');
    expect(rows()[0]).toHaveTextContent('Historia clínica');
    // A time of day with seconds, never the raw timestamp.
    expect(within(rows()[0]!).getByText(/^\d{1,2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(table).not.toHaveTextContent('2026-11-24T09:15:42.000Z');
    expect(screen.getByText('En directo')).toBeInTheDocument();

    act(() => bridge.emit('request.logged', { entries: [entry(5), entry(4)] }));
    await waitFor(() =>
      expect(rows().map((r) => r.textContent?.includes('limit=5'))).toEqual([
        true,
        false,
        false,
        false,
        false,
      ]),
    );
    expect(rows()).toHaveLength(5);
    // A push repeating what is shown adds nothing.
    act(() => bridge.emit('request.logged', { entries: [entry(4)] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rows()).toHaveLength(5);
  });

  it('pauses (counting what it lets pass), resumes from the service, and clears', async () => {
    const { bridge, setLog } = await setup({ log: [entry(1)] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Peticiones en directo' }));
    const table = await screen.findByRole('table', { name: 'Peticiones recibidas' });
    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(screen.getByRole('button', { name: 'Reanudar' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      screen.getByText('En pausa: las peticiones nuevas no se muestran hasta que reanudes.'),
    ).toBeInTheDocument();
    act(() => bridge.emit('request.logged', { entries: [entry(3), entry(2)] }));
    expect(screen.getByText('En pausa: 2 peticiones nuevas sin mostrar.')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    setLog([entry(3), entry(2), entry(1)]);
    await user.click(screen.getByRole('button', { name: 'Reanudar' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByText('En directo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vaciar' }));
    expect(await screen.findByText('Todavía no ha llegado ninguna petición')).toBeInTheDocument();
    expect(screen.getByText('Se ha vaciado el registro.')).toBeInTheDocument();
    expect(bridge.log.filter((c) => c.name === 'developer.clearRequestLog')).toHaveLength(1);
  });

  it('says why the reference is missing and retries', async () => {
    let fail = true;
    await setup({
      handlers: {
        developer: {
          openapi: () => {
            if (fail) throw { code: 'internal_error', message: 'boom' };
            return document;
          },
          requestLog: () => [],
          clearRequestLog: () => ({ cleared: 0 }),
        },
      },
    });
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se ha podido cargar');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('scalar')).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    await setup({ language: 'ca', log: [entry(1, { credential: undefined })] });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Desenvolupadors' })).toBeInTheDocument();
    expect(await screen.findByTestId('scalar')).toHaveTextContent(/^ca /);
    await user.click(screen.getByRole('tab', { name: 'Peticions en directe' }));
    const table = await screen.findByRole('table', { name: 'Peticions rebudes' });
    expect(within(table).getByRole('columnheader', { name: 'Durada' })).toBeInTheDocument();
    expect(within(table).getByText('Sense credencial')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Exemples curl' }));
    expect(
      screen.getByRole('button', { name: 'Copia el curl de GET /health' }),
    ).toBeInTheDocument();
  });
});
