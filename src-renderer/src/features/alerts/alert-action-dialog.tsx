import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertView } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { describeError } from '../../ui/states';
import { TextAreaField } from '../chats/text-area-field';
import { fullName } from '../patients/patient-format';
import { useAlertText } from './alert-text';
import { createAlertsStore, type AlertAction } from './alerts-store';

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
  const store = useFeatureStore(createAlertsStore);
  const describe = useAlertText();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BridgeFailure>();
  const { alert, action } = props;

  const confirm = () => {
    setBusy(true);
    setFailure(undefined);
    store
      .getState()
      .act(action, alert.id, note)
      .then(props.onDone, (error: unknown) => {
        setFailure(asFailure(error));
        setBusy(false);
      });
  };

  const failureText =
    failure?.code === 'alert_acknowledged' || failure?.code === 'alert_resolved'
      ? t(`dialog.errors.${failure.code}`)
      : failure && describeError(tc, failure);

  return (
    <Dialog
      open
      title={action === 'acknowledge' ? t('dialog.acknowledgeTitle') : t('dialog.resolveTitle')}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{tc('actions.cancel')}</Button>
          <Button variant="primary" busy={busy} onClick={confirm}>
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
