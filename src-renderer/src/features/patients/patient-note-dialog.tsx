import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../../src-preload/contract';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextAreaField, TextField } from '../../ui/field';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';
import { describeError } from '../../ui/states';
import { fullName } from './patient-format';
import { useAddNote } from './patients-queries';

/** The service's limits on a note and on the name it is signed with. */
const TEXT_MAX = 5000;
const AUTHOR_MAX = 100;
/** Who signs notes at this desk, remembered between notes (a desk is usually one person's). */
const AUTHOR_KEY = 'engage-desk.note-author';

function rememberedAuthor(): string {
  try {
    return localStorage.getItem(AUTHOR_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * A note for the patient's record, signed by who writes it. The service checks it (422 with the
 * field), and keeps it as written: the dialog says so before it is saved.
 */
export function PatientNoteDialog(props: {
  patient: Patient;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const add = useAddNote();
  const [text, setText] = useState('');
  const [author, setAuthor] = useState(rememberedAuthor);
  const fields = fieldErrorsOf(add.error ?? undefined);
  const fieldError = (pointer: string) => fieldErrorText(tc, fields[pointer]);
  const other =
    add.error && !fields['/text'] && !fields['/author'] ? describeError(tc, add.error) : undefined;

  const save = () => {
    const signed = author.trim();
    add.mutate(
      { patientId: props.patient.id, text, ...(signed ? { author: signed } : {}) },
      {
        onSuccess: () => {
          try {
            if (signed) localStorage.setItem(AUTHOR_KEY, signed);
          } catch {
            // A desk without storage asks again next time; the note is saved all the same.
          }
          props.onSaved();
        },
      },
    );
  };

  return (
    <Dialog
      open
      title={`${t('notes.title')} · ${fullName(props.patient)}`}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{tc('actions.cancel')}</Button>
          <Button variant="primary" busy={add.isPending} disabled={!text.trim()} onClick={save}>
            {add.isPending ? t('notes.saving') : t('notes.save')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t('notes.text')}
        hint={t('notes.textHint')}
        error={fieldError('/text')}
        value={text}
        maxLength={TEXT_MAX}
        rows={6}
        autoFocus
        onChange={(event) => setText(event.target.value)}
      />
      <TextField
        label={t('notes.author')}
        hint={t('notes.authorHint')}
        error={fieldError('/author')}
        value={author}
        maxLength={AUTHOR_MAX}
        autoComplete="name"
        onChange={(event) => setAuthor(event.target.value)}
      />
      <p className="muted">{t('notes.kept')}</p>
      {other && (
        <p className="notice notice-danger" role="alert">
          {other}
        </p>
      )}
    </Dialog>
  );
}
