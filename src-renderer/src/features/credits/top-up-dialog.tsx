import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditBalance } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { describeError } from '../../ui/states';
import { useTopUp } from './credits-queries';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';

export const MAX_TOP_UP = 1_000_000;

/**
 * Reads the amount as people type it: "250", "1000", or with thousands grouped ("1.000",
 * "1 000", "1,000"). Anything else (decimals, signs, letters) is not a whole number of credits.
 */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (/^\d{1,3}([.,\s\u00a0\u202f]\d{3})+$/.test(trimmed))
    return Number(trimmed.replace(/\D/g, ''));
  return undefined;
}

/** Range codes of the amount all mean the same thing to a coordinator: the one sentence says it. */
const AMOUNT_CODES = new Set(['minimum', 'maximum', 'type', 'required', 'multipleOf']);

/** Mounted only while open, so each opening starts with an empty form. */
export function TopUpDialog(props: {
  onClose: (added?: CreditBalance & { amount: number }) => void;
}) {
  const { t } = useTranslation('credits');
  const { t: tc } = useTranslation();
  const topUp = useTopUp();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string>();
  const [failure, setFailure] = useState<BridgeFailure>();
  const [busy, setBusy] = useState(false);

  const fields = fieldErrorsOf(failure);
  const amountServer = fields['/amount'];
  const amountError =
    localError ??
    (amountServer && AMOUNT_CODES.has(amountServer.code)
      ? t('topUp.amountInvalid')
      : fieldErrorText(tc, amountServer));
  const reasonError = fieldErrorText(tc, fields['/reason']);
  const otherError =
    failure && !amountServer && !fields['/reason'] ? describeError(tc, failure) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const value = parseAmount(amount);
    if (value === undefined || value < 1 || value > MAX_TOP_UP) {
      setLocalError(amount.trim() === '' ? tc('fieldErrors.required') : t('topUp.amountInvalid'));
      return;
    }
    setLocalError(undefined);
    setBusy(true);
    try {
      const note = reason.trim();
      const balance = await topUp.mutateAsync(
        note ? { amount: value, reason: note } : { amount: value },
      );
      props.onClose({ ...balance, amount: value });
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  }

  return (
    <Dialog open title={t('topUp.title')} onClose={() => props.onClose()}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted credits-dialog-intro">{t('topUp.intro')}</p>
        {otherError && (
          <p className="notice notice-danger" role="alert">
            {otherError}
          </p>
        )}
        <TextField
          label={t('topUp.amount')}
          hint={t('topUp.amountHint')}
          error={amountError}
          value={amount}
          inputMode="numeric"
          autoComplete="off"
          aria-required="true"
          autoFocus
          onChange={(e) => {
            setAmount(e.target.value);
            setLocalError(undefined);
            setFailure(undefined);
          }}
        />
        <TextField
          label={t('topUp.reason')}
          hint={t('topUp.reasonHint')}
          error={reasonError}
          value={reason}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="dialog-footer">
          <Button onClick={() => props.onClose()} disabled={busy}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t('topUp.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
