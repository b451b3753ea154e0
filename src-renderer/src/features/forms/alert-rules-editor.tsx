import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import {
  changeKind,
  newRule,
  newScoreRule,
  PRIORITIES,
  ruleKinds,
  usesBound,
  type DraftRule,
  type DraftScoreRule,
  type InstrumentKey,
  type RuleKind,
  type RulePriority,
} from './alert-rule-draft';
import type { DraftField, FieldType, PlacedError } from './form-draft';
import { INSTRUMENT_NAMES } from '../responses/score-badges';
import { useFormErrorText } from './use-form-error-text';

/** The id of a rule's input, so the error summary can move focus to it. */
export const ruleInputId = (
  ruleKey: string,
  prop: 'kind' | 'min' | 'max' | 'equals' | 'instrument' | 'priority',
) => `${ruleKey}-${prop}`;

/** The kinds a total can be compared by. */
const SCORE_KINDS = ['atLeast', 'atMost', 'between'] as const;

/** The words of a kind depend on the answer: a number "is at least", an option "or a later one". */
function kindFamily(type: FieldType): 'number' | 'select' | 'multiselect' | 'boolean' {
  if (type === 'select' || type === 'multiselect' || type === 'boolean') return type;
  return 'number';
}

/** Errors of one rule, split by the input they belong to. */
function rowErrors(errors: readonly PlacedError[], row: number) {
  const mine = errors.filter((e) => e.rule === row);
  return {
    min: mine.filter((e) => e.ruleProp === 'min'),
    max: mine.filter((e) => e.ruleProp === 'max'),
    equals: mine.filter((e) => e.ruleProp === 'equals'),
    row: mine.filter((e) => !['min', 'max', 'equals'].includes(e.ruleProp ?? '')),
  };
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

function RuleList(props: {
  id: string;
  title: string;
  hint: string;
  empty: string;
  /** A sentence that always shows (a validated instrument's required rule). */
  note?: string | undefined;
  error: string | undefined;
  addLabel: string;
  /** Absent when no rule can be added (a form without an instrument has no total). */
  onAdd: (() => void) | undefined;
  children: ReactNode[];
}) {
  const { t } = useTranslation('forms');
  const errorId = `${props.id}-error`;
  return (
    <fieldset
      className={`forms-rules${props.error ? ' field-invalid' : ''}`}
      id={props.id}
      tabIndex={-1}
      aria-describedby={props.error ? errorId : `${props.id}-hint`}
    >
      <legend>{props.title}</legend>
      {/* The explanation is read out with the list; on screen it shows once there is a rule. */}
      <p
        className={props.children.length === 0 ? 'visually-hidden' : 'field-hint'}
        id={`${props.id}-hint`}
      >
        {props.hint}
      </p>
      {props.note && <p className="field-hint forms-rules-note">{props.note}</p>}
      {props.children.length === 0 ? (
        <p className="muted forms-rules-none">{props.empty}</p>
      ) : (
        <ol className="forms-rule-list">{props.children}</ol>
      )}
      {props.onAdd && (
        <Button size="sm" aria-label={props.addLabel} onClick={props.onAdd}>
          <span aria-hidden="true">+</span> {t('rules.add')}
        </Button>
      )}
      {props.error && (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function RuleRow(props: {
  legend: string;
  error: string | undefined;
  removeLabel: string;
  onRemove: () => void;
  priority: RulePriority;
  priorityId: string;
  onPriority: (priority: RulePriority) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('forms');
  return (
    <li className={`forms-rule forms-rule-${props.priority}`}>
      <fieldset className="forms-rule-fields">
        <legend className="visually-hidden">{props.legend}</legend>
        {props.children}
        <SelectField
          id={props.priorityId}
          label={t('rules.priority')}
          value={props.priority}
          onChange={(e) => props.onPriority(e.target.value as RulePriority)}
        >
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`rules.priorities.${p}`)}
            </option>
          ))}
        </SelectField>
        <Button
          size="sm"
          variant="ghost"
          className="forms-remove"
          aria-label={props.removeLabel}
          onClick={props.onRemove}
        >
          {t('rules.remove')}
        </Button>
      </fieldset>
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </li>
  );
}

function PositionSelect(props: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('forms');
  const known = props.options.some((o) => o.value === props.value);
  return (
    <SelectField
      id={props.id}
      label={props.label}
      value={props.value}
      error={props.error}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {!known && (
        <option value={props.value}>
          {t('rules.missingPosition', { n: Number(props.value) + 1 })}
        </option>
      )}
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/** "From" and "to" of a number, a scale or a total; only the ones the kind uses. */
function BoundInputs(props: {
  rule: { key: string; kind: Exclude<RuleKind, 'equals'>; min: string; max: string };
  minError: string | undefined;
  maxError: string | undefined;
  onChange: (patch: { min?: string; max?: string }) => void;
}) {
  const { t } = useTranslation('forms');
  const { rule } = props;
  const label = { min: t('rules.from'), max: t('rules.to') };
  const error = { min: props.minError, max: props.maxError };
  return (
    <>
      {(['min', 'max'] as const)
        .filter((bound) => usesBound(rule.kind, bound))
        .map((bound) => (
          <TextField
            key={bound}
            id={ruleInputId(rule.key, bound)}
            label={rule.kind === 'between' ? label[bound] : t('rules.value')}
            type="number"
            step="any"
            inputMode="decimal"
            className="forms-rule-number"
            value={rule[bound]}
            error={error[bound]}
            onChange={(e) => props.onChange({ [bound]: e.target.value })}
          />
        ))}
    </>
  );
}
