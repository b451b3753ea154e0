import { describe, expect, it } from 'vitest';
import {
  draftFromForm,
  toDefinition,
  updateField,
} from '../../src-renderer/src/features/forms/form-draft';

/**
 * A form's alert rules survive an edit in the builder: the demo PHQ-9's item 9 rule (any answer
 * but the first is urgent) must not vanish because a coordinator fixed a typo in the description.
 */
const PHQ9_ITEM_9 = {
  id: 'phq9_9',
  type: 'select' as const,
  label: 'Pensamientos de que estaría mejor muerto(a)…',
  required: true,
  options: ['Ningún día', 'Varios días', 'Más de la mitad de los días', 'Casi todos los días'],
  alertRules: [{ min: 1, priority: 'urgent' as const }],
};

describe('alert rules in the form builder', () => {
  it('are kept through an edit of something else', () => {
    const draft = draftFromForm({
      name: 'PHQ-9',
      type: 'assessment',
      description: 'Instrucciones',
      fields: [PHQ9_ITEM_9],
    });
    const edited = { ...draft, description: 'Instrucciones corregidas' };
    expect(toDefinition(edited).fields[0]).toEqual(PHQ9_ITEM_9);
  });

  it('are not sent once the question becomes a written one (written answers are triaged)', () => {
    const draft = draftFromForm({
      name: 'F',
      type: 'survey',
      description: '',
      fields: [PHQ9_ITEM_9],
    });
    const asText = updateField(draft, draft.fields[0]!.key, { type: 'text' });
    expect(toDefinition(asText).fields[0]!.alertRules).toBeUndefined();
    // And back: the rule was kept in the draft meanwhile.
    const back = updateField(asText, draft.fields[0]!.key, { type: 'select' });
    expect(toDefinition(back).fields[0]!.alertRules).toEqual(PHQ9_ITEM_9.alertRules);
  });
});
