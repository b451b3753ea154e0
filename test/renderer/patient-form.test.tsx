import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputOf, Patient } from '../../src-preload/contract';
import { PatientForm } from '../../src-renderer/src/features/patients/patient-form';
import { PatientsScreen } from '../../src-renderer/src/features/patients/patients-screen';
import { giveTablesHeight, listHandler, makePatient } from './patients-fixtures';
import { renderWithApp } from './render-app';

type CreateInput = InputOf<'patients', 'create'>;

/** The message shown for an input: the element its aria-describedby points at. */
function messageOf(input: HTMLElement): string | null | undefined {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

function validationError(errors: { pointer: string; code: string; detail: string }[]) {
  return { code: 'validation_failed', message: 'The request is not valid.', details: { errors } };
}

beforeEach(() => giveTablesHeight());

describe('creating a patient', () => {
  it('sends what was typed (tags as chips, language in metadata) and opens the new page', async () => {
    const user = userEvent.setup();
    const created = makePatient(500, { firstName: 'Núria', lastName: 'Puig Ferrer' });
    const { bridge, location } = renderWithApp(<PatientsScreen />, {
      path: '/patients',
      handlers: {
        patients: {
          list: listHandler([]),
          tags: () => [{ tag: 'diabetes', count: 3 }],
          create: () => created,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Nuevo paciente' }));
    expect(screen.getByRole('heading', { name: 'Nuevo paciente' })).toBeInTheDocument();
    // Status is for editing only.
    const dialog = screen.getByRole('heading', { name: 'Nuevo paciente' }).closest('dialog')!;
    expect(within(dialog).queryByLabelText('Estado')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre'), 'Núria');
    await user.type(screen.getByLabelText('Apellidos'), 'Puig Ferrer');
    await user.type(screen.getByLabelText('Correo electrónico'), 'nuria@example.org');
    await user.type(screen.getByLabelText('Teléfono'), '+34612345678');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1990-05-02');
    await user.type(screen.getByLabelText('Etiquetas'), 'diabetes, control{Enter}asma');
    expect(screen.getByRole('button', { name: 'Quitar la etiqueta control' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Idioma preferido'), 'ca');
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));

    await waitFor(() => expect(location.history.at(-1)).toBe(`/patients/${created.id}`));
    const call = bridge.log.find((c) => c.name === 'patients.create');
    expect(call?.input).toEqual({
      firstName: 'Núria',
      lastName: 'Puig Ferrer',
      email: 'nuria@example.org',
      phone: '+34612345678',
      dateOfBirth: '1990-05-02',
      tags: ['diabetes', 'control', 'asma'],
      metadata: { preferredLanguage: 'ca' },
    } satisfies CreateInput);
    expect(screen.queryByRole('heading', { name: 'Nuevo paciente' })).not.toBeInTheDocument();
    // The list reloads after the change.
    await waitFor(() =>
      expect(bridge.log.filter((c) => c.name === 'patients.list').length).toBeGreaterThan(1),
    );
  });

  it('asks for the names before calling the service and focuses the first one', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<PatientForm onSaved={vi.fn()} onCancel={vi.fn()} />, {
      handlers: { patients: { create: () => makePatient(1) } },
    });
    await user.type(screen.getByLabelText('Apellidos'), '   ');
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    const first = screen.getByLabelText('Nombre');
    expect(messageOf(first)).toBe('Este campo es obligatorio.');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(screen.getByLabelText('Apellidos'))).toBe('Este campo es obligatorio.');
    await waitFor(() => expect(first).toHaveFocus());
    expect(bridge.log).toHaveLength(0);
  });

  it("puts each of the service's validation errors next to its field, translated", async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderWithApp(<PatientForm onSaved={onSaved} onCancel={vi.fn()} />, {
      handlers: {
        patients: {
          create: () => {
            throw validationError([
              { pointer: '/email', code: 'format', detail: 'email must be a valid email.' },
              { pointer: '/phone', code: 'pattern', detail: 'phone must match pattern.' },
              {
                pointer: '/dateOfBirth',
                code: 'future_date',
                detail: 'dateOfBirth cannot be in the future.',
              },
              { pointer: '/tags/1', code: 'maxLength', detail: 'tags.1 must be shorter.' },
              { pointer: '/metadata', code: 'weird_rule', detail: 'metadata breaks a rule.' },
            ]);
          },
        },
      },
    });
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellidos'), 'García');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@');
    await user.type(screen.getByLabelText('Teléfono'), '612');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '2090-01-01');
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));

    const email = screen.getByLabelText('Correo electrónico');
    await waitFor(() => expect(messageOf(email)).toBe('Introduce un correo electrónico válido.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(screen.getByLabelText('Teléfono'))).toBe(
      'Usa el formato internacional, p. ej. +34612345678.',
    );
    expect(messageOf(screen.getByLabelText('Fecha de nacimiento'))).toBe(
      'La fecha no puede ser futura.',
    );
    expect(messageOf(screen.getByLabelText('Etiquetas'))).toBe('Es demasiado largo.');
    // A code the window does not know: the service's own sentence.
    expect(messageOf(screen.getByLabelText('Idioma preferido'))).toBe('metadata breaks a rule.');
    expect(screen.getByLabelText('Nombre')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Revisa los campos marcados.')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('translates field errors in Catalan', async () => {
    const user = userEvent.setup();
    renderWithApp(<PatientForm onSaved={vi.fn()} onCancel={vi.fn()} />, {
      language: 'ca',
      handlers: {
        patients: {
          create: () => {
            throw validationError([
              { pointer: '/phone', code: 'pattern', detail: 'phone must match pattern.' },
            ]);
          },
        },
      },
    });
    await user.type(screen.getByLabelText('Nom'), 'Jordi');
    await user.type(screen.getByLabelText('Cognoms'), 'Vidal');
    await user.type(screen.getByLabelText('Telèfon'), '93');
    await user.click(screen.getByRole('button', { name: 'Crea el pacient' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Telèfon'))).toBe(
        'Fes servir el format internacional, p. ex. +34612345678.',
      ),
    );
  });

  it('shows a failure that is not about a field above the form', async () => {
    const user = userEvent.setup();
    renderWithApp(<PatientForm onSaved={vi.fn()} onCancel={vi.fn()} />, {
      handlers: {
        patients: {
          create: () => {
            throw { code: 'internal_error', message: 'disk full' };
          },
        },
      },
    });
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellidos'), 'García');
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
  });
});

describe('editing a patient', () => {
  const patient: Patient = makePatient(4, {
    firstName: 'Lucía',
    lastName: 'Ferrer',
    email: 'lucia@example.org',
    phone: '+34611222333',
    dateOfBirth: '1975-06-30',
    tags: ['diabetes'],
    metadata: { preferredLanguage: 'es', externalId: 'HC-1042' },
  });

  it('sends only the changed fields, null for cleared ones, and keeps other metadata', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const { bridge } = renderWithApp(
      <PatientForm patient={patient} onSaved={onSaved} onCancel={vi.fn()} />,
      {
        handlers: {
          patients: {
            update: ({ id, patch }) => ({ ...patient, id, ...(patch as object) }) as Patient,
          },
        },
      },
    );
    expect(screen.getByLabelText('Nombre')).toHaveValue('Lucía');
    expect(screen.getByLabelText('Estado')).toHaveValue('active');
    await user.clear(screen.getByLabelText('Apellidos'));
    await user.type(screen.getByLabelText('Apellidos'), 'Ferrer Soler');
    await user.clear(screen.getByLabelText('Correo electrónico'));
    await user.clear(screen.getByLabelText('Fecha de nacimiento'));
    await user.selectOptions(screen.getByLabelText('Idioma preferido'), 'en');
    await user.selectOptions(screen.getByLabelText('Estado'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bridge.log).toEqual([
      {
        name: 'patients.update',
        input: {
          id: patient.id,
          patch: {
            lastName: 'Ferrer Soler',
            email: null,
            dateOfBirth: null,
            status: 'inactive',
            metadata: { preferredLanguage: 'en', externalId: 'HC-1042' },
          },
        },
      },
    ]);
  });

  it('records the medical record number, the physician and consent per channel in metadata', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const recorded = {
      ...patient,
      metadata: { ...patient.metadata, mrn: 'HC-2231', whatsappConsent: true, emailConsent: 'yes' },
    };
    const { bridge } = renderWithApp(
      <PatientForm patient={recorded} onSaved={onSaved} onCancel={vi.fn()} />,
      {
        handlers: {
          patients: {
            update: ({ id, patch }) => ({ ...recorded, id, ...(patch as object) }) as Patient,
          },
        },
      },
    );
    expect(screen.getByLabelText('N.º de historia clínica')).toHaveValue('HC-2231');
    expect(screen.getByLabelText('Médico de referencia')).toHaveValue('');
    expect(screen.getByLabelText('Consiente WhatsApp')).toHaveValue('yes');
    // A value of the wrong type is not a recorded consent (and is left alone unless changed).
    expect(screen.getByLabelText('Consiente correo electrónico')).toHaveValue('');
    await user.type(screen.getByLabelText('Médico de referencia'), '  Dr. Jordi Casals  ');
    await user.selectOptions(screen.getByLabelText('Consiente WhatsApp'), 'no');
    await user.clear(screen.getByLabelText('N.º de historia clínica'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bridge.log.at(-1)?.input).toEqual({
      id: patient.id,
      patch: {
        metadata: {
          preferredLanguage: 'es',
          externalId: 'HC-1042',
          primaryPhysician: 'Dr. Jordi Casals',
          whatsappConsent: false,
          emailConsent: 'yes',
        },
      },
    });
  });

  it('removes a tag with its chip button and sends the new list', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(
      <PatientForm patient={patient} onSaved={vi.fn()} onCancel={vi.fn()} />,
      { handlers: { patients: { update: () => patient } } },
    );
    await user.click(screen.getByRole('button', { name: 'Quitar la etiqueta diabetes' }));
    await user.type(screen.getByLabelText('Etiquetas'), 'hipertensión,');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(bridge.log).toHaveLength(1));
    expect(bridge.log[0]!.input).toEqual({ id: patient.id, patch: { tags: ['hipertensión'] } });
  });

  it('says so when nothing changed, without calling the service', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(
      <PatientForm patient={patient} onSaved={vi.fn()} onCancel={vi.fn()} />,
      { handlers: { patients: { update: () => patient } } },
    );
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No has cambiado nada.')).toBeInTheDocument();
    expect(bridge.log).toHaveLength(0);
  });

  it('maps the errors of a PATCH (an e-mail or null) to the field', async () => {
    const user = userEvent.setup();
    renderWithApp(<PatientForm patient={patient} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      handlers: {
        patients: {
          update: () => {
            throw validationError([
              {
                pointer: '/email',
                code: 'anyOf',
                detail: 'email must be one of the allowed forms.',
              },
            ]);
          },
        },
      },
    });
    await user.clear(screen.getByLabelText('Correo electrónico'));
    await user.type(screen.getByLabelText('Correo electrónico'), 'lucia@');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Correo electrónico'))).toBe(
        'Introduce un correo electrónico válido.',
      ),
    );
  });
});
