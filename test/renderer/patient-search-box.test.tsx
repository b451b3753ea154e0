import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { InputOf, OutputOf, Patient, PatientRef } from '../../src-preload/contract';
import { PatientSearchBox } from '../../src-renderer/src/features/patients/patient-search-box';
import { deferred, listHandler, makePatient } from './patients-fixtures';
import { renderWithApp } from './render-app';

const ana = makePatient(0, { firstName: 'Ana', lastName: 'Sáez' });
const anabel = makePatient(1, { firstName: 'Anabel', lastName: 'Ruiz', phone: '' });
const marc = makePatient(2, { firstName: 'Marc', lastName: 'Vidal' });
const PATIENTS = [ana, anabel, marc];

/** The box as a screen holds it: the chosen patient in the screen's own state. */
function Harness(props: { onChange?: (p: Patient | undefined) => void; withoutPhone?: boolean }) {
  const [value, setValue] = useState<PatientRef>();
  return (
    <PatientSearchBox
      label="Paciente"
      value={value}
      onChange={(patient) => {
        setValue(patient);
        props.onChange?.(patient);
      }}
      text={{
        placeholder: 'Nombre, correo o teléfono',
        searching: 'Buscando…',
        noMatches: (search) => `Nadie coincide con «${search}»`,
        failed: (error) => `No se ha podido buscar: ${error.message}`,
      }}
      clear={{ label: (name) => `Quitar a ${name}` }}
      {...(props.withoutPhone
        ? { unavailable: (p: Patient) => (p.phone ? undefined : 'Sin teléfono') }
        : {})}
    />
  );
}

type ListInput = InputOf<'patients', 'list'>;

describe('the patient search box', () => {
  it('searches as you type, once typing pauses, and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { bridge } = renderWithApp(<Harness onChange={onChange} />, {
      handlers: { patients: { list: listHandler(PATIENTS) } },
    });
    const box = screen.getByRole('combobox', { name: 'Paciente' });
    await user.type(box, 'ana');
    const list = await screen.findByRole('listbox', { name: 'Paciente' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('Ana Sáez'), expect.stringContaining('Anabel Ruiz')]),
    );
    // One search for the pause, not one per key.
    const searches = bridge.log.filter((c) => c.name === 'patients.list');
    expect(searches.map((c) => (c.input as ListInput).search)).toEqual(['ana']);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      within(list).getAllByRole('option')[1]!.id,
    );
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(anabel);
    expect(screen.getByTestId('picked-patient')).toHaveTextContent('Anabel Ruiz');

    await user.click(screen.getByRole('button', { name: 'Quitar a Anabel Ruiz' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByRole('combobox', { name: 'Paciente' })).toBeInTheDocument();
  });

  it('drops an answer that arrives after the text changed', async () => {
    const user = userEvent.setup();
    const slow = deferred<OutputOf<'patients', 'list'>>();
    const answer = listHandler(PATIENTS);
    const { bridge } = renderWithApp(<Harness />, {
      handlers: {
        patients: {
          list: (input: ListInput) => (input.search === 'an' ? slow.promise : answer(input)),
        },
      },
    });
    const box = screen.getByRole('combobox', { name: 'Paciente' });
    await user.type(box, 'an');
    // The first search is on its way (sent, not answered) when typing goes on.
    await waitFor(() =>
      expect(bridge.log.some((c) => (c.input as ListInput).search === 'an')).toBe(true),
    );
    await user.type(box, 'abel');
    const list = await screen.findByRole('listbox', { name: 'Paciente' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('Anabel Ruiz')]),
    );
    // The first search answers late, with more patients: it must not replace the newer list.
    await act(async () => slow.resolve(answer({ search: 'an' })));
    expect(within(list).getAllByRole('option')).toHaveLength(1);
  });

  it('shows why a patient cannot be chosen here and does not choose them', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} withoutPhone />, {
      handlers: { patients: { list: listHandler(PATIENTS) } },
    });
    await user.type(screen.getByRole('combobox', { name: 'Paciente' }), 'anabel');
    const option = await screen.findByRole('option', { name: /Anabel Ruiz/ });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveTextContent('Sin teléfono');
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says when nobody matches, and when the search failed', async () => {
    const user = userEvent.setup();
    let fail = false;
    const answer = listHandler(PATIENTS);
    renderWithApp(<Harness />, {
      handlers: {
        patients: {
          list: (input: ListInput) => {
            if (fail) throw { code: 'internal_error', message: 'sin conexión' };
            return answer(input);
          },
        },
      },
    });
    const box = screen.getByRole('combobox', { name: 'Paciente' });
    await user.type(box, 'zzz');
    expect(await screen.findByText('Nadie coincide con «zzz»')).toBeInTheDocument();
    fail = true;
    await user.type(box, 'q');
    expect(await screen.findByText(/No se ha podido buscar/)).toBeInTheDocument();
  });
});
