import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CallView } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { describeError } from '../../ui/states';
import { usePrices } from '../credits';
import { fullName } from '../patients';
import { useStartCall } from './calls-queries';

/**
 * "Call again" on a failed call (no answer, busy, a bad number): a new call now, with the same
 * purpose and language, after a confirmation that states its reservation. Calls are not
 * scheduled for later (api-decisions, "Calls are retried as new calls"): to try later, the
 * coordinator presses the button later.
 */
export function CallAgain(props: { call: CallView }) {
  const { t } = useTranslation('calls');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const prices = usePrices();
  const start = useStartCall();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const { call } = props;
  const name = fullName(call.patient);
  const reservation = prices.data?.callReservation;

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('again.action')}</Button>
      {open && (
        <Dialog
          open
          title={t('again.title', { name })}
          onClose={() => setOpen(false)}
          footer={
            <>
              <Button onClick={() => setOpen(false)}>{tc('actions.cancel')}</Button>
              <Button
                variant="primary"
                busy={start.isPending}
                onClick={() =>
                  start.mutate(
                    { patientId: call.patientId, purpose: call.purpose, language: call.language },
                    {
                      onSuccess: (made) => {
                        setOpen(false);
                        navigate(`/calls/${encodeURIComponent(made.id)}`);
                      },
                    },
                  )
                }
              >
                {t('again.confirm')}
              </Button>
            </>
          }
        >
          <p>{t('again.body', { name })}</p>
          {reservation !== undefined && (
            <p className="muted">
              {t('again.cost', { count: reservation, formatted: format.number(reservation) })}
            </p>
          )}
          {start.error && (
            <p className="notice notice-danger" role="alert">
              {start.error.code === 'patient_unreachable'
                ? t('start.noPhone')
                : describeError(tc, start.error)}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
