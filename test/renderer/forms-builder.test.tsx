import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  DraftError,
  FormDefinition,
  FormPreviewRequest,
  FormSummary,
} from '../../src-preload/contract';
import { FormBuilderScreen } from '../../src-renderer/src/features/forms/form-builder-screen';
import {
  idFromLabel,
  placeErrors,
  toDefinition,
  type Draft,
} from '../../src-renderer/src/features/forms/form-draft';
import { renderWithApp } from './render-app';

/**
 * A stand-in for the service's draft check with a few of its rules (the real ones are tested in
 * test/service/forms-operations.test.ts): what matters here is that each pointer lands next to
 * the input it names, whatever order the questions are in.
 */
function check(definition: FormDefinition): DraftError[] {
  const errors: DraftError[] = [];
  const fail = (pointer: string, code: string) => errors.push({ pointer, code, detail: code });
  if (!definition.name.trim()) fail('/name', 'pattern');
  if (definition.fields.length === 0) fail('/fields', 'minItems');
  const seen = new Set<string>();
  definition.fields.forEach((f, i) => {
    if (!f.label.trim()) fail(`/fields/${i}/label`, 'pattern');
    if (seen.has(f.id)) fail(`/fields/${i}/id`, 'duplicate_id');
    seen.add(f.id);
    if (f.type === 'slider' && !((f.min ?? 0) < (f.max ?? 0))) fail(`/fields/${i}/max`, 'range');
    f.options?.forEach((o, j) => {
      if (!o.trim()) fail(`/fields/${i}/options/${j}`, 'pattern');
    });
  });
  return errors;
}

/** The service's rule, shortened: every item id present as a four-option choice. */
const held = (definition: FormDefinition) =>
  (['phq9', 'gad7'] as const).filter((key) => {
    const count = key === 'phq9' ? 9 : 7;
    return Array.from({ length: count }, (_, i) => `${key}_${i + 1}`).every((id) =>
      definition.fields.some((f) => f.id === id && f.type === 'select' && f.options?.length === 4),
    );
  });

const page = (definition: FormDefinition) =>
  `<!doctype html><h1>${definition.name}</h1>${definition.fields
    .map((f) => `<p>${f.label}</p>`)
    .join('')}`;

function service(options: { locked?: Record<string, string> } = {}) {
  const saved: FormDefinition[] = [];
  return {
    saved,
    handlers: {
      forms: {
        preview: (input: FormPreviewRequest) => {
          const definition = input.definition as FormDefinition;
          const errors = check(definition);
          definition.fields.forEach((f, i) => {
            const was = options.locked?.[f.id];
            if (input.formId && was && was !== f.type) {
              errors.push({ pointer: `/fields/${i}/type`, code: 'field_type_locked', detail: '' });
            }
          });
          return { html: page(definition), errors, instruments: held(definition) };
        },
        create: (definition: FormDefinition) => {
          const errors = check(definition);
          if (errors.length) {
            throw { code: 'validation_failed', message: 'invalid', details: { errors } };
          }
          saved.push(definition);
          return {
            ...definition,
            id: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
            type: definition.type ?? 'assessment',
            description: definition.description ?? '',
            status: 'active' as const,
            createdAt: '2026-11-20T10:00:00.000Z',
            updatedAt: '2026-11-20T10:00:00.000Z',
          };
        },
      },
    },
  };
}

