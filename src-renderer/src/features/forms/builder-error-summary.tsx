import { useTranslation } from 'react-i18next';
import type { DraftError } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { ruleInputId } from './alert-rule-parts';
import { inputId } from './field-editor';
import type { Draft, DraftField, ErrorMap, FieldType, FormProp, PlacedError } from './form-draft';
import { useFormErrorText } from './use-form-error-text';

/** After a refused save: every problem, each a link to its input. */
export function ErrorSummary(props: {
  placed: ErrorMap;
  draft: Draft;
  count: number;
  savedType: (field: DraftField) => FieldType | undefined;
}) {
  const { t } = useTranslation('forms');
  const format = useFormat();
  const text = useFormErrorText();
  const items: { target: string; label: string; message: string }[] = [];
  const formLabels: Record<FormProp, string> = {
    name: t('builder.name'),
    type: t('builder.type'),
    description: t('builder.description'),
    fields: t('builder.questions'),
    scoreAlerts: t('rules.scoreTitle'),
  };
  const formTargets: Record<FormProp, string> = {
    name: 'form-name',
    type: 'form-type',
    description: 'form-description',
    fields: 'form-fields',
    scoreAlerts: 'form-scoreAlerts',
  };
  for (const [prop, list] of Object.entries(props.placed.form) as [FormProp, PlacedError[]][]) {
    for (const e of list) {
      const rule = prop === 'scoreAlerts' ? props.draft.scoreAlerts[e.rule ?? -1] : undefined;
      items.push({
        target: rule ? ruleTarget(rule.key, e) : formTargets[prop],
        label: formLabels[prop],
        message: prop === 'scoreAlerts' ? text.ruleError(e) : text.formError(prop, e),
      });
    }
  }
  props.draft.fields.forEach((field, i) => {
    const entry = props.placed.fields.get(field.key);
    if (!entry) return;
    const context = { fieldType: field.type, savedType: props.savedType(field) };
    for (const [prop, list] of Object.entries(entry)) {
      for (const e of list) {
        const rule = prop === 'alertRules' ? field.alertRules[e.rule ?? -1] : undefined;
        const where = rule
          ? ruleTarget(rule.key, e)
          : prop === 'options' && e.option !== undefined
            ? inputId(field.key, `option-${e.option}`)
            : inputId(field.key, prop === 'field' ? 'min' : (prop as 'label'));
        items.push({
          target: where,
          label: t('builder.question', { n: i + 1 }),
          message:
            prop === 'alertRules'
              ? text.ruleError(e)
              : text.fieldError(prop as 'label', e, context),
        });
      }
    }
  });
  return (
    <>
      <p className="forms-summary-title" id="forms-summary-title">
        {t('builder.notSaved', { count: props.count, formatted: format.number(props.count) })}
      </p>
      <ul className="forms-summary-list">
        {items.map((item, i) => (
          <li key={i}>
            <button
              type="button"
              className="forms-summary-link"
              onClick={() => document.getElementById(item.target)?.focus()}
            >
              <strong>{item.label}:</strong> {item.message}
            </button>
          </li>
        ))}
        {props.placed.other.map((e, i) => (
          <li key={`other-${i}`}>{e.detail}</li>
        ))}
      </ul>
    </>
  );
}

/** A rule's input for its error: the bound or option named, else its priority (always there). */
function ruleTarget(ruleKey: string, error: PlacedError): string {
  const prop = error.ruleProp;
  return ruleInputId(
    ruleKey,
    prop === 'min' || prop === 'max' || prop === 'equals' ? prop : 'priority',
  );
}

/** Errors of what the user has touched, or all of them once a save was tried. */
export function visibleErrors(
  placed: ErrorMap,
  all: boolean,
  touched: ReadonlySet<string>,
): ErrorMap {
  if (all) return placed;
  return {
    form: Object.fromEntries(
      Object.entries(placed.form).filter(([prop]) => touched.has(prop)),
    ) as ErrorMap['form'],
    fields: new Map([...placed.fields].filter(([key]) => touched.has(key))),
    other: [],
  };
}

export function draftErrors(failure: BridgeFailure): DraftError[] {
  const list = (failure.details?.errors ?? []) as Partial<DraftError>[];
  return list.map((e) => ({
    pointer: e.pointer ?? '/',
    code: e.code ?? 'other',
    detail: e.detail ?? '',
  }));
}
