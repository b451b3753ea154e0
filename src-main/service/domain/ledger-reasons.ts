import type { LedgerReason, LedgerReasonCode } from '../schemas/ledger-reason';

/**
 * Every reason the service writes on a ledger entry, declared once: its code (what the window
 * translates) and its English words (the `reason` of GET /billing/ledger, unchanged in shape).
 * Stored entries hold the words; `readLedgerReason` finds the code and data back from them with
 * the same table, so a reason the service writes can always be translated, and one it does not
 * know (a database from before, an integrator's note) is shown as written.
 */
const WORDS: { [C in Exclude<LedgerReasonCode, 'other'>]: (r: LedgerReason) => string } = {
  allowance: (r) => `Monthly allowance (${r.plan ?? ''} plan)`,
  allowanceExpired: () => 'Unused monthly allowance expired',
  topUp: (r) => (r.note ? `Credit top-up: ${r.note}` : 'Credit top-up'),
  conversationStarted: () => 'AI conversation started',
  conversationMessage: () => 'AI conversation message',
  deliveryWhatsapp: () => 'Form delivery (WhatsApp)',
  deliveryEmail: () => 'Form delivery (e-mail)',
  deliveryCancelled: () => 'Form delivery cancelled',
  deliveryFailed: () => 'Form delivery failed',
  callReserved: () => 'Voice call: first minute reserved',
  callUnanswered: () => 'Voice call not answered: reservation returned',
  callMinutes: (r) => `Voice call (${r.minutes ?? 0} started minutes)`,
  callReservationReturned: () => 'Voice call: unused reservation returned',
};

const EXPIRED_SUFFIX = / \((\d+) credits of an expired monthly allowance are not returned\)$/;

/** The English words of a reason (what the ledger stores and the HTTP API answers). */
export function ledgerReasonText(reason: LedgerReason): string {
  const words = reason.code === 'other' ? (reason.text ?? '') : WORDS[reason.code](reason);
  return reason.expired
    ? `${words} (${reason.expired} credits of an expired monthly allowance are not returned)`
    : words;
}

const FIXED = new Map(
  (Object.keys(WORDS) as Exclude<LedgerReasonCode, 'other'>[])
    .filter((code) => !['allowance', 'topUp', 'callMinutes'].includes(code))
    .map((code) => [WORDS[code]({ code }), code]),
);

/** The code and data of stored words; words the table does not make are `other` with the text. */
export function readLedgerReason(text: string): LedgerReason {
  const expired = EXPIRED_SUFFIX.exec(text);
  const words = expired ? text.slice(0, expired.index) : text;
  const extra = expired ? { expired: Number(expired[1]) } : {};
  const fixed = FIXED.get(words);
  if (fixed) return { code: fixed, ...extra };
  const allowance = /^Monthly allowance \((\w+) plan\)$/.exec(words);
  if (allowance) return { code: 'allowance', plan: allowance[1]!, ...extra };
  const minutes = /^Voice call \((\d+) started minutes?\)$/.exec(words);
  if (minutes) return { code: 'callMinutes', minutes: Number(minutes[1]), ...extra };
  if (words === 'Credit top-up') return { code: 'topUp', ...extra };
  // "Credit top-up: note", and the form written before notes had their own place.
  const topUp = /^Credit top-up(?:: (.+)| \((.+)\))$/s.exec(words);
  if (topUp) return { code: 'topUp', note: (topUp[1] ?? topUp[2])!, ...extra };
  return { code: 'other', text, ...extra };
}
