import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type {
  AlertSource,
  AlertView,
  CallFailureReason,
  FormSchedule,
} from '../../../../src-preload/contract';
import { useFormat, type Formatters } from '../../i18n/format';
import { signWord } from '../notifications';
import { INSTRUMENT_NAMES } from '../responses';

/** What the window says of an alert: never its English `reason`, never an id. */
export interface AlertText {
  reason: string;
  /** The chat, call, response or deliveries the alert came from. */
  source: { href: string; label: string };
}

interface Translators {
  t: TFunction<'alerts'>;
  /** The warning signs' words (the notification centre's). */
  tn: TFunction<'notifications'>;
  /** A failed call's and a failed delivery's reasons, as the Calls and Deliveries screens say them. */
  tCalls: TFunction<'calls'>;
  tDeliveries: TFunction<'deliveries'>;
  format: Formatters;
}

type DeliveryFailure = NonNullable<FormSchedule['failureReason']>;
const CALL_FAILURES: readonly CallFailureReason[] = ['no_answer', 'busy', 'invalid_number'];
const DELIVERY_FAILURES: readonly DeliveryFailure[] = [
  'patient_inactive',
  'patient_unreachable',
  'invalid_number',
  'email_bounced',
  'smtp_error',
];

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** "dolor en el pecho y dificultad para respirar", in the UI language's list style. */
function signList(signs: readonly string[], x: Translators): string {
  const words = (signs.length ? signs : ['']).map((sign) => signWord(sign, x.tn));
  return new Intl.ListFormat(x.format.locale, { type: 'conjunction' }).format(words);
}

/** An answer as the rule saw it: numbers in the UI's digits, yes/no in words, lists joined. */
function answerWords(value: unknown, x: Translators): string {
  if (typeof value === 'number') return x.format.number(value);
  if (typeof value === 'boolean') return value ? x.t('rules.yes') : x.t('rules.no');
  if (Array.isArray(value)) return value.map((v) => answerWords(v, x)).join(', ');
  if (typeof value === 'string') return `«${value}»`;
  return '—';
}

function ruleWords(rule: unknown, x: Translators): string {
  const r = (rule ?? {}) as { min?: unknown; max?: unknown; equals?: unknown };
  const min = num(r.min);
  const max = num(r.max);
  if (r.equals !== undefined && r.equals !== null) {
    const value =
      typeof r.equals === 'boolean'
        ? r.equals
          ? x.t('rules.yes')
          : x.t('rules.no')
        : typeof r.equals === 'number'
          ? x.format.number(r.equals)
          : String(r.equals);
    return x.t('rules.equals', { value });
  }
  if (min !== undefined && max !== undefined)
    return x.t('rules.between', { min: x.format.number(min), max: x.format.number(max) });
  if (min !== undefined) return x.t('rules.atLeast', { min: x.format.number(min) });
  if (max !== undefined) return x.t('rules.atMost', { max: x.format.number(max) });
  return '—';
}

function callFailure(reason: unknown, x: Translators): string {
  return CALL_FAILURES.includes(reason as CallFailureReason)
    ? x.tCalls(`failureReasons.${reason as CallFailureReason}`).toLowerCase()
    : x.t('reasons.unknownFailure');
}

function deliveryFailure(reason: unknown, x: Translators): string {
  return DELIVERY_FAILURES.includes(reason as DeliveryFailure)
    ? x.tDeliveries(`failureReasons.${reason as DeliveryFailure}`).toLowerCase()
    : x.t('reasons.unknownFailure');
}

/** The reason in the coordinator's language, from `reasonCode`, `signs` and `detail`. */
export function alertReason(alert: AlertView, x: Translators): string {
  const { t } = x;
  const d = alert.detail as Record<string, unknown>;
  const form = str(d.formName) ?? t('reasons.aForm');
  const signs = signList(alert.signs, x);
  switch (alert.reasonCode) {
    case 'chat_emergency':
    case 'chat_urgent':
    case 'call_emergency':
    case 'call_urgent':
      return t(`reasons.${alert.reasonCode}`, { signs });
    case 'chat_for_team':
    case 'call_for_team':
      return t(`reasons.${alert.reasonCode}`);
    case 'call_failed':
      return t('reasons.call_failed', { failure: callFailure(d.failureReason, x) });
    case 'response_rule': {
      const value = answerWords(d.value, x);
      const rule = ruleWords(d.rule, x);
      const instrument = str(d.instrument);
      if (instrument)
        return t('reasons.response_score', {
          form,
          instrument:
            INSTRUMENT_NAMES[instrument as keyof typeof INSTRUMENT_NAMES] ??
            instrument.toUpperCase(),
          value,
          rule,
        });
      return t('reasons.response_rule', { form, subject: str(d.subject) ?? '—', value, rule });
    }
    case 'response_text':
      return alert.signs.length
        ? t('reasons.response_text', { form, signs })
        : t('reasons.response_text_for_team', { form });
    case 'delivery_failed':
      return t('reasons.delivery_failed', {
        form,
        failure: deliveryFailure(d.failureReason, x),
      });
  }
}

const SOURCE_ROUTES: Record<AlertSource, (id: string) => string> = {
  conversation: (id) => `/chats/${encodeURIComponent(id)}`,
  call: (id) => `/calls/${encodeURIComponent(id)}`,
  form_response: (id) => `/responses/${encodeURIComponent(id)}`,
  // A delivery has no page of its own: the deliveries list (its status and reason) is where it is.
  form_schedule: () => '/deliveries',
};

export function describeAlert(alert: AlertView, x: Translators): AlertText {
  return {
    reason: alertReason(alert, x),
    source: {
      href: SOURCE_ROUTES[alert.source.type](alert.source.id),
      label: x.t(`sourceLinks.${alert.source.type}`),
    },
  };
}

/** `describeAlert` for the current UI language. */
export function useAlertText(): (alert: AlertView) => AlertText {
  const { t } = useTranslation('alerts');
  const { t: tn } = useTranslation('notifications');
  const { t: tCalls } = useTranslation('calls');
  const { t: tDeliveries } = useTranslation('deliveries');
  const format = useFormat();
  return useMemo(() => {
    const x = { t, tn, tCalls, tDeliveries, format };
    return (alert: AlertView) => describeAlert(alert, x);
  }, [t, tn, tCalls, tDeliveries, format]);
}
