import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppInfo, OutboxListItem } from '../../src-preload/contract';
import { DeliveriesScreen } from '../../src-renderer/src/features/deliveries/deliveries-screen';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import type { AppStore } from '../../src-renderer/src/stores/app-store';
import { createFakeClinic, JORDI, NURIA } from './deliveries-fixtures';
import { renderWithApp } from './render-app';

const es = createFormatters('es');
const LINK = 'http://127.0.0.1:4010/f/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

const whatsapp: OutboxListItem = {
  id: 'out_1',
  channel: 'whatsapp',
  transport: 'outbox',
  to: '+34612345678',
  body: `Hola Núria, la Clínica Demo te envía el formulario «PHQ-9».\nÁbrelo aquí: ${LINK}\nGracias.`,
  link: LINK,
  scheduleId: 'sch_1',
  patientId: NURIA.id,
  patient: { id: NURIA.id, firstName: NURIA.firstName, lastName: NURIA.lastName },
  formName: 'PHQ-9',
  createdAt: '2026-11-23T10:00:00.000Z',
};
const email: OutboxListItem = {
  id: 'out_2',
  channel: 'email',
  transport: 'smtp',
  to: 'jordi@example.org',
  subject: 'Formulario de la Clínica Demo: Satisfacción',
  body: 'Hola Jordi,\n\nResponde aquí: https://clinica.example/f/xyz\n',
  link: 'https://clinica.example/f/xyz',
  scheduleId: 'sch_2',
  patientId: JORDI.id,
  patient: { id: JORDI.id, firstName: JORDI.firstName, lastName: JORDI.lastName },
  formName: 'Satisfacción',
  createdAt: '2026-11-22T10:00:00.000Z',
};
const notice: OutboxListItem = {
  id: 'out_3',
  channel: 'email',
  transport: 'outbox',
  to: 'clinica@example.org',
  subject: 'Webhook desactivado',
  body: 'Un webhook se ha desactivado.',
  createdAt: '2026-11-21T10:00:00.000Z',
};

function setMode(appStore: AppStore, mode: AppInfo['mode']) {
  appStore.setState({
    info: {
      status: 'ready',
      data: { apiBaseUrl: 'http://127.0.0.1:4010/api/v1', version: '0.1.0', mode },
    },
  });
}

function renderOutbox(mode: AppInfo['mode'] = 'web', language?: 'ca') {
  const user = userEvent.setup();
  const clinic = createFakeClinic({ outbox: [whatsapp, email, notice] });
  const rendered = renderWithApp(<DeliveriesScreen view="outbox" />, {
    handlers: clinic.handlers,
    ...(language ? { language } : {}),
  });
  setMode(rendered.appStore, mode);
  return { user, clinic, ...rendered };
}

