import type { TFunction } from 'i18next';
import type { Webhook, WebhookDelivery } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';
import type { Formatters } from '../../i18n/format';
import { describeError } from '../../ui/states';

export type EventKind = Webhook['events'][number];

/** Every event kind, in the order the form lists them, with its message key. */
export const EVENT_KINDS = [
  ['patient.created', 'patientCreated'],
  ['form.completed', 'formCompleted'],
  ['schedule.sent', 'scheduleSent'],
  ['conversation.ended', 'conversationEnded'],
  ['call.ended', 'callEnded'],
  ['credits.low', 'creditsLow'],
] as const satisfies readonly (readonly [EventKind, string])[];

// A kind the service gains and this list lacks is a compile error, not a missing checkbox.
type Listed = (typeof EVENT_KINDS)[number][0];
const everyKindListed: [Exclude<EventKind, Listed>] extends [never] ? true : never = true;
void everyKindListed;

export const ALL_EVENTS: EventKind[] = EVENT_KINDS.map(([kind]) => kind);

type EventKey = (typeof EVENT_KINDS)[number][1];
const KEY_OF = new Map<string, EventKey>(EVENT_KINDS);

/** An event kind in words ("Paciente creado"); `t` is the webhooks namespace's. */
export function eventLabel(t: TFunction<'webhooks'>, kind: string): string {
  const key = KEY_OF.get(kind);
  return key ? t(`events.${key}.label`) : t('events.unknown', { kind });
}

export function eventDescription(t: TFunction<'webhooks'>, kind: EventKind): string {
  return t(`events.${KEY_OF.get(kind)!}.description`);
}

/** Events in the form's order, whatever order they were stored in. */
export function inListOrder(events: Iterable<string>): EventKind[] {
  const chosen = new Set(events);
  return ALL_EVENTS.filter((kind) => chosen.has(kind));
}

/** "98 %" in the UI's locale. */
export function percent(format: Formatters, share: number): string {
  return new Intl.NumberFormat(format.locale, {
    style: 'percent',
    maximumFractionDigits: share > 0.99 && share < 1 ? 1 : 0,
  }).format(share);
}

type Attempt = WebhookDelivery['attempts'][number];

/** What an attempt came to, in words: "Respondió 200", "No se pudo conectar", … */
export function attemptResult(
  t: TFunction<'webhooks'>,
  attempt: Pick<Attempt, 'succeeded' | 'statusCode' | 'error'>,
): string {
  if (attempt.succeeded || !attempt.error) {
    return t('attempt.answered', { status: attempt.statusCode ?? '' });
  }
  return t(`attempt.errors.${attempt.error}`, { status: attempt.statusCode ?? '' });
}

/** Errors whose detail is technical text worth showing as is (the others say it all in words). */
export function showsErrorDetail(attempt: Pick<Attempt, 'error' | 'errorDetail'>): boolean {
  return (
    Boolean(attempt.errorDetail) &&
    (attempt.error === 'connection_error' ||
      attempt.error === 'blocked_address' ||
      attempt.error === 'url_not_allowed')
  );
}

/** A failure in the UI language, with the webhook-specific codes this feature knows. */
export function describeWebhookError(
  t: TFunction<'webhooks'>,
  tc: TFunction,
  failure: BridgeFailure,
): string {
  if (failure.code === 'webhook_disabled') return t('errors.webhookDisabled');
  return describeError(tc, failure);
}

/** Pretty-printed JSON when the text is JSON, else the text as it came. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
