import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { PRIORITIES, usesBound, type RuleKind, type RulePriority } from './alert-rule-draft';
import type { PlacedError } from './form-draft';

// The pieces both rule editors (a question's, the form's totals') are built of.

/** The id of a rule's input, so the error summary can move focus to it. */
export const ruleInputId = (
  ruleKey: string,
  prop: 'kind' | 'min' | 'max' | 'equals' | 'instrument' | 'priority',
) => `${ruleKey}-${prop}`;

/** Errors of one rule, split by the input they belong to. */
export function rowErrors(errors: readonly PlacedError[], row: number) {
  const mine = errors.filter((e) => e.rule === row);
  return {
    min: mine.filter((e) => e.ruleProp === 'min'),
    max: mine.filter((e) => e.ruleProp === 'max'),
    equals: mine.filter((e) => e.ruleProp === 'equals'),
    row: mine.filter((e) => !['min', 'max', 'equals'].includes(e.ruleProp ?? '')),
  };
}

/** A list of rules under its title and hint, with the button that adds one. */
export function RuleList(props: {
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

/** One rule: its inputs (the children), its priority and the button that removes it. */
export function RuleRow(props: {
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

/** An option of a single-choice question, by its position ("Varios días o una posterior"). */
export function PositionSelect(props: {
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
export function BoundInputs(props: {
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
