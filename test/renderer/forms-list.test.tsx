import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormSummary, InputOf } from '../../src-preload/contract';
import { FormsScreen } from '../../src-renderer/src/features/forms/forms-screen';
import { renderWithApp } from './render-app';

const PHQ9: FormSummary = {
  id: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
  name: 'Cuestionario PHQ-9',
  type: 'assessment',
  description: '',
  status: 'active',
  fields: [
    { id: 'a', type: 'select', label: 'A', required: true, options: ['x'] },
    { id: 'b', type: 'select', label: 'B', required: true, options: ['x'] },
  ],
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-11-02T09:30:00.000Z',
  responseCount: 1234,
  lastResponseAt: '2026-11-19T10:00:00.000Z',
  deliveryCount: 1500,
  pendingDeliveries: 3,
  deletable: false,
};

const DRAFT: FormSummary = {
  id: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8H',
  name: 'Borrador sin usar',
  type: 'survey',
  description: '',
  status: 'active',
  fields: [{ id: 'c', type: 'text', label: 'C', required: false }],
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T08:00:00.000Z',
  responseCount: 0,
  deliveryCount: 0,
  pendingDeliveries: 0,
  deletable: true,
};

const OLD: FormSummary = {
  ...PHQ9,
  id: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8J',
  name: 'Encuesta antigua',
  type: 'follow_up',
  status: 'archived',
  pendingDeliveries: 0,
  responseCount: 5,
};

type ListInput = InputOf<'forms', 'list'>;

/** A little clinic: the list answers by status, archive/restore/remove change it. */
function clinic(forms: FormSummary[]) {
  let all = [...forms];
  const page = (input: ListInput) => ({
    data: all.filter((f) => !input.status || f.status === input.status),
    pagination: { cursor: '', hasMore: false, limit: input.limit ?? 20 },
  });
  const set = (id: string, status: 'active' | 'archived') => {
    all = all.map((f) => (f.id === id ? { ...f, status } : f));
    return all.find((f) => f.id === id)!;
  };
  return {
    forms: {
      list: page,
      archive: ({ id }: { id: string }) => set(id, 'archived'),
      restore: ({ id }: { id: string }) => set(id, 'active'),
      remove: ({ id }: { id: string }) => {
        const form = all.find((f) => f.id === id)!;
        if (!form.deletable) {
          throw { code: 'form_in_use', message: 'archive it instead' };
        }
        all = all.filter((f) => f.id !== id);
        return { id, deleted: true as const };
      },
    },
  };
}

