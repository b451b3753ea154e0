import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { EditionInfo } from '../../../../src-preload/contract';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { AsyncView } from '../../ui/states';
import { useAddInstrument, useEditions } from './forms-queries';
import { useFormErrorText } from './use-form-error-text';

/** A validated instrument's edition as one line: instrument, language, publisher. */
export function useEditionName() {
  const { t } = useTranslation('forms');
  return (edition: EditionInfo) =>
    t('instruments.edition', {
      name: edition.name,
      language: t(`instruments.languages.${edition.language}`),
      region: t(`instruments.regions.${edition.source.region}`),
      publisher: edition.source.publisher,
    });
}

/**
 * Adds a validated instrument from its published edition and opens it in the builder, where its
 * alerts (and only they, with its name) can be changed.
 */
export function InstrumentDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const text = useFormErrorText();
  const editionName = useEditionName();
  const [, navigate] = useLocation();
  const editions = useEditions();
  const addInstrument = useAddInstrument();
  const [chosen, setChosen] = useState<string>();
  const edition = chosen ?? editions.data?.[0]?.id;
  const failure = addInstrument.error;

  function add() {
    if (!edition) return;
    addInstrument.mutate(edition, {
      onSuccess: (form) => {
        props.onClose();
        navigate(`/forms/${encodeURIComponent(form.id)}`);
      },
    });
  }

  return (
    <Dialog
      open={props.open}
      title={t('instruments.dialogTitle')}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{tc('actions.cancel')}</Button>
          <Button
            variant="primary"
            busy={addInstrument.isPending}
            disabled={!edition}
            onClick={add}
          >
            {t('instruments.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('instruments.dialogIntro')}</p>
      <AsyncView state={editions}>
        {(list) => (
          <fieldset className="forms-editions">
            <legend>{t('instruments.choose')}</legend>
            {list.map((e) => (
              <label key={e.id} className="forms-edition">
                <input
                  type="radio"
                  name="edition"
                  value={e.id}
                  checked={edition === e.id}
                  onChange={() => setChosen(e.id)}
                />
                <span>
                  <span className="forms-edition-name">{editionName(e)}</span>
                  <span className="forms-edition-title muted">{e.title}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </AsyncView>
      <p className="field-hint">{t('instruments.noCatalan')}</p>
      {failure && (
        <p className="notice notice-danger" role="alert">
          {text.problem(failure)}
        </p>
      )}
    </Dialog>
  );
}
