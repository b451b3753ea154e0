import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  DraftError,
  EditionInfo,
  FormDefinition,
  FormPreviewRequest,
  FormSummary,
} from '../../src-preload/contract';
import { INSTRUMENTS } from '../../src-main/service/domain/instrument-scores';
import { PHQ9_ES } from '../../src-main/service/instruments/phq9-editions';
import {
  editionInfo,
  formFromEdition,
} from '../../src-main/service/instruments/validated-instruments';
import {
  changeKind,
  draftRule,
  ruleDefinition,
} from '../../src-renderer/src/features/forms/alert-rule-draft';
import { FormBuilderScreen } from '../../src-renderer/src/features/forms/form-builder-screen';
import { placeErrors } from '../../src-renderer/src/features/forms/form-draft';
import { renderWithApp } from './render-app';

/*
 * The form builder's alert rules (a question's, and the form's on an instrument total) and a
 * validated instrument's read-only wording. The service's rules are tested in
 * test/service/validated-instruments.test.ts; here, what the builder sends and where the
 * service's answers land.
 */

const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^Pregunta ${n}:`) });
const rulesOf = (n: number) => within(question(n)).getByRole('group', { name: 'Alertas' });

/** A service stand-in: `errors` decides the check's answer for each draft. */
function service(errors: (d: FormDefinition) => DraftError[] = () => []) {
  const previews: FormDefinition[] = [];
  return {
    previews,
    forms: {
      preview: (input: FormPreviewRequest) => {
        const definition = input.definition as FormDefinition;
        previews.push(definition);
        const held = (['phq9', 'gad7'] as const).filter((key) =>
          INSTRUMENTS[key].itemIds.every((id) => definition.fields.some((f) => f.id === id)),
        );
        return {
          html: '<!doctype html><p>Vista</p>',
          errors: errors(definition),
          instruments: held,
        };
      },
    },
  };
}

const last = (previews: FormDefinition[]) => previews.at(-1)!;

async function newFormWith(user: ReturnType<typeof userEvent.setup>, type: string, label: string) {
  await user.type(screen.getByLabelText('Nombre'), 'Control');
  await user.click(
    within(screen.getByRole('group', { name: 'Añadir una pregunta' })).getByRole('button', {
      name: type,
    }),
  );
  await user.keyboard(label);
}

describe('alert rules of a question', () => {
  it('a scale rule sends its bound and priority; its error lands on the value', async () => {
    const user = userEvent.setup();
    const svc = service((d) =>
      (d.fields[0]?.alertRules?.[0]?.min ?? 0) > 10
        ? [{ pointer: '/fields/0/alertRules/0/min', code: 'out_of_range', detail: '' }]
        : [],
    );
    renderWithApp(<FormBuilderScreen />, { handlers: { forms: svc.forms } });
    await newFormWith(user, 'Escala', 'Dolor');
    expect(
      within(rulesOf(1)).getByText('Ninguna respuesta de esta pregunta crea una alerta.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Añadir una alerta a la pregunta 1' }));
    const value = within(rulesOf(1)).getByLabelText('Valor');
    await user.type(value, '11');
    expect(
      await within(rulesOf(1)).findByText(
        'Ese valor queda fuera de las respuestas posibles: la alerta no saltaría nunca.',
      ),
    ).toBeInTheDocument();
    expect(value).toHaveAttribute('aria-invalid', 'true');
    await user.clear(value);
    await user.type(value, '8');
    await waitFor(() =>
      expect(last(svc.previews).fields[0]!.alertRules).toEqual([{ min: 8, priority: 'urgent' }]),
    );
    // "Between" keeps the 8 as its start, and the priority can be lowered.
    await user.selectOptions(within(rulesOf(1)).getByLabelText('Cuando la respuesta'), 'between');
    await user.type(within(rulesOf(1)).getByLabelText('Hasta'), '9');
    await user.selectOptions(within(rulesOf(1)).getByLabelText('Prioridad'), 'review');
    await waitFor(() =>
      expect(last(svc.previews).fields[0]!.alertRules).toEqual([
        { min: 8, max: 9, priority: 'review' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Quitar la alerta 1 de la pregunta 1' }));
    await waitFor(() => expect(last(svc.previews).fields[0]!.alertRules).toBeUndefined());
  });

  it('a choice rule names an option, by position from it or as itself', async () => {
    const user = userEvent.setup();
    const svc = service();
    renderWithApp(<FormBuilderScreen />, { handlers: { forms: svc.forms } });
    await newFormWith(user, 'Opción única', 'Herida');
    const q = question(1);
    await user.type(within(q).getByLabelText('Opción 1'), 'Limpia{Enter}');
    await user.type(within(q).getByLabelText('Opción 2'), 'Roja{Enter}');
    await user.type(within(q).getByLabelText('Opción 3'), 'Supura');
    await user.click(screen.getByRole('button', { name: 'Añadir una alerta a la pregunta 1' }));
    // A new rule starts at the second option: the first is the "all well" that raises nothing.
    expect(within(rulesOf(1)).getByLabelText('Opción')).toHaveDisplayValue('Roja');
    await waitFor(() =>
      expect(last(svc.previews).fields[0]!.alertRules).toEqual([{ min: 1, priority: 'urgent' }]),
    );
    await user.selectOptions(within(rulesOf(1)).getByLabelText('Cuando la respuesta'), 'equals');
    expect(within(rulesOf(1)).getByLabelText('Opción')).toHaveDisplayValue('Roja');
    await user.selectOptions(within(rulesOf(1)).getByLabelText('Opción'), 'Supura');
    await waitFor(() =>
      expect(last(svc.previews).fields[0]!.alertRules).toEqual([
        { equals: 'Supura', priority: 'urgent' },
      ]),
    );
  });

  it('a yes/no rule sends true or false', async () => {
    const user = userEvent.setup();
    const svc = service();
    renderWithApp(<FormBuilderScreen />, { handlers: { forms: svc.forms } });
    await newFormWith(user, 'Sí / No', '¿Tiene fiebre?');
    await user.click(screen.getByRole('button', { name: 'Añadir una alerta a la pregunta 1' }));
    await waitFor(() =>
      expect(last(svc.previews).fields[0]!.alertRules).toEqual([
        { equals: true, priority: 'urgent' },
      ]),
    );
    await user.selectOptions(within(rulesOf(1)).getByLabelText('Cuando la respuesta es'), 'false');
    await waitFor(() =>
      expect(last(svc.previews).fields[0]!.alertRules).toEqual([
        { equals: false, priority: 'urgent' },
      ]),
    );
  });

  it('written and date questions offer no rules (written answers are triaged)', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormBuilderScreen />, { handlers: { forms: service().forms } });
    await newFormWith(user, 'Texto', 'Comentarios');
    expect(within(question(1)).queryByRole('group', { name: 'Alertas' })).toBeNull();
  });
});

const editions: EditionInfo[] = [editionInfo(PHQ9_ES)];
const phq9Definition = formFromEdition(PHQ9_ES);
const validated: FormSummary = {
  ...phq9Definition,
  id: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
  type: 'assessment',
  description: phq9Definition.description!,
  status: 'active',
  instrument: { key: 'phq9', edition: PHQ9_ES.id, language: 'es' },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  responseCount: 3,
  deliveryCount: 3,
  pendingDeliveries: 0,
  deletable: false,
};

describe('score alerts and validated instruments', () => {
  it('a validated form shows its wording read-only, its team notes and its score alerts', async () => {
    const user = userEvent.setup();
    const svc = service((d) =>
      d.fields[8]?.alertRules?.length
        ? []
        : [{ pointer: '/fields/8/alertRules', code: 'rule_required', detail: '' }],
    );
    renderWithApp(<FormBuilderScreen id={validated.id} />, {
      handlers: {
        forms: { ...svc.forms, get: () => validated, instruments: () => editions },
      },
    });
    expect(await screen.findByText(/PHQ-9 es un instrumento validado/)).toBeInTheDocument();
    expect(screen.queryAllByLabelText('Pregunta')).toEqual([]);
    expect(screen.getByLabelText('Instrucción para el paciente')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Tipo')).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Añadir una pregunta' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Hacer una copia' })).toHaveAttribute(
      'href',
      `/forms/new?copy=${validated.id}`,
    );
    const notes = await screen.findByRole('region', { name: 'Sobre el instrumento' });
    expect(within(notes).getByText('20–27: Grave')).toBeInTheDocument();
    expect(
      within(question(9)).getByText(
        'El instrumento exige aquí una alerta urgente desde «Varios días».',
      ),
    ).toBeInTheDocument();

    // The score alerts: the two the instrument starts with, editable.
    const scores = screen.getByRole('group', { name: 'Alertas por puntuación' });
    expect(
      within(scores)
        .getAllByLabelText('Prioridad')
        .map((s) => (s as HTMLSelectElement).value),
    ).toEqual(['urgent', 'review']);
    await user.click(
      within(scores).getByRole('button', { name: 'Quitar la alerta por puntuación 2' }),
    );
    await waitFor(() =>
      expect(last(svc.previews).scoreAlerts).toEqual([
        { instrument: 'phq9', min: 20, priority: 'urgent' },
      ]),
    );

    // Item 9's rule removed: the service's refusal is shown with the rules.
    await user.click(screen.getByRole('button', { name: 'Quitar la alerta 1 de la pregunta 9' }));
    expect(
      await within(question(9)).findByText(
        'Esta alerta la exige el instrumento validado: no se puede quitar ni rebajar.',
      ),
    ).toBeInTheDocument();
  });

  it('a copy of a validated instrument starts as a form of the clinic’s own, every question editable', async () => {
    const svc = service();
    renderWithApp(<FormBuilderScreen />, {
      path: `/forms/new?copy=${validated.id}`,
      handlers: { forms: { ...svc.forms, get: () => validated } },
    });
    expect(await screen.findByLabelText('Nombre')).toHaveValue(`Copia de ${validated.name}`);
    expect(screen.getByText(/Es una copia de un instrumento validado/)).toBeInTheDocument();
    expect(within(question(1)).getByLabelText('Pregunta')).toHaveValue(PHQ9_ES.items[0]);
    await waitFor(() => expect(last(svc.previews).scoreAlerts).toEqual(phq9Definition.scoreAlerts));
    expect(last(svc.previews).fields[8]!.alertRules).toEqual([{ min: 1, priority: 'urgent' }]);
  });

  it('labels the rules in Catalan', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormBuilderScreen />, { handlers: { forms: service().forms }, language: 'ca' });
    await user.type(screen.getByLabelText('Nom'), 'Control');
    await user.click(screen.getByRole('button', { name: 'Escala' }));
    await user.click(screen.getByRole('button', { name: 'Afegeix una alerta a la pregunta 1' }));
    const rules = within(screen.getByRole('group', { name: /^Pregunta 1:/ })).getByRole('group', {
      name: 'Alertes',
    });
    expect(within(rules).getByLabelText('Quan la resposta')).toHaveDisplayValue('és com a mínim');
    expect(within(rules).getByLabelText('Prioritat')).toHaveDisplayValue('Urgent: trucar avui');
  });
});

describe('the rule draft model', () => {
  it('round-trips every rule the service stores', () => {
    const options = ['Ningún día', 'Varios días', 'Más de la mitad de los días', 'Casi todos'];
    for (const [type, rule] of [
      ['slider', { min: 7, priority: 'urgent' }],
      ['number', { max: 35, priority: 'review' }],
      ['number', { min: 38, max: 42, priority: 'urgent' }],
      ['select', { min: 1, priority: 'urgent' }],
      ['select', { equals: 'Varios días', priority: 'review' }],
      ['multiselect', { equals: 'Fiebre', priority: 'urgent' }],
      ['boolean', { equals: false, priority: 'urgent' }],
    ] as const) {
      expect(ruleDefinition(draftRule(rule), type), `${type} ${JSON.stringify(rule)}`).toEqual(
        rule,
      );
    }
    // Kind changes on a choice keep the option named.
    const byPosition = draftRule({ min: 2, priority: 'urgent' });
    const asOption = changeKind(byPosition, 'equals', options);
    expect(ruleDefinition(asOption, 'select')).toEqual({
      equals: 'Más de la mitad de los días',
      priority: 'urgent',
    });
    expect(ruleDefinition(changeKind(asOption, 'atLeast', options), 'select')).toEqual({
      min: 2,
      priority: 'urgent',
    });
  });

  it('places rule errors on their rule and its input', () => {
    const placed = placeErrors(
      [
        { pointer: '/fields/1/alertRules/0/min', code: 'out_of_range', detail: '' },
        { pointer: '/fields/1/alertRules', code: 'rule_required', detail: '' },
        { pointer: '/scoreAlerts/1/max', code: 'range', detail: '' },
        { pointer: '/scoreAlerts', code: 'maxItems', detail: '' },
      ],
      ['a', 'b'],
    );
    const [bound, whole] = placed.fields.get('b')?.alertRules ?? [];
    expect(bound).toMatchObject({ rule: 0, ruleProp: 'min', code: 'out_of_range' });
    expect(whole).toMatchObject({ code: 'rule_required' });
    expect(whole?.rule).toBeUndefined();
    const [max, list] = placed.form.scoreAlerts ?? [];
    expect(max).toMatchObject({ rule: 1, ruleProp: 'max' });
    expect(list).toMatchObject({ code: 'maxItems' });
    expect(list?.rule).toBeUndefined();
    expect(placed.other).toEqual([]);
  });
});
