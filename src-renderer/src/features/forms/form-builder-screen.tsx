import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { DraftError, FormSummary, Language } from '../../../../src-preload/contract';
import { useBridge, useFeatureStore } from '../../app/app-context';
import { asFailure, unwrap, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { idle, load, type Async } from '../../stores/async';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Card, PageHeader } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { useLeaveGuard } from '../../ui/use-leave-guard';
import { ruleInputId, ScoreAlertRules } from './alert-rules-editor';
import { FieldEditor, inputId } from './field-editor';
import {
  draftFromForm,
  emptyDraft,
  errorCount,
  FIELD_TYPES,
  FORM_TYPES,
  moveField,
  newField,
  placeErrors,
  removeField,
  toDefinition,
  updateField,
  type Draft,
  type DraftField,
  type ErrorMap,
  type FieldType,
  type FormProp,
  type PlacedError,
} from './form-draft';
import { FormPreviewPane } from './form-preview-pane';
import { INSTRUMENT_NAMES } from '../responses/score-badges';
import { InstrumentPanel } from './instrument-panel';
import { useEditions } from './use-editions';
import { createFormsStore } from './forms-store';
import { useFormErrorText } from './use-form-error-text';
import { useFormPreview } from './use-form-preview';
import './forms.css';

const FORM_ID = 'form-builder';

/**
 * `/forms/new` builds a new form, `/forms/new?copy=<id>` starts from a copy of one (a validated
 * instrument's copy is a form of the clinic's own); `/forms/:id` edits one (read-only while
 * archived; a validated instrument's wording is read-only always).
 */
export function FormBuilderScreen(props: { id?: string }) {
  const copy = new URLSearchParams(useSearch()).get('copy');
  if (props.id) return <ExistingForm key={props.id} id={props.id} />;
  return copy ? <ExistingForm key={`copy-${copy}`} id={copy} copy /> : <Builder />;
}

function ExistingForm(props: { id: string; copy?: boolean }) {
  const { t } = useTranslation('forms');
  const bridge = useBridge();
  const [state, setState] = useState<Async<FormSummary>>(idle);
  const latest = useRef(state);
  latest.current = state;
  const reload = useCallback(() => {
    void load(latest.current, setState, () => unwrap(bridge.forms.get({ id: props.id })));
  }, [bridge, props.id]);
  useEffect(reload, [reload]);

  if (state.status === 'error' && state.error.code === 'resource_missing') {
    return (
      <div className="forms-builder-screen">
        <PageHeader title={t('builder.editTitle')} />
        <p className="notice notice-danger" role="alert">
          {t('builder.notFound')}
        </p>
        <Link href="/forms" className="btn">
          {t('builder.back')}
        </Link>
      </div>
    );
  }
  return (
    <AsyncView state={state} onRetry={reload}>
      {(form) =>
        props.copy ? <Builder copyOf={form} /> : <Builder form={form} onRestored={reload} />
      }
    </AsyncView>
  );
}

interface SaveRefusal {
  errors: DraftError[];
  keys: readonly string[];
  /** The definition refused, as JSON: its errors stand while the draft is still that. */
  json: string;
}

