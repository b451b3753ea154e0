import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { LedgerEntry, LedgerKind, Plan } from '../../../../src-preload/contract';
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
 * The ledger's reason in the UI language. The service writes its own reasons in English (they are
 * part of the HTTP API's data); the window recognises those and translates them. A reason typed by
 * a person (a top-up's note) is shown as written.
 */
export function reasonLabel(t: CreditsT, reason: string): string {
  const fixed: Record<string, () => string> = {
    'Credit top-up': () => t('reasons.topUp'),
    'Unused monthly allowance expired': () => t('reasons.expired'),
    'AI conversation started': () => t('reasons.conversationStarted'),
    'AI conversation message': () => t('reasons.conversationMessage'),
    'Form delivery (WhatsApp)': () => t('reasons.deliveryWhatsapp'),
    'Form delivery (e-mail)': () => t('reasons.deliveryEmail'),
    'Form delivery cancelled': () => t('reasons.deliveryCancelled'),
    'Form delivery failed': () => t('reasons.deliveryFailed'),
  };
  const known = fixed[reason];
  if (known) return known();
  const allowance = /^Monthly allowance \((\w+) plan\)$/.exec(reason);
  if (allowance?.[1]) return t('reasons.allowance', { plan: planLabel(t, allowance[1]) });
  const call = /^Voice call \((\d+) started minutes?\)$/.exec(reason);
  if (call?.[1]) return t('reasons.call', { count: Number(call[1]) });
  return reason;
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