const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^Pregunta ${n}:`) });

/** The definition the builder sent in its latest preview call. */
function lastPreview(log: { name: string; input: unknown }[]): FormDefinition {
  const call = log.filter((c) => c.name === 'forms.preview').at(-1);
  return (call?.input as FormPreviewRequest).definition as FormDefinition;
}

describe('form builder: questions of every type', () => {
  it('adds one question of each type with the settings its type takes', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<FormBuilderScreen />, { handlers: service().handlers });
    expect(screen.getByRole('heading', { level: 1, name: 'Nuevo formulario' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre'), 'Control semanal');
    const add = screen.getByRole('group', { name: 'Añadir una pregunta' });
    const types = [
      ['Texto', '¿Algo más que añadir?'],
      ['Número', 'Peso (kg)'],
      ['Escala', 'Dolor al caminar'],
      ['Opción única', 'Estado de ánimo'],
      ['Opción múltiple', 'Síntomas'],
      ['Sí / No', '¿Tiene fiebre?'],
      ['Fecha', 'Fecha de la cirugía'],
    ] as const;
    for (const [i, [type, label]] of types.entries()) {
      await user.click(within(add).getByRole('button', { name: type }));
      const group = question(i + 1);
      expect(group).toHaveAccessibleName(`Pregunta ${i + 1}: ${type}`);
      // The new question's text is focused, ready to type.
      expect(within(group).getByLabelText('Pregunta')).toHaveFocus();
      await user.keyboard(label);
    }

    const number = question(2);
    expect(within(number).getByLabelText('Mínimo')).toHaveValue(null);
    expect(within(number).queryByLabelText('Paso')).not.toBeInTheDocument();
    await user.type(within(number).getByLabelText('Mínimo'), '20');
    await user.type(within(number).getByLabelText('Máximo'), '300');

    const slider = question(3);
    expect(within(slider).getByLabelText('Mínimo')).toHaveValue(0);
    expect(within(slider).getByLabelText('Máximo')).toHaveValue(10);
    expect(within(slider).getByLabelText('Paso')).toHaveValue(1);

    const select = question(4);
    await user.type(within(select).getByLabelText('Opción 1'), 'Bien{Enter}');
    expect(within(select).getByLabelText('Opción 2')).toBeInTheDocument();
    await user.type(within(select).getByLabelText('Opción 2'), 'Regular');
    await user.click(within(select).getByRole('button', { name: 'Añadir una opción' }));
    await user.type(within(select).getByLabelText('Opción 3'), 'Mal');

    const multi = question(5);
    await user.type(within(multi).getByLabelText('Opción 1'), 'Tos');
    await user.click(within(multi).getByRole('button', { name: 'Añadir una opción' }));
    await user.type(within(multi).getByLabelText('Opción 2'), 'Fiebre');
    await user.click(within(question(6)).getByLabelText('Obligatoria'));
    await user.type(within(question(7)).getByLabelText('Ayuda'), 'Si la recuerda');
    for (const n of [2, 4, 5, 6, 7]) {
      expect(within(question(n)).queryByLabelText('Paso')).not.toBeInTheDocument();
    }
    expect(within(question(1)).queryByLabelText('Mínimo')).not.toBeInTheDocument();
    expect(within(question(6)).queryByLabelText('Opción 1')).not.toBeInTheDocument();

    await waitFor(() =>
      expect(lastPreview(bridge.log).fields).toEqual([
        { id: 'algo_mas_que_anadir', type: 'text', label: '¿Algo más que añadir?', required: true },
        { id: 'peso_kg', type: 'number', label: 'Peso (kg)', required: true, min: 20, max: 300 },
        {
          id: 'dolor_al_caminar',
          type: 'slider',
          label: 'Dolor al caminar',
          required: true,
          min: 0,
          max: 10,
          step: 1,
        },
        {
          id: 'estado_de_animo',
          type: 'select',
          label: 'Estado de ánimo',
          required: true,
          options: ['Bien', 'Regular', 'Mal'],
        },
        {
          id: 'sintomas',
          type: 'multiselect',
          label: 'Síntomas',
          required: true,
          options: ['Tos', 'Fiebre'],
        },
        { id: 'tiene_fiebre', type: 'boolean', label: '¿Tiene fiebre?', required: false },
        {
          id: 'fecha_de_la_cirugia',
          type: 'date',
          label: 'Fecha de la cirugía',
          required: true,
          hint: 'Si la recuerda',
        },
      ]),
    );
  });

  it('derives the id from the question until it is edited by hand', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<FormBuilderScreen />, { handlers: service().handlers });
    await user.click(screen.getByRole('button', { name: 'Texto' }));
    await user.keyboard('¿Dolor al caminar?');
    const id = within(question(1)).getByLabelText('Identificador');
    expect(id).toHaveValue('dolor_al_caminar');
    await user.clear(id);
    await user.type(id, 'dolor_marcha');
    await user.type(within(question(1)).getByLabelText('Pregunta'), ' (0 a 10)');
    expect(id).toHaveValue('dolor_marcha');
    // A second question with the same text gets an id of its own.
    await user.click(screen.getByRole('button', { name: 'Número' }));
    await user.keyboard('Dolor marcha');
    expect(within(question(2)).getByLabelText('Identificador')).toHaveValue('dolor_marcha_2');
    await waitFor(() =>
      expect(lastPreview(bridge.log).fields.map((f) => f.id)).toEqual([
        'dolor_marcha',
        'dolor_marcha_2',
      ]),
    );
  });

  it('reorders with the keyboard-reachable up and down buttons, and removes questions', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<FormBuilderScreen />, { handlers: service().handlers });
    for (const [type, label] of [
      ['Texto', 'Primera'],
      ['Número', 'Segunda'],
      ['Fecha', 'Tercera'],
    ]) {
      await user.click(screen.getByRole('button', { name: type! }));
      await user.keyboard(label!);
    }
    const up = within(question(1)).getByRole('button', { name: 'Subir la pregunta 1' });
    expect(up).toBeDisabled();
    expect(within(question(3)).getByRole('button', { name: 'Bajar la pregunta 3' })).toBeDisabled();

    // Keyboard only: focus "move down" on the first question and press Enter twice.
    within(question(1)).getByRole('button', { name: 'Bajar la pregunta 1' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('La pregunta ahora es la número 2.')).toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName('Bajar la pregunta 2');
    await user.keyboard('{Enter}');
    // At the bottom "down" is disabled, so focus moved to "up".
    expect(document.activeElement).toHaveAccessibleName('Subir la pregunta 3');
    expect(within(question(3)).getByLabelText('Pregunta')).toHaveValue('Primera');
    await waitFor(() =>
      expect(lastPreview(bridge.log).fields.map((f) => f.label)).toEqual([
        'Segunda',
        'Tercera',
        'Primera',
      ]),
    );

    await user.click(within(question(1)).getByRole('button', { name: 'Quitar la pregunta 1' }));
    expect(screen.getByText('Se ha quitado la pregunta 1.')).toBeInTheDocument();
    expect(within(question(1)).getByLabelText('Pregunta')).toHaveValue('Tercera');
    expect(within(question(1)).getByLabelText('Pregunta')).toHaveFocus();
    expect(screen.queryByRole('group', { name: /^Pregunta 3:/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(lastPreview(bridge.log).fields.map((f) => f.label)).toEqual(['Tercera', 'Primera']),
    );
  });
});

describe('form builder: the service errors next to their inputs', () => {
  it('shows a touched question’s errors live, at the input its pointer names, even after a move', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormBuilderScreen />, { handlers: service().handlers });
    await user.type(screen.getByLabelText('Nombre'), 'Dolor');
    await user.click(screen.getByRole('button', { name: 'Texto' }));
    await user.keyboard('Notas');
    await user.click(screen.getByRole('button', { name: 'Escala' }));
    await user.keyboard('Dolor');
    // Added but not touched yet: a blank question with a blank option.
    await user.click(screen.getByRole('button', { name: 'Opción única' }));

    const slider = question(2);
    const max = within(slider).getByLabelText('Máximo');
    await user.clear(max);
    await user.type(max, '0');
    expect(
      await within(slider).findByText('El máximo debe ser mayor que el mínimo.'),
    ).toBeInTheDocument();
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(within(slider).getByLabelText('Mínimo')).not.toHaveAttribute('aria-invalid');
    // The untouched select (blank option, blank question) shows nothing yet.
    expect(within(question(3)).queryByRole('alert')).not.toBeInTheDocument();

    // Moved up, the slider keeps its own error.
    await user.click(within(slider).getByRole('button', { name: 'Subir la pregunta 2' }));
    await waitFor(() =>
      expect(
        within(question(1)).getByText('El máximo debe ser mayor que el mínimo.'),
      ).toBeInTheDocument(),
    );
    expect(within(question(2)).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refused save lists every problem, marks each input and saves nothing', async () => {
    const user = userEvent.setup();
    const { saved, handlers } = service();
    const { bridge, location } = renderWithApp(<FormBuilderScreen />, { handlers });
    await user.click(screen.getByRole('button', { name: 'Opción múltiple' }));
    await user.keyboard('Síntomas');
    await user.click(screen.getByRole('button', { name: 'Escala' }));
    const slider = question(2);
    await user.clear(within(slider).getByLabelText('Mínimo'));
    await user.type(within(slider).getByLabelText('Mínimo'), '10');
    await user.click(screen.getByRole('button', { name: 'Guardar formulario' }));

    const summary = await screen.findByText(/^No se ha guardado: hay 4 problemas/);
    const list = summary.parentElement!;
    expect(
      within(list).getByRole('button', { name: /Nombre: Escribe un nombre/ }),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: /Pregunta 1: Escribe la opción o quítala/ }),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: /Pregunta 2: Escribe la pregunta/ }),
    ).toBeInTheDocument();
    expect(
      within(list).getByRole('button', { name: /Pregunta 2: El máximo debe ser mayor/ }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription(
      'Escribe un nombre para el formulario.',
    );
    expect(within(question(1)).getByLabelText('Opción 1')).toHaveAccessibleDescription(
      'Escribe la opción o quítala.',
    );
    expect(within(question(2)).getByLabelText('Pregunta')).toHaveAccessibleDescription(
      'Escribe la pregunta.',
    );
    // A summary entry takes focus to its input.
    await user.click(within(list).getByRole('button', { name: /Pregunta 2: El máximo/ }));
    expect(within(question(2)).getByLabelText('Máximo')).toHaveFocus();

    expect(saved).toEqual([]);
    expect(bridge.log.filter((c) => c.name === 'forms.create')).toHaveLength(1);
    expect(location.history?.at(-1)).toBe('/');
  });

  it('saves a valid form and goes back to the list', async () => {
    const user = userEvent.setup();
    const { saved, handlers } = service();
    const { location } = renderWithApp(<FormBuilderScreen />, { handlers });
    await user.type(screen.getByLabelText('Nombre'), 'Seguimiento');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Seguimiento');
    await user.type(screen.getByLabelText('Descripción'), 'Tras la cirugía.');
    await user.click(screen.getByRole('button', { name: 'Sí / No' }));
    await user.keyboard('¿Ha tenido fiebre?');
    await user.click(screen.getByRole('button', { name: 'Guardar formulario' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/forms'));
    // Saved: leaving after the save asks nothing.
    expect(window.dispatchEvent(new Event('beforeunload', { cancelable: true }))).toBe(true);
    expect(saved).toEqual([
      {
        name: 'Seguimiento',
        type: 'follow_up',
        description: 'Tras la cirugía.',
        fields: [
          { id: 'ha_tenido_fiebre', type: 'boolean', label: '¿Ha tenido fiebre?', required: true },
        ],
        scoreAlerts: [],
      },
    ]);
  });

  it('asks before a link or closing the window throws away unsaved changes', async () => {
    const user = userEvent.setup();
    const { handlers } = service();
    const { location } = renderWithApp(<FormBuilderScreen />, { handlers, path: '/forms/new' });
    const back = screen.getByRole('link', { name: 'Volver a los formularios' });
    const unload = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    const confirm = vi.spyOn(window, 'confirm');
    try {
      // Nothing typed yet: nothing to lose, nothing asked.
      expect(unload()).toBe(true);
      await user.type(screen.getByLabelText('Nombre'), 'Seguimiento');
      expect(unload()).toBe(false);

      confirm.mockReturnValueOnce(false);
      await user.click(back);
      expect(confirm).toHaveBeenCalledWith(
        'El formulario tiene cambios sin guardar. ¿Salir y descartarlos?',
      );
      expect(location.history?.at(-1)).toBe('/forms/new');
      expect(screen.getByLabelText('Nombre')).toHaveValue('Seguimiento');

      confirm.mockReturnValueOnce(true);
      await user.click(back);
      expect(location.history?.at(-1)).toBe('/forms');
    } finally {
      confirm.mockRestore();
    }
  });

  it('shows the preview in a sandboxed frame whose srcdoc is the service’s page', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<FormBuilderScreen />, { handlers: service().handlers });
    await user.type(screen.getByLabelText('Nombre'), 'Vista');
    await user.click(screen.getByRole('button', { name: 'Fecha' }));
    await user.keyboard('¿Cuándo empezó?');
    const frame = await screen.findByTitle('Vista previa del formulario para el paciente');
    await waitFor(() =>
      expect(frame.getAttribute('srcdoc')).toBe(
        '<!doctype html><h1>Vista</h1><p>¿Cuándo empezó?</p>',
      ),
    );
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.tagName).toBe('IFRAME');

    await user.selectOptions(screen.getByLabelText('Idioma del paciente'), 'Català');
    await waitFor(() =>
      expect(bridge.log.filter((c) => c.name === 'forms.preview').at(-1)?.input).toMatchObject({
        language: 'ca',
      }),
    );
  });

  it('says when the preview cannot be made, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { handlers } = service();
    const preview = handlers.forms.preview;
    renderWithApp(<FormBuilderScreen />, {
      handlers: {
        forms: {
          ...handlers.forms,
          preview: (input) => {
            if (fail) throw { code: 'internal_error', message: 'boom' };
            return preview(input);
          },
        },
      },
    });
    expect(await screen.findByText('No se ha podido generar la vista previa.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByTitle('Vista previa del formulario para el paciente'),
    ).toBeInTheDocument();
  });
});

describe('form builder: editing a saved form', () => {
  const saved: FormSummary = {
    id: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
    name: 'Peso semanal',
    type: 'follow_up',
    description: '',
    status: 'active',
    fields: [{ id: 'peso', type: 'number', label: 'Peso (kg)', required: true, min: 20, max: 300 }],
    createdAt: '2026-10-01T08:00:00.000Z',
    updatedAt: '2026-10-01T08:00:00.000Z',
    responseCount: 12,
    deliveryCount: 12,
    pendingDeliveries: 0,
    deletable: false,
  };

  it('loads the form; an answered question that changes type says it cannot', async () => {
    const user = userEvent.setup();
    const { handlers } = service({ locked: { peso: 'number' } });
    const { bridge } = renderWithApp(<FormBuilderScreen id={saved.id} />, {
      handlers: { forms: { ...handlers.forms, get: () => saved } },
    });
    expect(await screen.findByRole('heading', { name: 'Editar formulario' })).toBeInTheDocument();
    expect(screen.getByText(/Este formulario tiene 12 respuestas/)).toBeInTheDocument();
    const peso = question(1);
    expect(within(peso).getByLabelText('Identificador')).toHaveValue('peso');
    // A saved id does not follow its question.
    await user.type(within(peso).getByLabelText('Pregunta'), ' en ayunas');
    expect(within(peso).getByLabelText('Identificador')).toHaveValue('peso');
    expect(
      within(peso).getByText(/las respuestas nuevas se guardarán como una pregunta distinta/),
    ).toBeInTheDocument();

    await user.selectOptions(within(peso).getByLabelText('Tipo de respuesta'), 'Texto');
    expect(
      await within(peso).findByText(
        'Esta pregunta ya tiene respuestas como «Número»: no puede cambiar de tipo. Vuelve a ese tipo o añade una pregunta nueva.',
      ),
    ).toBeInTheDocument();
    expect(within(peso).getByLabelText('Tipo de respuesta')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const previews = bridge.log.filter((c) => c.name === 'forms.preview');
    expect(previews.at(-1)?.input).toMatchObject({ formId: saved.id });
  });

  it('an archived form is read-only until restored', async () => {
    const user = userEvent.setup();
    let form: FormSummary = { ...saved, status: 'archived' };
    const { handlers } = service();
    const { bridge } = renderWithApp(<FormBuilderScreen id={saved.id} />, {
      handlers: {
        forms: {
          ...handlers.forms,
          get: () => form,
          list: () => ({ data: [form], pagination: { cursor: '', hasMore: false, limit: 100 } }),
          restore: () => {
            form = { ...form, status: 'active' };
            return form;
          },
        },
      },
    });
    expect(await screen.findByText(/Este formulario está archivado/)).toBeInTheDocument();
    expect(within(question(1)).getByLabelText('Pregunta')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar formulario' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Restaurar para editar' }));
    await waitFor(() => expect(within(question(1)).getByLabelText('Pregunta')).toBeEnabled());
    expect(screen.queryByText(/Este formulario está archivado/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar formulario' })).toBeEnabled();
    expect(bridge.log.some((c) => c.name === 'forms.restore')).toBe(true);
  });

  it('says so when the form no longer exists', async () => {
    renderWithApp(<FormBuilderScreen id="form_gone" />, {
      handlers: {
        forms: {
          get: () => {
            throw { code: 'resource_missing', message: 'gone' };
          },
        },
      },
    });
    expect(await screen.findByText('Este formulario ya no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a los formularios' })).toHaveAttribute(
      'href',
      '/forms',
    );
  });
});

describe('form builder in Catalan', () => {
  it('labels the builder and its messages in Catalan', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormBuilderScreen />, { language: 'ca', handlers: service().handlers });
    expect(screen.getByRole('heading', { level: 1, name: 'Formulari nou' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Escala' }));
    const slider = screen.getByRole('group', { name: /^Pregunta 1: Escala/ });
    expect(within(slider).getByLabelText('Mínim')).toHaveValue(0);
    expect(within(slider).getByLabelText('Màxim')).toHaveValue(10);
    expect(within(slider).getByLabelText('Pas')).toHaveValue(1);
    expect(within(slider).getByRole('button', { name: 'Puja la pregunta 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Desa el formulari' }));
    expect(await screen.findByText(/^No s'ha desat: hi ha 2 problemes/)).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveAccessibleDescription(
      'Escriu un nom per al formulari.',
    );
    expect(within(slider).getByLabelText('Pregunta')).toHaveAccessibleDescription(
      'Escriu la pregunta.',
    );
    expect(screen.getByRole('heading', { name: 'Previsualització' })).toBeInTheDocument();
  });
});

describe('the draft model', () => {
  it('makes ids from questions in any of the three languages', () => {
    const none = new Set<string>();
    expect(idFromLabel('¿Dolor al caminar?', none, 1)).toBe('dolor_al_caminar');
    expect(idFromLabel('Col·laboració amb l’equip', none, 1)).toBe('col_laboracio_amb_l_equip');
    expect(idFromLabel('Año de diagnóstico (aprox.)', none, 1)).toBe('ano_de_diagnostico_aprox');
    expect(idFromLabel('1. Humor', none, 1)).toBe('q_1_humor');
    expect(idFromLabel('   ', none, 4)).toBe('q_4');
    expect(idFromLabel('Peso', new Set(['peso', 'peso_2']), 1)).toBe('peso_3');
    const long = idFromLabel('a'.repeat(80), new Set(['a'.repeat(64)]), 1);
    expect(long).toBe(`${'a'.repeat(62)}_2`);
    expect(long).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it('sends only what each type takes, and numbers as numbers', () => {
    const draft: Draft = {
      name: 'X',
      type: 'survey',
      description: '',
      fields: [
        {
          key: 'k1',
          id: 'a',
          idFollowsLabel: false,
          type: 'text',
          label: 'A',
          hint: '  ',
          required: true,
          min: '1',
          max: '2',
          step: '1',
          options: ['kept for later'],
          alertRules: [],
        },
        {
          key: 'k2',
          id: 'b',
          idFollowsLabel: false,
          type: 'number',
          label: 'B',
          hint: '',
          required: false,
          min: '-1.5',
          max: 'e',
          step: '3',
          options: [''],
          alertRules: [],
        },
      ],
      scoreAlerts: [],
    };
    expect(toDefinition(draft).fields).toEqual([
      { id: 'a', type: 'text', label: 'A', required: true },
      // Not a number: sent as typed, so the service's type error points at it.
      { id: 'b', type: 'number', label: 'B', required: false, min: -1.5, max: 'e' },
    ]);
  });

  it('places each pointer by the keys of the draft that was checked', () => {
    const errors: DraftError[] = [
      { pointer: '/name', code: 'pattern', detail: '' },
      { pointer: '/fields', code: 'minItems', detail: '' },
      { pointer: '/fields/1/max', code: 'range', detail: '' },
      { pointer: '/fields/1', code: 'required', detail: '' },
      { pointer: '/fields/0/options/2', code: 'pattern', detail: '' },
      { pointer: '/fields/0/options', code: 'duplicate_option', detail: '' },
      { pointer: '/fields/7/label', code: 'pattern', detail: '' },
      { pointer: '/colour', code: 'additionalProperties', detail: '' },
      { pointer: '/', code: 'type', detail: '' },
    ];
    const placed = placeErrors(errors, ['k-a', 'k-b']);
    expect(Object.keys(placed.form).sort()).toEqual(['fields', 'name']);
    expect(placed.fields.get('k-b')).toEqual({ max: [errors[2]], field: [errors[3]] });
    expect(placed.fields.get('k-a')).toEqual({
      options: [{ ...errors[4], option: 2 }, errors[5]],
    });
    expect(placed.other.map((e) => e.pointer)).toEqual(['/fields/7/label', '/colour', '/']);
  });
});