describe('the outbox', () => {
  it('shows each message exactly as sent, with its patient, form and a link that opens apart', async () => {
    const { user } = renderOutbox('web');
    const message = await screen.findByRole('article', { name: 'Mensaje a Núria Puig Soler' });
    expect(within(message).getByText('WhatsApp')).toBeInTheDocument();
    expect(within(message).getByRole('link', { name: 'Núria Puig Soler' })).toHaveAttribute(
      'href',
      '/patients/pat_nuria',
    );
    expect(within(message).getByText('+34612345678')).toBeInTheDocument();
    expect(within(message).getByText('PHQ-9')).toBeInTheDocument();
    expect(within(message).getByText(es.dateTime(whatsapp.createdAt))).toBeInTheDocument();
    // The body is the text itself, line breaks included.
    const body = within(message).getByRole('figure', { name: 'Texto del mensaje' });
    expect(body.querySelector('pre')!.textContent).toBe(whatsapp.body);

    const open = within(message).getByRole('link', {
      name: 'Abrir el formulario de Núria Puig Soler en una ventana nueva',
    });
    expect(open).toHaveAttribute('href', LINK);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(
      within(message).getByRole('button', { name: 'Copiar el enlace de Núria Puig Soler' }),
    );
    expect(await navigator.clipboard.readText()).toBe(LINK);

    const mail = screen.getByRole('article', { name: 'Mensaje a Jordi Vidal Mas' });
    expect(
      within(mail).getByText('Formulario de la Clínica Demo: Satisfacción'),
    ).toBeInTheDocument();
    expect(within(mail).getByText('Entregado al servidor de correo')).toBeInTheDocument();
    const clinicNotice = screen.getByRole('article', { name: 'Mensaje a Aviso para la clínica' });
    expect(within(clinicNotice).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Mensajes enviados' }).textContent).not.toMatch(
      /pat_|sch_|out_|\d{4}-\d{2}-\d{2}T/,
    );
  });

  it('in the desktop app, offers a local link to copy, since the window cannot open it', async () => {
    renderOutbox('desktop');
    const message = await screen.findByRole('article', { name: 'Mensaje a Núria Puig Soler' });
    expect(within(message).queryByRole('link', { name: /^Abrir el formulario/ })).toBeNull();
    expect(within(message).getByText(LINK)).toBeInTheDocument();
    expect(within(message).getByText(/no abre enlaces locales/)).toBeInTheDocument();
    expect(
      within(message).getByRole('button', { name: 'Copiar el enlace de Núria Puig Soler' }),
    ).toBeInTheDocument();
    // An https link goes to the system browser.
    const mail = screen.getByRole('article', { name: 'Mensaje a Jordi Vidal Mas' });
    expect(within(mail).getByRole('link', { name: /^Abrir el formulario/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('filters by channel and patient, and refreshes when a delivery goes out', async () => {
    const { user, bridge, clinic } = renderOutbox();
    await screen.findByRole('article', { name: 'Mensaje a Núria Puig Soler' });
    const lastList = () =>
      bridge.log.filter((c) => c.name === 'outbox.list').at(-1)?.input as Record<string, unknown>;
    await user.selectOptions(screen.getByLabelText('Canal'), 'Correo electrónico');
    await waitFor(() => expect(lastList()).toMatchObject({ channel: 'email' }));
    expect(
      await screen.findByRole('article', { name: 'Mensaje a Jordi Vidal Mas' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Mensaje a Núria Puig Soler' })).toBeNull();

    await user.type(screen.getByRole('combobox', { name: 'Paciente' }), 'Jordi');
    await user.click(await screen.findByRole('option', { name: /Jordi Vidal Mas/ }));
    await waitFor(() =>
      expect(lastList()).toMatchObject({ channel: 'email', patientId: 'pat_jordi' }),
    );

    const calls = bridge.log.filter((c) => c.name === 'outbox.list').length;
    clinic.outbox.unshift({ ...email, id: 'out_4', createdAt: '2026-11-24T10:00:00.000Z' });
    bridge.emit('changed', { topics: ['outbox'] });
    await waitFor(() =>
      expect(screen.getAllByRole('article', { name: 'Mensaje a Jordi Vidal Mas' })).toHaveLength(2),
    );
    expect(bridge.log.filter((c) => c.name === 'outbox.list').length).toBe(calls + 1);
  });

  it('says when nothing has left yet, and speaks Catalan', async () => {
    const clinic = createFakeClinic();
    renderWithApp(<DeliveriesScreen view="outbox" />, {
      handlers: clinic.handlers,
      language: 'ca',
    });
    expect(await screen.findByText('Encara no ha sortit cap missatge.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Safata de sortida' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('names the message in Catalan with its link', async () => {
    renderOutbox('web', 'ca');
    const message = await screen.findByRole('article', { name: 'Missatge a Núria Puig Soler' });
    expect(
      within(message).getByRole('link', {
        name: 'Obre el formulari de Núria Puig Soler en una finestra nova',
      }),
    ).toHaveAttribute('href', LINK);
    expect(within(message).getByText('Només a la safata (sandbox)')).toBeInTheDocument();
  });
});
