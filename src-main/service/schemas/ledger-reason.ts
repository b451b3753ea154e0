/**
 * A ledger entry's reason as the window reads it: a code it translates and the data the words
 * carry (domain/ledger-reasons.ts writes and reads them). Types only: the contract uses it.
 */
export const LEDGER_REASON_CODES = [
  'allowance',
  'allowanceExpired',
  'topUp',
  'conversationStarted',
  'conversationMessage',
  'deliveryWhatsapp',
  'deliveryEmail',
  'deliveryCancelled',
  'deliveryFailed',
  'callReserved',
  'callUnanswered',
  'callMinutes',
  'callReservationReturned',
  'other',
] as const;
export type LedgerReasonCode = (typeof LEDGER_REASON_CODES)[number];

export interface LedgerReason {
  code: LedgerReasonCode;
  /** allowance: the plan's key (starter, professional, enterprise). */
  plan?: string;
  /** topUp: the note a person wrote, shown as written. */
  note?: string;
  /** callMinutes: the started minutes charged. */
  minutes?: number;
  /** A refund part of which had expired with an earlier month's allowance. */
  expired?: number;
  /** other: the stored words. */
  text?: string;
}
