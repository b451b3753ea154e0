import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/field';
import { changeKind, newRule, ruleKinds, type DraftRule, type RuleKind } from './alert-rule-draft';
import {
  BoundInputs,
  PositionSelect,
  ruleInputId,
  RuleList,
  RuleRow,
  rowErrors,
} from './alert-rule-parts';
import type { DraftField, FieldType, PlacedError } from './form-draft';
import { useFormErrorText } from './use-form-error-text';

/** The words of a kind depend on the answer: a number "is at least", an option "or a later one". */
function kindFamily(type: FieldType): 'number' | 'select' | 'multiselect' | 'boolean' {
  if (type === 'select' || type === 'multiselect' || type === 'boolean') return type;
  return 'number';
}

/**
 * A question's alert rules: each says which answers raise an alert and how urgent it is. A
 * scored item's rule reads as the option it starts at ("Varios días o una posterior").
 */
export function FieldAlertRules(props: {
  field: DraftField;
  n: number;
  errors: readonly PlacedError[];
  /** A sentence under the hint (a validated instrument's required rule). */
  note?: string | undefined;
  onChange: (rules: DraftRule[]) => void;
}) {
  const { t } = useTranslation('forms');
  const text = useFormErrorText();
  const { field } = props;
  const kinds = ruleKinds(field.type);
  const family = kindFamily(field.type);
  const message = (list: readonly PlacedError[]) =>
    list.length ? list.map((e) => text.ruleError(e)).join(' ') : undefined;
  const set = (i: number, rule: DraftRule) =>
    props.onChange(field.alertRules.map((r, j) => (j === i ? rule : r)));
  const options = field.options.map((o, i) => ({
    value: String(i),
    label: o || t('rules.blankOption', { n: i + 1 }),
  }));

  return (
    <RuleList
      id={`q-${field.key}-alertRules`}
      title={t('rules.title')}
      hint={t('rules.hint')}
      note={props.note}
      empty={t('rules.none')}
      error={message(props.errors.filter((e) => e.rule === undefined))}
      addLabel={t('rules.addLabel', { n: props.n })}
      onAdd={() => props.onChange([...field.alertRules, newRule(field.type, field.options)])}
    >
      {field.alertRules.map((rule, i) => {
        const errors = rowErrors(props.errors, i);
        const kind = kinds.includes(rule.kind) ? rule.kind : kinds[0]!;
        return (
          <RuleRow
            key={rule.key}
            legend={t('rules.rule', { n: i + 1 })}
            error={message(errors.row)}
            removeLabel={t('rules.removeLabel', { rule: i + 1, n: props.n })}
            onRemove={() => props.onChange(field.alertRules.filter((_, j) => j !== i))}
            priority={rule.priority}
            priorityId={ruleInputId(rule.key, 'priority')}
            onPriority={(priority) => set(i, { ...rule, priority })}
          >
            {kinds.length > 1 && (
              <SelectField
                id={ruleInputId(rule.key, 'kind')}
                label={t('rules.when')}
                value={kind}
                onChange={(e) =>
                  set(i, changeKind(rule, e.target.value as RuleKind, field.options))
                }
              >
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`rules.kinds.${family}.${k}` as 'rules.kinds.number.atLeast')}
                  </option>
                ))}
              </SelectField>
            )}
            {kind === 'equals' && field.type === 'boolean' && (
              <SelectField
                id={ruleInputId(rule.key, 'equals')}
                label={t('rules.kinds.boolean.equals')}
                value={rule.equals === 'false' ? 'false' : 'true'}
                error={message(errors.equals)}
                onChange={(e) => set(i, { ...rule, equals: e.target.value })}
              >
                <option value="true">{t('rules.yes')}</option>
                <option value="false">{t('rules.no')}</option>
              </SelectField>
            )}
            {kind === 'equals' && field.type !== 'boolean' && (
              <SelectField
                id={ruleInputId(rule.key, 'equals')}
                label={
                  kinds.length > 1
                    ? t('rules.option')
                    : t(`rules.kinds.${family}.equals` as 'rules.kinds.multiselect.equals')
                }
                value={rule.equals}
                error={message(errors.equals)}
                onChange={(e) => set(i, { ...rule, equals: e.target.value })}
              >
                {!field.options.includes(rule.equals) && (
                  <option value={rule.equals}>
                    {t('rules.missingOption', { option: rule.equals })}
                  </option>
                )}
                {field.options
                  .filter((o) => o.trim() !== '')
                  .map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
              </SelectField>
            )}
            {kind !== 'equals' && field.type === 'select' && (
              <PositionSelect
                id={ruleInputId(rule.key, kind === 'atMost' ? 'max' : 'min')}
                label={t('rules.option')}
                value={kind === 'atMost' ? rule.max : rule.min}
                options={options}
                error={message(kind === 'atMost' ? errors.max : errors.min)}
                onChange={(value) =>
                  set(i, kind === 'atMost' ? { ...rule, max: value } : { ...rule, min: value })
                }
              />
            )}
            {kind !== 'equals' && field.type !== 'select' && (
              <BoundInputs
                rule={{ ...rule, kind }}
                minError={message(errors.min)}
                maxError={message(errors.max)}
                onChange={(patch) => set(i, { ...rule, ...patch })}
              />
            )}
          </RuleRow>
        );
      })}
    </RuleList>
  );
}
