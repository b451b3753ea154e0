import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Patient, TimelineItem } from '../../src-preload/contract';
import { PatientPage } from '../../src-renderer/src/features/patients/patient-page';
import { makePatient } from './patients-fixtures';
import { renderWithApp } from './render-app';

const patient: Patient = makePatient(12, {
  firstName: 'Núria',
  lastName: 'Puig',
  email: 'nuria@example.org',
  phone: '+34612345678',
  dateOfBirth: '1980-02-14',
  tags: ['diabetes', 'seguimiento'],
  metadata: {
    preferredLanguage: 'ca',
    mrn: 'HC-48213',
    primaryPhysician: 'Dra. Elena Vidal Puig',
    whatsappConsent: true,
  },
});

const base = { patientId: patient.id, language: 'es' as const };

const timeline: TimelineItem[] = [
  {
    kind: 'response',
    at: '2026-11-21T10:05:00.000Z',
    formName: 'PHQ-9',
    response: {
      id: 'resp_1',
      formId: 'form_phq9',
      patientId: patient.id,
      scheduleId: 'sch_1',
      responses: [
        { fieldId: 'q1', value: 2 },
        { fieldId: 'q2', value: 1 },
        { fieldId: 'q3', value: 'a veces' },
      ],
      completedAt: '2026-11-21T10:05:00.000Z',
    },
    scores: [{ instrument: 'phq9', total: 12, band: 'moderate', answered: 9, items: 9, max: 27 }],
  },
  {
    kind: 'schedule',
    at: '2026-11-20T09:00:00.000Z',
    formName: 'PHQ-9',
    schedule: {
      ...base,
      id: 'sch_1',
      formId: 'form_phq9',
      channel: 'whatsapp',
      status: 'sent',
      scheduledAt: '2026-11-20T09:00:00.000Z',
      sentAt: '2026-11-20T09:00:02.000Z',
      creditsConsumed: 1,
      createdAt: '2026-11-19T12:00:00.000Z',
    },
  },
  {
    kind: 'schedule',
    at: '2026-11-16T09:00:00.000Z',
    formName: 'GAD-7',
    schedule: {
      ...base,
      id: 'sch_2',
      formId: 'form_gad7',
      channel: 'email',
      status: 'failed',
      scheduledAt: '2026-11-16T09:00:00.000Z',
      failedAt: '2026-11-16T09:00:03.000Z',
      failureReason: 'email_bounced',
      creditsConsumed: 1,
      creditsRefunded: 1,
      createdAt: '2026-11-15T12:00:00.000Z',
    },
  },
  {
    kind: 'conversation',
    at: '2026-10-12T16:00:00.000Z',
    conversation: {
      ...base,
      id: 'conv_1',
      context: 'Seguimiento tras el alta',
      status: 'ended',
      messageCount: 3,
      lastMessageAt: '2026-10-12T16:04:00.000Z',
      escalated: true,
      escalatedAt: '2026-10-12T16:03:00.000Z',
      creditsConsumed: 11,
      createdAt: '2026-10-12T16:00:00.000Z',
      endedAt: '2026-10-12T16:34:00.000Z',
      endReason: 'inactivity',
    },
  },
  {
    kind: 'call',
    at: '2026-10-05T11:00:00.000Z',
    call: {
      ...base,
      id: 'call_1',
      status: 'completed',
      purpose: 'Control postoperatorio de rodilla',
      duration: 125,
      creditsConsumed: 15,
      answeredAt: '2026-10-05T11:00:10.000Z',
      createdAt: '2026-10-05T11:00:00.000Z',
      completedAt: '2026-10-05T11:02:15.000Z',
    },
  },
  {
    kind: 'call',
    at: '2026-09-03T11:00:00.000Z',
    call: {
      ...base,
      id: 'call_2',
      status: 'failed',
      purpose: 'Recordatorio de cita',
      duration: 0,
      creditsConsumed: 0,
      failureReason: 'no_answer',
      failedAt: '2026-09-03T11:01:00.000Z',
      createdAt: '2026-09-03T11:00:00.000Z',
    },
  },
];

