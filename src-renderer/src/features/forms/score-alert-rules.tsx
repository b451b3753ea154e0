import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/field';
import {
  changeKind,
  newScoreRule,
  type DraftScoreRule,
  type InstrumentKey,
} from './alert-rule-draft';
import { BoundInputs, ruleInputId, RuleList, RuleRow, rowErrors } from './alert-rule-parts';
import type { PlacedError } from './form-draft';
import { INSTRUMENT_NAMES } from '../responses';
import { useFormErrorText } from './use-form-error-text';

/** The kinds a total can be compared by. */
const SCORE_KINDS = ['atLeast', 'atMost', 'between'] as const;

/** The form's rules on its instruments' totals (PHQ-9, GAD-7). */
export function ScoreAlertRules(props: {
  rules: readonly DraftScoreRule[];
  /** The instruments the draft holds, by the service's check. */
  held: readonly InstrumentKey[];
  errors: readonly PlacedError[];
  onChange: (rules: DraftScoreRule[]) => void;
}) {
  const { t } = useTranslation('forms');
  const text = useFormErrorText();
  const message = (list: readonly PlacedError[]) =>
    list.length ? list.map((e) => text.ruleError(e)).join(' ') : undefined;
  const set = (i: number, rule: DraftScoreRule) =>
    props.onChange(props.rules.map((r, j) => (j === i ? rule : r)));
  // A rule on an instrument the draft no longer holds stays listed, with its error.
  const instruments = [...new Set([...props.held, ...props.rules.map((r) => r.instrument)])];
  const first = props.held[0];

  return (
    <RuleList
      id="form-scoreAlerts"
      title={t('rules.scoreTitle')}
      hint={first ? t('rules.scoreHint') : t('rules.scoreNoInstrument')}
      empty={t('rules.scoreNone')}
      error={message(props.errors.filter((e) => e.rule === undefined))}
      addLabel={t('rules.scoreAdd')}
      onAdd={first ? () => props.onChange([...props.rules, newScoreRule(first)]) : undefined}
    >
      {props.rules.map((rule, i) => {
        const errors = rowErrors(props.errors, i);
        return (
          <RuleRow
            key={rule.key}
            legend={t('rules.rule', { n: i + 1 })}
            error={message(errors.row)}
            removeLabel={t('rules.scoreRemoveLabel', { n: i + 1 })}
            onRemove={() => props.onChange(props.rules.filter((_, j) => j !== i))}
            priority={rule.priority}
            priorityId={ruleInputId(rule.key, 'priority')}
            onPriority={(priority) => set(i, { ...rule, priority })}
          >
            <SelectField
              id={ruleInputId(rule.key, 'instrument')}
              label={t('rules.instrument')}
              value={rule.instrument}
              onChange={(e) => set(i, { ...rule, instrument: e.target.value as InstrumentKey })}
            >
              {instruments.map((key) => (
                <option key={key} value={key}>
                  {INSTRUMENT_NAMES[key]}
                </option>
              ))}
            </SelectField>
            <SelectField
              id={ruleInputId(rule.key, 'kind')}
              label={t('rules.whenTotal')}
              value={rule.kind}
              onChange={(e) => set(i, changeKind(rule, e.target.value as DraftScoreRule['kind']))}
            >
              {SCORE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`rules.kinds.number.${k}`)}
                </option>
              ))}
            </SelectField>
            <BoundInputs
              rule={rule}
              minError={message(errors.min)}
              maxError={message(errors.max)}
              onChange={(patch) => set(i, { ...rule, ...patch })}
            />
          </RuleRow>
        );
      })}
    </RuleList>
  );
}
