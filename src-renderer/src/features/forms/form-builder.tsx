import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { DraftError, FormSummary, Language } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { useLeaveGuard } from '../../ui/use-leave-guard';
import { BuilderNotices } from './builder-notices';
import { DetailsCard } from './builder-details';
import { draftErrors, ErrorSummary, visibleErrors } from './builder-error-summary';
import { QuestionsCard } from './builder-questions';
import { inputId } from './field-editor';
import {
  draftFromForm,
  emptyDraft,
  errorCount,
  moveField,
  newField,
  placeErrors,
  removeField,
  toDefinition,
  updateField,
  type Draft,
  type DraftField,
  type FieldType,
  type FormProp,
} from './form-draft';
import { FormPreviewPane } from './form-preview-pane';
import { useEditions, useRestoreForm, useSaveForm } from './forms-queries';
import { createFormsStore } from './forms-store';
import { InstrumentPanel } from './instrument-panel';
import { ScoreAlertRules } from './score-alert-rules';
import { useFormErrorText } from './use-form-error-text';
import { useFormPreview } from './use-form-preview';

export const FORM_ID = 'form-builder';

interface SaveRefusal {
  errors: DraftError[];
  keys: readonly string[];
  /** The definition refused, as JSON: its errors stand while the draft is still that. */
  json: string;
}

/**
 * The builder: the form's details, its questions and its score alerts on the left, the patient's
 * page as the service renders it on the right. A save that the service refuses lists every
 * problem, each a link to its input.
 */
export function Builder(props: { form?: FormSummary; copyOf?: FormSummary }) {
  const { t, i18n } = useTranslation('forms');
  const text = useFormErrorText();
  const [, navigate] = useLocation();
  const saveForm = useSaveForm();
  const restoreForm = useRestoreForm();
  const store = useFeatureStore(createFormsStore);
  const { form, copyOf } = props;
  const archived = form?.status === 'archived';
  // A validated instrument's questions, options, instruction and type are the edition's.
  const validated = form?.instrument;
  const editions = useEditions(validated !== undefined);
  const edition = editions.data?.find((e) => e.id === validated?.edition);

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

  // A layout effect, not a passive one: the focus moves in the same turn as the click that added
  // the question, so keys typed right after it land there (a passive effect may run later, and
  // the first keys went to whatever had the focus).
  useLayoutEffect(() => {
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
      await saveForm.mutateAsync(
        form ? { id: form.id, patch: definition } : { create: definition },
      );
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
    // The form is read again afterwards (its topic changed): the builder follows.
    const restored = await restoreForm(form);
    setRestoring(false);
    if (!restored) setFailure(store.getState().actionError?.error);
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
      <BuilderNotices
        form={form}
        copyOf={copyOf}
        restoring={restoring}
        onRestore={() => void restore()}
      />
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
            <DetailsCard
              draft={draft}
              validated={validated !== undefined}
              autoFocus={!form}
              error={formError}
              onChange={changeForm}
            />
            <QuestionsCard
              draft={draft}
              validated={validated !== undefined}
              edition={edition}
              errors={shown.fields}
              fieldsError={formError('fields')}
              savedType={savedType}
              answered={(form?.responseCount ?? 0) > 0}
              onChange={changeField}
              onMove={move}
              onRemove={remove}
              onAdd={add}
            />

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