function Builder(props: { form?: FormSummary; copyOf?: FormSummary; onRestored?: () => void }) {
  const { t, i18n } = useTranslation('forms');
  const format = useFormat();
  const text = useFormErrorText();
  const [, navigate] = useLocation();
  const store = useFeatureStore(createFormsStore);
  const { form, copyOf } = props;
  const archived = form?.status === 'archived';
  // A validated instrument's questions, options, instruction and type are the edition's.
  const validated = form?.instrument;
  const editions = useEditions(validated !== undefined);
  const edition =
    editions.state.status === 'ready'
      ? editions.state.data.find((e) => e.id === validated?.edition)
      : undefined;

  const [draft, setDraft] = useState<Draft>(() => {
    if (form) return draftFromForm(form);
    if (copyOf) {
      return { ...draftFromForm(copyOf), name: t('instruments.copyName', { name: copyOf.name }) };
    }
    return emptyDraft();
  });
  const [language, setLanguage] = useState<Language>((i18n.resolvedLanguage ?? 'es') as Language);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<SaveRefusal>();
  const [failure, setFailure] = useState<BridgeFailure>();
  const [restoring, setRestoring] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const focusNext = useRef<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);

  const definition = useMemo(() => toDefinition(draft), [draft]);
  const json = JSON.stringify(definition);
  // What the form was when the screen opened: anything else is work a click could throw away.
  const [openedAs] = useState(json);
  const leaveGuard = useLeaveGuard(!archived && json !== openedAs, t('builder.leave'));
  const keys = draft.fields.map((f) => f.key);
  const preview = useFormPreview({ definition, keys, language, formId: form?.id });

  // The save's answer for exactly this draft, else the latest check of the draft.
  const source =
    refusal && refusal.json === json ? refusal : { errors: preview.errors, keys: preview.keys };
  const placed = placeErrors(source.errors, source.keys);
  const shown = visibleErrors(placed, showAll, touched);
  const problems = errorCount(shown);

  useEffect(() => {
    if (focusNext.current) {
      document.getElementById(focusNext.current)?.focus();
      focusNext.current = null;
    }
  });

  const touch = (name: string) => setTouched((s) => (s.has(name) ? s : new Set([...s, name])));

  function changeForm(
    patch: Partial<Pick<Draft, 'name' | 'type' | 'description' | 'scoreAlerts'>>,
  ) {
    setDraft((d) => ({ ...d, ...patch }));
    for (const name of Object.keys(patch)) touch(name);
  }

  function changeField(field: DraftField, patch: Partial<DraftField>) {
    // A scale needs both bounds: a question turned into one starts as 0–10.
    const bounds =
      patch.type === 'slider' && field.min === '' && field.max === ''
        ? { min: '0', max: '10', step: field.step || '1' }
        : {};
    setDraft((d) => updateField(d, field.key, { ...patch, ...bounds }));
    touch(field.key);
  }

  function add(type: FieldType) {
    const field = newField(type, draft.fields);
    setDraft((d) => ({ ...d, fields: [...d.fields, field] }));
    focusNext.current = inputId(field.key, 'label');
  }

  function move(index: number, by: -1 | 1) {
    const field = draft.fields[index]!;
    const to = index + by;
    setDraft((d) => moveField(d, index, by));
    // Focus stays on the button pressed, unless that button is now disabled (top or bottom).
    const up = by === -1 ? to > 0 : to === draft.fields.length - 1;
    focusNext.current = `${inputId(field.key, 'field')}-${up ? 'up' : 'down'}`;
    setAnnouncement(t('builder.moved', { n: to + 1 }));
  }

  function remove(index: number) {
    const field = draft.fields[index]!;
    const rest = draft.fields.filter((f) => f.key !== field.key);
    setDraft((d) => removeField(d, field.key));
    touch('fields');
    const next = rest[index] ?? rest[index - 1];
    focusNext.current = next ? inputId(next.key, 'label') : 'forms-add-first';
    setAnnouncement(t('builder.removed', { n: index + 1 }));
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (archived) return;
    setShowAll(true);
    setSaving(true);
    setFailure(undefined);
    const sent = { keys, json };
    try {
      if (form) await store.getState().update(form.id, definition);
      else await store.getState().create(definition);
      leaveGuard.allowLeave();
      navigate('/forms');
    } catch (error) {
      const refused = asFailure(error);
      if (refused.code === 'validation_failed') {
        setRefusal({ ...sent, errors: draftErrors(refused) });
        summary.current?.focus();
      } else {
        setFailure(refused);
      }
      setSaving(false);
    }
  }

  async function restore() {
    if (!form) return;
    setRestoring(true);
    const restored = await store.getState().restore(form);
    setRestoring(false);
    if (restored) props.onRestored?.();
    else setFailure(store.getState().actionError?.error);
  }

  const formError = (prop: FormProp) =>
    shown.form[prop]?.map((e) => text.formError(prop, e)).join(' ');
  const savedType = (field: DraftField) => form?.fields.find((f) => f.id === field.id)?.type;

  return (
    <div className="forms-builder-screen">
      <PageHeader
        title={form ? t('builder.editTitle') : t('builder.newTitle')}
        description={form?.name}
        actions={
          <>
            <Link href="/forms" className="btn">
              {t('builder.back')}
            </Link>
            <Button
              type="submit"
              form={FORM_ID}
              variant="primary"
              busy={saving}
              disabled={archived}
            >
              {saving ? t('builder.saving') : t('builder.save')}
            </Button>
          </>
        }
      />
      {archived && (
        <div className="notice notice-warning forms-archived" role="status">
          <span>{t('builder.archived')}</span>
          <Button size="sm" busy={restoring} onClick={() => void restore()}>
            {t('builder.restore')}
          </Button>
        </div>
      )}
      {form && form.responseCount > 0 && !archived && (
        <p className="notice">
          {t('builder.inUse', {
            count: form.responseCount,
            formatted: format.number(form.responseCount),
          })}
        </p>
      )}
      {validated && (
        <div className="notice forms-validated" role="note">
          <span>
            {t('instruments.lockedNotice', {
              instrument: INSTRUMENT_NAMES[validated.key],
              language: t(`instruments.languages.${validated.language}`),
            })}
          </span>
          <Link href={`/forms/new?copy=${encodeURIComponent(form!.id)}`} className="btn btn-sm">
            {t('instruments.copy')}
          </Link>
        </div>
      )}
      {copyOf?.instrument && <p className="notice notice-warning">{t('instruments.copyNotice')}</p>}
      {failure && (
        <p className="notice notice-danger" role="alert">
          {text.problem(failure)}
        </p>
      )}
      <div
        ref={summary}
        tabIndex={-1}
        className={showAll && problems > 0 ? 'notice notice-danger forms-summary' : undefined}
        role="alert"
        aria-labelledby={showAll && problems > 0 ? 'forms-summary-title' : undefined}
      >
        {showAll && problems > 0 && (
          <ErrorSummary placed={shown} draft={draft} count={problems} savedType={savedType} />
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <div className="forms-builder">
        <form id={FORM_ID} onSubmit={(e) => void save(e)} noValidate className="forms-editor">
          <fieldset disabled={archived} className="forms-editor-fields">
            <Card title={t('builder.details')}>
              <TextField
                id="form-name"
                label={t('builder.name')}
                hint={t('builder.nameHint')}
                value={draft.name}
                maxLength={200}
                autoComplete="off"
                aria-required="true"
                autoFocus={!form}
                error={formError('name')}
                onChange={(e) => changeForm({ name: e.target.value })}
              />
              <SelectField
                id="form-type"
                label={t('builder.type')}
                disabled={validated !== undefined}
                value={draft.type}
                error={formError('type')}
                onChange={(e) => changeForm({ type: e.target.value as Draft['type'] })}
              >
                {FORM_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`)}
                  </option>
                ))}
              </SelectField>
              <DescriptionField
                locked={validated !== undefined}
                value={draft.description}
                error={formError('description')}
                onChange={(description) => changeForm({ description })}
              />
            </Card>

            <Card title={t('builder.questions')} className="forms-questions">
              {draft.fields.length === 0 && <p className="muted">{t('builder.noQuestions')}</p>}
              <ol className="forms-question-list">
                {draft.fields.map((field, index) => (
                  <li key={field.key}>
                    <FieldEditor
                      locked={validated !== undefined}
                      requiredFrom={
                        edition?.requiredRules.find((r) => r.fieldId === field.id)?.from
                      }
                      field={field}
                      index={index}
                      count={draft.fields.length}
                      errors={shown.fields.get(field.key)}
                      savedType={savedType(field)}
                      answered={(form?.responseCount ?? 0) > 0}
                      onChange={(patch) => changeField(field, patch)}
                      onMove={(by) => move(index, by)}
                      onRemove={() => remove(index)}
                    />
                  </li>
                ))}
              </ol>
              {formError('fields') && (
                <p className="field-error" id="form-fields" role="alert" tabIndex={-1}>
                  {formError('fields')}
                </p>
              )}
              {!validated && (
                <div className="forms-add" role="group" aria-labelledby="forms-add-title">
                  <h3 id="forms-add-title">{t('builder.addQuestion')}</h3>
                  <div className="forms-add-buttons">
                    {FIELD_TYPES.map((type, i) => (
                      <Button
                        key={type}
                        size="sm"
                        id={i === 0 ? 'forms-add-first' : undefined}
                        onClick={() => add(type)}
                      >
                        <span aria-hidden="true">+</span> {t(`fieldTypes.${type}`)}
                      </Button>
                    ))}
                  </div>
                </div>
              )}
            </Card>

            {(preview.instruments.length > 0 || draft.scoreAlerts.length > 0) && (
              <Card className="forms-score-alerts">
                <ScoreAlertRules
                  rules={draft.scoreAlerts}
                  held={preview.instruments}
                  errors={shown.form.scoreAlerts ?? []}
                  onChange={(scoreAlerts) => changeForm({ scoreAlerts })}
                />
              </Card>
            )}
            {edition && <InstrumentPanel edition={edition} />}
          </fieldset>
        </form>
        <FormPreviewPane preview={preview} language={language} onLanguage={setLanguage} />
      </div>
    </div>
  );
}

function DescriptionField(props: {
  value: string;
  error: string | undefined;
  /** A validated instrument's instruction: the edition's words, read-only. */
  locked: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('forms');
  const id = 'form-description';
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {props.locked ? t('instruments.instruction') : t('builder.description')}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={5000}
        readOnly={props.locked}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          {props.locked ? t('instruments.instructionHint') : t('builder.descriptionHint')}
        </p>
      )}
    </div>
  );
}

/** After a refused save: every problem, each a link to its input. */
function ErrorSummary(props: {
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
function visibleErrors(placed: ErrorMap, all: boolean, touched: ReadonlySet<string>): ErrorMap {
  if (all) return placed;
  return {
    form: Object.fromEntries(
      Object.entries(placed.form).filter(([prop]) => touched.has(prop)),
    ) as ErrorMap['form'],
    fields: new Map([...placed.fields].filter(([key]) => touched.has(key))),
    other: [],
  };
}

function draftErrors(failure: BridgeFailure): DraftError[] {
  const list = (failure.details?.errors ?? []) as Partial<DraftError>[];
  return list.map((e) => ({
    pointer: e.pointer ?? '/',
    code: e.code ?? 'other',
    detail: e.detail ?? '',
  }));
}
