import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Channel, ScheduleStatus } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { describeError } from '../../ui/states';

type DeliveriesT = TFunction<'deliveries'>;
type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export const STATUSES: readonly ScheduleStatus[] = [
  'pending',
  'sent',
  'completed',
  'failed',
  'cancelled',
];
export const CHANNELS: readonly Channel[] = ['whatsapp', 'email'];

export const STATUS_TONE: Record<ScheduleStatus, Tone> = {
  pending: 'warning',
  sent: 'info',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

export const CHANNEL_TONE: Record<Channel, Tone> = { whatsapp: 'success', email: 'info' };

/** "2 créditos", localised number and plural. */
export function useCreditsText(): (count: number) => string {
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  return (count) => t('credits', { count, formatted: format.number(count) });
}

/**
 * Why the service refused a delivery, in the UI language, from its problem code and field
 * pointers (the service's own sentence is English and is never shown in the Spanish UI).
 */
export function refusalText(
  t: DeliveriesT,
  tc: TFunction,
  error: BridgeFailure,
  channel: Channel,
): string {
  const details = error.details ?? {};
  switch (error.code) {
    case 'patient_unreachable':
      return channel === 'whatsapp'
        ? t('reasons.unreachableWhatsapp')
        : t('reasons.unreachableEmail');
    case 'patient_inactive':
      return t('reasons.inactive');
    case 'insufficient_credits':
      return t('reasons.insufficientCredits', {
        balance: details.balance as number,
        required: details.required as number,
      });
    case 'validation_failed': {
      const fields = error.fieldErrors();
      const at = fields['/scheduledAt'];
      if (at?.code === 'past') return t('reasons.past');
      if (at?.code === 'range') return t('reasons.tooFar');
      const form = fields['/formId'];
      if (form?.code === 'form_archived') return t('reasons.formArchived');
      if (form?.code === 'not_found') return t('reasons.formMissing');
      if (fields['/patientId']?.code === 'not_found') return t('reasons.patientMissing');
      return describeError(tc, error);
    }
    default:
      return describeError(tc, error);
  }
}