describe('forms list', () => {
  it('shows name, type, status, questions, responses and the update date; delete only when allowed', async () => {
    renderWithApp(<FormsScreen />, { handlers: clinic([PHQ9, DRAFT]) });
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Formularios' });
    const phq = within(table).getByRole('row', { name: /Cuestionario PHQ-9/ });
    expect(within(phq).getByText('Evaluación')).toBeInTheDocument();
    expect(within(phq).getByText('Activo')).toBeInTheDocument();
    expect(within(phq).getByText('2')).toBeInTheDocument();
    expect(within(phq).getByText(new Intl.NumberFormat('es-ES').format(1234))).toBeInTheDocument();
    expect(within(phq).getByText('3 envíos pendientes')).toBeInTheDocument();
    expect(within(phq).getByText(/^Última /)).toBeInTheDocument();
    expect(within(phq).getByText('2 nov 2026')).toBeInTheDocument();
    expect(phq.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(phq.textContent).not.toContain(PHQ9.id);
    // In use: no delete, and it says why.
    expect(within(phq).queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
    expect(
      within(phq).getByText(/tiene envíos o respuestas: se archiva en lugar de eliminarse/),
    ).toBeInTheDocument();
    expect(
      within(phq).getByRole('link', { name: 'Respuestas de «Cuestionario PHQ-9»' }),
    ).toHaveAttribute('href', `/forms/${PHQ9.id}/responses`);
    expect(within(phq).getByRole('link', { name: 'Editar «Cuestionario PHQ-9»' })).toHaveAttribute(
      'href',
      `/forms/${PHQ9.id}`,
    );

    const draft = within(table).getByRole('row', { name: /Borrador sin usar/ });
    expect(within(draft).getByText('Encuesta')).toBeInTheDocument();
    expect(
      within(draft).getByRole('button', { name: 'Eliminar «Borrador sin usar»' }),
    ).toBeEnabled();
    expect(within(draft).queryByText(/envío pendiente/)).not.toBeInTheDocument();
  });

  it('filters active, archived and all', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<FormsScreen />, { handlers: clinic([PHQ9, OLD]) });
    await screen.findByRole('row', { name: /Cuestionario PHQ-9/ });
    expect(screen.queryByRole('row', { name: /Encuesta antigua/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Mostrar'), 'Archivados');
    const old = await screen.findByRole('row', { name: /Encuesta antigua/ });
    expect(within(old).getByText('Archivado')).toBeInTheDocument();
    expect(within(old).getByText('Seguimiento')).toBeInTheDocument();
    expect(within(old).getByRole('button', { name: 'Restaurar «Encuesta antigua»' })).toBeEnabled();
    expect(screen.queryByRole('row', { name: /Cuestionario PHQ-9/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Mostrar'), 'Todos');
    await screen.findByRole('row', { name: /Cuestionario PHQ-9/ });
    expect(screen.getByRole('row', { name: /Encuesta antigua/ })).toBeInTheDocument();
    const inputs = bridge.log.filter((c) => c.name === 'forms.list').map((c) => c.input);
    expect(inputs).toEqual([
      { limit: 100, status: 'active' },
      { limit: 100, status: 'archived' },
      { limit: 100 },
    ]);
  });

  it('archives a form with responses (with undo) and restores an archived one', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<FormsScreen />, { handlers: clinic([PHQ9, OLD]) });
    await user.click(await screen.findByRole('button', { name: 'Archivar «Cuestionario PHQ-9»' }));
    expect(
      await screen.findByText(/Se ha archivado «Cuestionario PHQ-9»: ya no se puede programar/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Cuestionario PHQ-9/ })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Se ha restaurado «Cuestionario PHQ-9».')).toBeInTheDocument();
    await screen.findByRole('row', { name: /Cuestionario PHQ-9/ });
    expect(bridge.log.filter((c) => /archive|restore/.test(c.name))).toEqual([
      { name: 'forms.archive', input: { id: PHQ9.id } },
      { name: 'forms.restore', input: { id: PHQ9.id } },
    ]);
  });

  it('forgets its notice once the list is left', async () => {
    const user = userEvent.setup();
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button onClick={() => setShown((s) => !s)}>alternar</button>
          {shown && <FormsScreen />}
        </>
      );
    }
    renderWithApp(<Toggle />, { handlers: clinic([PHQ9]) });
    await user.click(await screen.findByRole('button', { name: 'Archivar «Cuestionario PHQ-9»' }));
    expect(await screen.findByText(/Se ha archivado «Cuestionario PHQ-9»/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'alternar' }));
    await user.click(screen.getByRole('button', { name: 'alternar' }));
    await screen.findByText('No hay formularios activos');
    expect(screen.queryByText(/Se ha archivado/)).not.toBeInTheDocument();
  });

  it('deletes an unused form only after confirming', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<FormsScreen />, { handlers: clinic([PHQ9, DRAFT]) });
    await user.click(await screen.findByRole('button', { name: 'Eliminar «Borrador sin usar»' }));
    let dialog = screen.getByRole('dialog', { name: '¿Eliminar «Borrador sin usar»?' });
    expect(within(dialog).getByText(/no se puede deshacer/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(bridge.log.some((c) => c.name === 'forms.remove')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Eliminar «Borrador sin usar»' }));
    dialog = screen.getByRole('dialog', { name: '¿Eliminar «Borrador sin usar»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar el formulario' }));
    expect(await screen.findByText('Se ha eliminado «Borrador sin usar».')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Borrador sin usar/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says to archive when the service refuses a delete (form_in_use)', async () => {
    const user = userEvent.setup();
    // The list still thinks the form is unused; the service knows a delivery was just made.
    const handlers = clinic([DRAFT]);
    handlers.forms.remove = () => {
      throw { code: 'form_in_use', message: 'in use', details: { responseCount: 0 } };
    };
    renderWithApp(<FormsScreen />, { handlers });
    await user.click(await screen.findByRole('button', { name: 'Eliminar «Borrador sin usar»' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar el formulario' }));
    expect(
      await within(dialog).findByText(
        'Este formulario ya tiene envíos o respuestas: archívalo en lugar de eliminarlo.',
      ),
    ).toBeInTheDocument();
  });

  it('has an empty state with a way to create the first form, and an error with retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { location } = renderWithApp(<FormsScreen />, {
      handlers: {
        forms: {
          list: () => {
            if (fail) throw { code: 'internal_error', message: 'boom' };
            return { data: [], pagination: { cursor: '', hasMore: false, limit: 100 } };
          },
        },
      },
    });
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay formularios activos')).toBeInTheDocument();
    const card = screen.getByText('No hay formularios activos').parentElement!;
    await user.click(within(card).getByRole('button', { name: 'Nuevo formulario' }));
    expect(location.history?.at(-1)).toBe('/forms/new');
  });

  it('speaks Catalan', async () => {
    renderWithApp(<FormsScreen />, { language: 'ca', handlers: clinic([PHQ9, DRAFT]) });
    const table = await screen.findByRole('table', { name: 'Formularis' });
    const phq = within(table).getByRole('row', { name: /Cuestionario PHQ-9/ });
    expect(within(phq).getByText('Avaluació')).toBeInTheDocument();
    expect(within(phq).getByText('Actiu')).toBeInTheDocument();
    expect(within(phq).getByText('3 enviaments pendents')).toBeInTheDocument();
    expect(within(phq).getByRole('button', { name: 'Arxiva «Cuestionario PHQ-9»' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Elimina «Borrador sin usar»' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Formulari nou' })).toBeInTheDocument();
  });
});
