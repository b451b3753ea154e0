import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertView } from '../../../../src-preload/contract';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { describeError } from '../../ui/states';
import { TextAreaField } from '../../ui/field';
import { fullName } from '../patients';
import { useAlertText } from './alert-text';
import { useAlertAction } from './alerts-queries';
import type { AlertAction } from './alerts-store';

/** The service's limit on a note. */
const NOTE_MAX = 2000;

/**
 * Acknowledge or resolve one alert, with an optional note for the record. The alert's patient and
 * reason are repeated so the coordinator sees what they are closing.
 */
export function AlertActionDialog(props: {
  alert: AlertView;
  action: AlertAction;
  onClose: () => void;
  onDone: (alert: AlertView) => void;
}) {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const act = useAlertAction();
  const describe = useAlertText();
  const [note, setNote] = useState('');
  const { alert, action } = props;
  const failure = act.error;

  const confirm = () => {
    act.mutate({ action, id: alert.id, note }, { onSuccess: (done) => props.onDone(done) });
  };

  const failureText =
    failure?.code === 'alert_acknowledged' || failure?.code === 'alert_resolved'
      ? t(`dialog.errors.${failure.code}`)
      : failure
        ? describeError(tc, failure)
        : undefined;

  return (
    <Dialog
      open
      title={action === 'acknowledge' ? t('dialog.acknowledgeTitle') : t('dialog.resolveTitle')}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{tc('actions.cancel')}</Button>
          <Button variant="primary" busy={act.isPending} onClick={confirm}>
            {action === 'acknowledge' ? t('actions.acknowledge') : t('actions.resolve')}
          </Button>
        </>
      }
    >
      <p className="alert-dialog-summary">
        <strong>{fullName(alert.patient)}</strong>: {describe(alert).reason}
      </p>
      <TextAreaField
        label={t('dialog.note')}
        hint={t('dialog.noteHint')}
        value={note}
        maxLength={NOTE_MAX}
        rows={3}
        onChange={(event) => setNote(event.target.value)}
      />
      {failureText && (
        <p className="notice notice-danger" role="alert">
          {failureText}
        </p>
      )}
    </Dialog>
  );
}
