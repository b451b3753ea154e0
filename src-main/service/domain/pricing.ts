import type { Plan } from '../schemas/billing';

/** Monthly credit allowance per plan (api-decisions §7); configurable per service. */
export const DEFAULT_PLANS: Record<Plan, number> = {
  starter: 500,
  professional: 2000,
  enterprise: 10000,
};

/** What each action costs, in credits. The spec fixes the first two; the rest is api-decisions §7. */
export const DEFAULT_PRICES = {
  conversationStart: 10,
  conversationMessage: 1,
  deliveryEmail: 1,
  deliveryWhatsapp: 2,
  callPerStartedMinute: 5,
  /** Taken when a call is created (its first started minute); given back if it is never answered. */
  callReservation: 5,
};

export type Prices = typeof DEFAULT_PRICES;

/** credits.low fires when a debit takes the balance below this share of the monthly allowance. */
export const LOW_BALANCE_SHARE = 0.1;

/** The billing period containing `ms`: from 00:00 UTC on the 1st to 00:00 UTC on the next 1st. */
export function billingPeriod(ms: number): { start: string; end: string } {
  const d = new Date(ms);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}
