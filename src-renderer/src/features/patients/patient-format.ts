import type { Patient } from '../../../../src-preload/contract';

export const PREFERRED_LANGUAGES = ['es', 'ca', 'en'] as const;
export type PreferredLanguage = (typeof PREFERRED_LANGUAGES)[number];

/** "Ana García" (headers, sentences). */
export function fullName(p: Pick<Patient, 'firstName' | 'lastName'>): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/** "García, Ana" (the list, sorted by last name in people's heads). */
export function listName(p: Pick<Patient, 'firstName' | 'lastName'>): string {
  return p.lastName ? `${p.lastName}, ${p.firstName}` : p.firstName;
}

/** Whole years between a plain YYYY-MM-DD birth date and `now` (UTC calendar date). */
export function ageOn(dateOfBirth: string, now: Date): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age -= 1;
  return age >= 0 ? age : undefined;
}

/** The patient's metadata.preferredLanguage when it is one the clinic supports. */
export function preferredLanguage(p: Pick<Patient, 'metadata'>): PreferredLanguage | undefined {
  const value = p.metadata?.preferredLanguage;
  return (PREFERRED_LANGUAGES as readonly unknown[]).includes(value)
    ? (value as PreferredLanguage)
    : undefined;
}

/**
 * What the clinic records about a patient beyond the API's fields, kept in `metadata` under
 * well-known keys (docs/api-decisions.md, "Patient metadata the window reads"): the medical
 * record number, the primary physician and consent per channel (undefined: not recorded).
 */
export interface RecordDetails {
  mrn: string | undefined;
  physician: string | undefined;
  consent: { whatsapp: boolean | undefined; email: boolean | undefined };
}

export function recordDetails(p: Pick<Patient, 'metadata'>): RecordDetails {
  const metadata = p.metadata ?? {};
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim() : undefined;
  const flag = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
  return {
    mrn: text(metadata.mrn),
    physician: text(metadata.primaryPhysician),
    consent: { whatsapp: flag(metadata.whatsappConsent), email: flag(metadata.emailConsent) },
  };
}
