import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type {
  LedgerEntry,
  LedgerKind,
  LedgerReason,
  LedgerRowView,
  Plan,
} from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';

export const LEDGER_KINDS: readonly LedgerKind[] = ['grant', 'consume', 'refund', 'reset'];

export const KIND_TONE: Record<LedgerKind, 'success' | 'neutral' | 'info' | 'warning'> = {
  grant: 'success',
  consume: 'neutral',
  refund: 'info',
  reset: 'warning',
};

const PLANS: readonly Plan[] = ['starter', 'professional', 'enterprise'];

function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** `t` of the credits namespace. */
type CreditsT = TFunction<'credits'>;

export function planLabel(t: CreditsT, plan: string): string {
  return isPlan(plan) ? t(`plans.${plan}`) : plan;
}

/**
 * The ledger's reason in the UI language, from the code the service reads back from its own
 * words (domain/ledger-reasons.ts); a person's note (a top-up's) is shown as written, and words
 * the service does not know (`other`) as stored.
 */
export function reasonLabel(t: CreditsT, why: LedgerReason): string {
  const words = (): string => {
    switch (why.code) {
      case 'allowance':
        return t('reasons.allowance', { plan: planLabel(t, why.plan ?? '') });
      case 'allowanceExpired':
        return t('reasons.expired');
      case 'topUp':
        return why.note ? t('reasons.topUpNote', { note: why.note }) : t('reasons.topUp');
      case 'callMinutes':
        return t('reasons.call', { count: why.minutes ?? 0 });
      case 'other':
        return why.text ?? '';
      default:
        return t(`reasons.${why.code}`);
    }
  };
  return why.expired ? t('reasons.withExpired', { reason: words(), count: why.expired }) : words();
}

/** Where a ledger entry's resource is shown: a chat, a call, or its patient's page. */
export function resourceHref(entry: LedgerRowView): string | undefined {
  const id = entry.resourceId ? encodeURIComponent(entry.resourceId) : undefined;
  if (entry.resourceType === 'conversation' && id) return `/chats/${id}`;
  if (entry.resourceType === 'call' && id) return `/calls/${id}`;
  if (entry.patient) return `/patients/${encodeURIComponent(entry.patient.id)}`;
  return undefined;
}

/** "Conversación", "Envío de formulario", "Llamada": what a ledger entry concerns, never its id. */
export function resourceLabel(t: CreditsT, entry: LedgerEntry): string | undefined {
  switch (entry.resourceType) {
    case undefined:
      return undefined;
    case 'conversation':
    case 'form_schedule':
    case 'call':
      return t(`resources.${entry.resourceType}`);
    default:
      return t('resources.other');
  }
}

/** Signed, localised amounts: "+500", "−12". */
export function useSignedNumber(): (value: number) => string {
  const { locale } = useFormat();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' });
    return (value: number) => format.format(value);
  }, [locale]);
}