function sentences(): string[] {
  return screen
    .getAllByTestId('timeline-item')
    .map((li) => li.querySelector('.patients-timeline-sentence')!.textContent!);
}

describe('patient page', () => {
  it('shows the header, the details and the timeline sentences in Spanish', async () => {
    renderWithApp(<PatientPage id={patient.id} />, {
      handlers: { patients: { get: () => patient, timeline: () => timeline } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Núria Puig/ })).toHaveTextContent(
      'Activo',
    );
    expect(screen.getByRole('link', { name: /Volver a pacientes/ })).toHaveAttribute(
      'href',
      '/patients',
    );
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Datos' });
    expect(details).toHaveTextContent('+34612345678');
    expect(details).toHaveTextContent('nuria@example.org');
    expect(details).toHaveTextContent(/14 feb 1980 \(\d+ años\)/);
    expect(details).toHaveTextContent('Catalán');
    expect(details).toHaveTextContent('seguimiento');
    expect(details).toHaveTextContent('10 ene 2026');
    expect(details).not.toHaveTextContent(patient.createdAt);

    await waitFor(() => expect(screen.getAllByTestId('timeline-item')).toHaveLength(6));
    expect(sentences()).toEqual([
      'Respuesta: Respondió «PHQ-9» · 3 respuestas 12 · Moderada',
      'Envío de formulario: Formulario «PHQ-9» enviado por WhatsApp',
      'Envío de formulario: Formulario «GAD-7» no enviado por correo electrónico · el correo ha sido rechazado',
      'Conversación: Conversación con el asistente (3 mensajes) · finalizada por inactividad Escalada',
      'Llamada: Llamada de 2 min · completada',
      'Llamada: Llamada no contestada',
    ]);
    const months = within(screen.getByRole('region', { name: 'Actividad del paciente' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(months).toEqual(['Noviembre de 2026', 'Octubre de 2026', 'Septiembre de 2026']);
    expect(screen.getByText('Control postoperatorio de rodilla')).toBeInTheDocument();
    // A response, a chat and a call open their own page; a delivery has none.
    const links = screen
      .getAllByTestId('timeline-item')
      .map((li) => li.querySelector('a')?.getAttribute('href') ?? null);
    expect(links).toEqual([
      '/responses/resp_1',
      null,
      null,
      '/chats/conv_1',
      expect.stringMatching(/^\/calls\/call_/),
      expect.stringMatching(/^\/calls\/call_/),
    ]);
    const time = screen.getAllByTestId('timeline-item')[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2026-11-21T10:05:00.000Z');
    expect(time.textContent).toMatch(/21 nov 2026/);
  });

  it('shows the alerts raised for the patient, with their state and a link to their cause', async () => {
    const alert = (
      id: string,
      priority: 'urgent' | 'review',
      state: 'open' | 'acknowledged' | 'resolved',
      at: string,
    ): TimelineItem => ({
      kind: 'alert',
      at,
      alert: {
        id,
        patientId: patient.id,
        source: { type: 'conversation', id: 'conv_1' },
        priority,
        reason: 'Emergency in a chat: chest pain.',
        reasonCode: priority === 'urgent' ? 'chat_emergency' : 'chat_for_team',
        signs: priority === 'urgent' ? ['chest_pain'] : [],
        detail: {},
        state,
        raisedAt: at,
        updatedAt: at,
      },
    });
    renderWithApp(<PatientPage id={patient.id} />, {
      handlers: {
        patients: {
          get: () => patient,
          timeline: () => [
            alert('alert_2', 'urgent', 'open', '2026-11-21T10:00:00.000Z'),
            alert('alert_1', 'review', 'resolved', '2026-11-02T10:00:00.000Z'),
          ],
        },
        alerts: { ofPatient: () => [] },
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('timeline-item')).toHaveLength(2));
    const [urgent, review] = screen.getAllByTestId('timeline-item') as [HTMLElement, HTMLElement];
    expect(urgent).toHaveTextContent(
      /Alerta: Urgente · Urgencia vital en un chat: dolor en el pecho.*Abierta/,
    );
    expect(urgent).toHaveClass('patients-timeline-failed');
    expect(within(urgent).getByRole('link')).toHaveAttribute('href', '/chats/conv_1');
    expect(review).toHaveTextContent(/Alerta: Para revisar · .*Resuelta/);
    expect(review).not.toHaveClass('patients-timeline-failed');
  });

  it('writes the timeline in Catalan', async () => {
    renderWithApp(<PatientPage id={patient.id} />, {
      language: 'ca',
      handlers: { patients: { get: () => patient, timeline: () => timeline } },
    });
    await waitFor(() => expect(screen.getAllByTestId('timeline-item')).toHaveLength(6));
    expect(sentences()).toEqual([
      'Resposta: Ha respost «PHQ-9» · 3 respostes 12 · Moderada',
      'Enviament de formulari: Formulari «PHQ-9» enviat per WhatsApp',
      'Enviament de formulari: Formulari «GAD-7» no enviat per correu electrònic · el correu ha estat rebutjat',
      "Conversa: Conversa amb l'assistent (3 missatges) · finalitzada per inactivitat Escalada",
      'Trucada: Trucada de 2 min · completada',
      'Trucada: Trucada no contestada',
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Actiu');
    expect(screen.getByRole('link', { name: /Torna als pacients/ })).toBeInTheDocument();
  });

  it('says when the patient has no activity yet', async () => {
    renderWithApp(<PatientPage id={patient.id} />, {
      handlers: { patients: { get: () => patient, timeline: () => [] } },
    });
    expect(
      await screen.findByText('Este paciente todavía no tiene actividad.'),
    ).toBeInTheDocument();
  });

  it('says the patient does not exist on a 404, with a way back', async () => {
    renderWithApp(<PatientPage id="pat_missing" />, {
      handlers: {
        patients: {
          get: () => {
            throw { code: 'resource_missing', message: "No patient with id 'pat_missing'." };
          },
          timeline: () => {
            throw { code: 'resource_missing', message: "No patient with id 'pat_missing'." };
          },
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este paciente no existe' }),
    ).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /Volver a pacientes/ });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/patients');
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it('shows other failures with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderWithApp(<PatientPage id={patient.id} />, {
      handlers: {
        patients: {
          get: () => {
            if (fail) throw { code: 'network', message: 'offline' };
            return patient;
          },
          timeline: () => timeline,
        },
      },
    });
    expect(await screen.findByText('No se ha podido cargar.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Núria Puig/ }),
    ).toBeInTheDocument();
  });

  it('refreshes the timeline when a call or a delivery changes', async () => {
    const items: TimelineItem[] = [];
    const { bridge } = renderWithApp(<PatientPage id={patient.id} />, {
      handlers: { patients: { get: () => patient, timeline: () => items } },
    });
    expect(
      await screen.findByText('Este paciente todavía no tiene actividad.'),
    ).toBeInTheDocument();
    items.push(timeline[5]!);
    act(() => bridge.emit('changed', { topics: ['calls'] }));
    expect(await screen.findByText('Llamada no contestada')).toBeInTheDocument();
    act(() => bridge.emit('changed', { topics: ['keys'] }));
    expect(bridge.log.filter((c) => c.name === 'patients.timeline')).toHaveLength(2);
  });

  it('edits the patient from the page and shows the saved values', async () => {
    const user = userEvent.setup();
    let current = patient;
    const { bridge } = renderWithApp(<PatientPage id={patient.id} />, {
      handlers: {
        patients: {
          get: () => current,
          timeline: () => [],
          update: ({ patch }) => (current = { ...current, ...(patch as Partial<Patient>) }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('heading', { name: 'Editar paciente' })).toBeInTheDocument();
    expect(screen.getByLabelText('Idioma preferido')).toHaveValue('ca');
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Núria Maria');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Núria Maria Puig/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Editar paciente' })).not.toBeInTheDocument();
    expect(bridge.log.find((c) => c.name === 'patients.update')?.input).toEqual({
      id: patient.id,
      patch: { firstName: 'Núria Maria' },
    });
  });

  describe('notes', () => {
    const note = (id: string, text: string, author: string, at: string): TimelineItem => ({
      kind: 'note',
      at,
      note: {
        id,
        patientId: patient.id,
        text,
        author,
        createdBy: { type: 'desk', name: 'Engage Desk' },
        createdAt: at,
      },
    });

    /** The page with a timeline the `notes.create` handler adds to, as the service would. */
    function renderWithNotes(create?: (input: { text: string; author?: string }) => void) {
      const items: TimelineItem[] = [
        note(
          'note_1',
          'Ha llamado su hija.\nNo puede venir el jueves.',
          'Laia Roig',
          '2026-11-20T10:00:00.000Z',
        ),
      ];
      return renderWithApp(<PatientPage id={patient.id} />, {
        handlers: {
          patients: { get: () => patient, timeline: () => [...items] },
          notes: {
            create: (input) => {
              create?.(input);
              const added = note(
                `note_${items.length + 1}`,
                input.text,
                input.author ?? 'Engage Desk',
                '2026-11-22T09:00:00.000Z',
              );
              items.unshift(added);
              return added.kind === 'note' ? added.note : (undefined as never);
            },
          },
        },
      });
    }

    it('shows a note in the timeline with its author and its text as written', async () => {
      renderWithNotes();
      const item = (await screen.findAllByTestId('timeline-item'))[0]!;
      expect(item).toHaveTextContent('Nota de Laia Roig');
      const text = item.querySelector('.patients-timeline-note-text')!;
      // Line breaks are the writer's: kept in the text, shown by the stylesheet (pre-line).
      expect(text.textContent).toBe('Ha llamado su hija.\nNo puede venir el jueves.');
      expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    });

    it('adds a signed note, remembers the signature, and the timeline shows it', async () => {
      localStorage.removeItem('engage-desk.note-author');
      const user = userEvent.setup();
      const { bridge } = renderWithNotes();
      await user.click(await screen.findByRole('button', { name: 'Añadir nota' }));
      const dialog = screen.getByRole('dialog', { name: /Nueva nota · Núria Puig/ });
      const save = within(dialog).getByRole('button', { name: 'Guardar nota' });
      expect(save).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Nota'), 'Prefiere las tardes');
      await user.type(within(dialog).getByLabelText('Firmada por'), 'Marta Gil');
      await user.click(save);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(bridge.log.find((c) => c.name === 'notes.create')?.input).toEqual({
        patientId: patient.id,
        text: 'Prefiere las tardes',
        author: 'Marta Gil',
      });
      expect(screen.getByRole('status')).toHaveTextContent('Nota guardada.');
      // What the write changed (notes) is read again: the new note leads the timeline.
      await waitFor(() => expect(sentences()[0]).toBe('Nota: Nota de Marta Gil'));

      // The next note is signed the same way unless changed.
      await user.click(screen.getByRole('button', { name: 'Añadir nota' }));
      expect(within(screen.getByRole('dialog')).getByLabelText('Firmada por')).toHaveValue(
        'Marta Gil',
      );
    });

    it("an unsigned note is the desk's; a refusal shows at its field and keeps the dialog", async () => {
      localStorage.removeItem('engage-desk.note-author');
      const user = userEvent.setup();
      let refuse = true;
      const { bridge } = renderWithNotes(() => {
        if (refuse) {
          refuse = false;
          throw {
            code: 'validation_failed',
            message: 'author: no letter',
            details: { errors: [{ pointer: '/author', code: 'no_letter', detail: 'No letter' }] },
          };
        }
      });
      await user.click(await screen.findByRole('button', { name: 'Añadir nota' }));
      const dialog = screen.getByRole('dialog');
      await user.type(within(dialog).getByLabelText('Nota'), 'Revisar la dosis');
      await user.type(within(dialog).getByLabelText('Firmada por'), '1234');
      await user.click(within(dialog).getByRole('button', { name: 'Guardar nota' }));
      expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Firmada por')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText('Nota')).toHaveValue('Revisar la dosis');
      await user.clear(within(dialog).getByLabelText('Firmada por'));
      await user.click(within(dialog).getByRole('button', { name: 'Guardar nota' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(bridge.log.filter((c) => c.name === 'notes.create').at(-1)?.input).toEqual({
        patientId: patient.id,
        text: 'Revisar la dosis',
      });
      expect(localStorage.getItem('engage-desk.note-author')).toBeNull();
      await waitFor(() => expect(sentences()[0]).toBe('Nota: Nota de Engage Desk'));
    });
  });

  describe('the page as the hub of the patient', () => {
    const forms = [
      {
        id: 'form_phq9',
        name: 'PHQ-9',
        status: 'active',
        fieldCount: 10,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ];
    const credits = {
      prices: () =>
        ({
          scheduleEmail: 1,
          scheduleWhatsapp: 2,
          conversationStart: 1,
          conversationMessage: 1,
          callPerStartedMinute: 5,
          callReservation: 5,
        }) as never,
      balance: () =>
        ({
          balance: 500,
          plan: 'professional',
          monthlyAllowance: 2000,
          usedThisMonth: 10,
          resetsAt: '2026-12-01T00:00:00.000Z',
        }) as never,
    };

    function renderHub(who: Patient = patient) {
      return renderWithApp(<PatientPage id={who.id} />, {
        handlers: {
          patients: { get: () => who, timeline: () => [] },
          forms: {
            list: () =>
              ({ data: forms, pagination: { cursor: '', hasMore: false, limit: 100 } }) as never,
          },
          credits,
          conversations: {
            start: (input) =>
              ({ id: 'conv_new', patientId: input.patientId, status: 'active' }) as never,
          },
        },
      });
    }

    it('shows the record number, the physician and consent per channel', async () => {
      renderHub();
      const details = await screen.findByRole('region', { name: 'Datos' });
      expect(details).toHaveTextContent('N.º de historiaHC-48213');
      expect(details).toHaveTextContent('Médico de referenciaDra. Elena Vidal Puig');
      expect(details).toHaveTextContent('WhatsApp: sí · correo: sin registrar');
    });

    it('sends a form to this patient without searching for them again', async () => {
      const user = userEvent.setup();
      renderHub();
      const actions = await screen.findByRole('group', { name: 'Acciones' });
      await user.click(within(actions).getByRole('button', { name: 'Enviar formulario' }));
      const dialog = await screen.findByRole('dialog', { name: 'Programar un envío' });
      expect(dialog).toHaveTextContent('Núria Puig');
    });

    it('starts a chat with this patient and opens it', async () => {
      const user = userEvent.setup();
      const { bridge, location } = renderHub();
      await user.click(await screen.findByRole('button', { name: 'Iniciar chat' }));
      const dialog = await screen.findByRole('dialog', { name: 'Nueva conversación' });
      expect(dialog).toHaveTextContent('Núria Puig');
      await user.type(within(dialog).getByLabelText(/Contexto/), 'Seguimiento de la glucosa');
      await user.click(within(dialog).getByRole('button', { name: /Iniciar/ }));
      await waitFor(() => expect(location.history.at(-1)).toBe('/chats/conv_new'));
      expect(bridge.log.find((c) => c.name === 'conversations.start')?.input).toMatchObject({
        patientId: patient.id,
        context: 'Seguimiento de la glucosa',
        language: 'ca',
      });
    });

    it('cannot call a patient without a phone, and says why', async () => {
      renderHub({ ...patient, phone: undefined });
      const call = await screen.findByRole('button', { name: 'Llamar' });
      expect(call).toBeDisabled();
      expect(call).toHaveAttribute('title', 'No tiene teléfono: añade uno para poder llamar.');
    });

    it('prints a summary of the page', async () => {
      const user = userEvent.setup();
      const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
      renderHub();
      await user.click(await screen.findByRole('button', { name: 'Imprimir resumen' }));
      expect(print).toHaveBeenCalledTimes(1);
      print.mockRestore();
    });
  });
});
