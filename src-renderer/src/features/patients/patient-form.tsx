import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../../src-preload/contract';
import { asFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField, TextField } from '../../ui/field';
import { describeError } from '../../ui/states';
import { PREFERRED_LANGUAGES } from './patient-format';
import {
  addTags,
  createInput,
  fieldErrorsOf,
  firstInvalid,
  localErrors,
  updatePatch,
  valuesFrom,
  type Consent,
  type FieldMessage,
  type FieldName,
  type FormValues,
} from './patient-form-model';

const CONSENTS: readonly Consent[] = ['', 'yes', 'no'];
import { usePatientTags, useSavePatient } from './patients-queries';

type Errors = Partial<Record<FieldName, FieldMessage>>;

/** Translates a field message from the form model. */
function useFieldMessage(): (message: FieldMessage | undefined) => string | undefined {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  return (message) => {
    if (!message) return undefined;
    if (message.ns === 'common') return tc(`fieldErrors.${message.key}`);
    if (message.ns === 'patients') return t(`form.${message.key}`);
    return message.text;
  };
}

/**
 * Creating and editing a patient: one form. Only the two names are checked here; the service is
 * the authority and its validation errors land next to their fields.
 */
export function PatientForm(props: {
  /** The patient to edit; without it the form creates one. */
  patient?: Patient;
  onSaved: (patient: Patient) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const message = useFieldMessage();
  const save = useSavePatient();
  // The tags the list has read, if it has: no read of its own for suggestions.
  const tagSuggestions = usePatientTags({ fetch: false }).data;
  const base = useId();
  const idOf = (field: FieldName) => `${base}-${field}`;
  const [values, setValues] = useState<FormValues>(() => valuesFrom(props.patient));
  const [tagDraft, setTagDraft] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<{ field: FieldName } | undefined>();
  const editing = props.patient !== undefined;

  useEffect(() => {
    if (focus) document.getElementById(`${base}-${focus.field}`)?.focus();
  }, [focus, base]);

  function change<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as FieldName]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    const first = firstInvalid(next);
    if (first) setFocus({ field: first });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const current = { ...values, tags: addTags(values.tags, tagDraft) };
    setValues(current);
    setTagDraft('');
    setFormError(undefined);
    const local = localErrors(current);
    if (firstInvalid(local)) {
      showErrors(local);
      return;
    }
    setErrors({});
    let run: () => Promise<Patient>;
    if (props.patient) {
      const { id } = props.patient;
      const patch = updatePatch(props.patient, current);
      if (Object.keys(patch).length === 0) {
        setFormError(t('form.noChanges'));
        return;
      }
      run = () => save.mutateAsync({ id, patch });
    } else {
      const input = createInput(current);
      run = () => save.mutateAsync({ create: input });
    }
    setBusy(true);
    try {
      const saved = await run();
      setBusy(false);
      props.onSaved(saved);
    } catch (error) {
      setBusy(false);
      const failure = asFailure(error);
      const { fields, rest } = fieldErrorsOf(failure);
      if (failure.code === 'validation_failed' || firstInvalid(fields)) {
        showErrors(fields);
        setFormError(rest.length ? rest.join(' ') : describeError(tc, failure));
      } else {
        setFormError(describeError(tc, failure));
      }
    }
  }

  const text = (
    field: 'firstName' | 'lastName' | 'email' | 'phone' | 'dateOfBirth' | 'mrn' | 'physician',
  ) => ({
    id: idOf(field),
    value: values[field],
    error: message(errors[field]),
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
  });

  return (
    <form className="patient-form" noValidate onSubmit={(e) => void submit(e)}>
      {formError && (
        <p className="notice notice-danger" role="alert">
          {formError}
        </p>
      )}
      <div className="form-row">
        <TextField
          {...text('firstName')}
          label={t('form.firstName')}
          required
          autoComplete="off"
          maxLength={100}
        />
        <TextField
          {...text('lastName')}
          label={t('form.lastName')}
          required
          autoComplete="off"
          maxLength={100}
        />
      </div>
      <div className="form-row">
        <TextField {...text('email')} label={t('form.email')} type="email" autoComplete="off" />
        <TextField
          {...text('phone')}
          label={t('form.phone')}
          type="tel"
          hint={t('form.phoneHint')}
          placeholder="+34612345678"
          autoComplete="off"
        />
      </div>
      <div className="form-row">
        <TextField {...text('dateOfBirth')} label={t('form.dateOfBirth')} type="date" />
        <SelectField
          id={idOf('language')}
          label={t('form.language')}
          value={values.language}
          error={message(errors.language)}
          onChange={(e) => change('language', e.target.value as FormValues['language'])}
        >
          <option value="">{t('form.languageNone')}</option>
          {PREFERRED_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="form-row">
        <TextField {...text('mrn')} label={t('form.mrn')} maxLength={64} autoComplete="off" />
        <TextField
          {...text('physician')}
          label={t('form.physician')}
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <div className="form-row">
        {(['whatsappConsent', 'emailConsent'] as const).map((field) => (
          <SelectField
            key={field}
            id={idOf(field)}
            label={t(`form.${field}`)}
            value={values[field]}
            error={message(errors[field])}
            onChange={(e) => change(field, e.target.value as Consent)}
          >
            {CONSENTS.map((c) => (
              <option key={c} value={c}>
                {t(`form.consent.${c}`)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      {editing && (
        <SelectField
          id={idOf('status')}
          label={t('form.status')}
          value={values.status}
          error={message(errors.status)}
          onChange={(e) => change('status', e.target.value as FormValues['status'])}
        >
          <option value="active">{t('status.active')}</option>
          <option value="inactive">{t('status.inactive')}</option>
        </SelectField>
      )}
      <TagsInput
        id={idOf('tags')}
        label={t('form.tags')}
        hint={t('form.tagsHint')}
        error={message(errors.tags)}
        tags={values.tags}
        draft={tagDraft}
        suggestions={tagSuggestions?.map((s) => s.tag) ?? []}
        onDraftChange={setTagDraft}
        onTagsChange={(tags) => change('tags', tags)}
        removeLabel={(tag) => t('form.removeTag', { tag })}
      />
      <div className="dialog-footer">
        <Button onClick={props.onCancel} disabled={busy}>
          {tc('actions.cancel')}
        </Button>
        <Button type="submit" variant="primary" busy={busy}>
          {editing ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}

/** Chips plus a text box: Enter or a comma turns the text into a tag, Backspace takes one back. */
function TagsInput(props: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  tags: string[];
  draft: string;
  suggestions: string[];
  onDraftChange: (draft: string) => void;
  onTagsChange: (tags: string[]) => void;
  removeLabel: (tag: string) => string;
}) {
  const { id, tags, draft } = props;
  const listId = `${id}-suggestions`;
  function onChange(value: string) {
    if (value.includes(',')) {
      const parts = value.split(',');
      const last = parts.pop() ?? '';
      props.onTagsChange(addTags(tags, parts.join(',')));
      props.onDraftChange(last.trimStart());
    } else {
      props.onDraftChange(value);
    }
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (draft.trim()) {
        props.onTagsChange(addTags(tags, draft));
        props.onDraftChange('');
      }
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      props.onTagsChange(tags.slice(0, -1));
    }
  }
  const described = props.error ? `${id}-error` : `${id}-hint`;
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <div className="patients-tags-input">
        {tags.length > 0 && (
          <ul className="patients-chips" aria-label={props.label}>
            {tags.map((tag) => (
              <li key={tag} className="patients-chip">
                {tag}
                <button
                  type="button"
                  className="patients-chip-remove"
                  aria-label={props.removeLabel(tag)}
                  onClick={() => props.onTagsChange(tags.filter((t) => t !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          value={draft}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          list={props.suggestions.length ? listId : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
        />
        {props.suggestions.length > 0 && (
          <datalist id={listId}>
            {props.suggestions
              .filter((s) => !tags.includes(s))
              .map((s) => (
                <option key={s} value={s} />
              ))}
          </datalist>
        )}
      </div>
      {props.error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
    </div>
  );
}

/** The form in a modal: "Nuevo paciente" on the list, "Editar" on the patient's page. */
export function PatientFormDialog(props: {
  open: boolean;
  patient?: Patient;
  onClose: () => void;
  onSaved: (patient: Patient) => void;
}) {
  const { t } = useTranslation('patients');
  return (
    <Dialog
      open={props.open}
      wide
      title={props.patient ? t('form.editTitle') : t('form.createTitle')}
      onClose={props.onClose}
    >
      <PatientForm
        {...(props.patient ? { patient: props.patient } : {})}
        onSaved={props.onSaved}
        onCancel={props.onClose}
      />
    </Dialog>
  );
}
