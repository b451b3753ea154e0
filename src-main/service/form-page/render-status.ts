import type { Language } from '../schemas/form-schedule';
import { escapeHtml } from './html';
import { renderPageShell } from './page-shell';
import { pageText, type StatusKind } from './page-text';

export type { StatusKind } from './page-text';

export interface StatusPageInput {
  language: Language;
  clinicName: string;
  kind: StatusKind;
  formName?: string;
  /** ISO date-time the response was received; shown for 'completed'. */
  completedAt?: string;
}

/** Clinics are in Spain: the patient reads the time on their clinic's clock, not the server's. */
const CLINIC_TIME_ZONE = 'Europe/Madrid';

/** What the link shows when there is no form to answer; same document and style as the form. */
export function renderStatusPage(input: StatusPageInput): string {
  const text = pageText(input.language);
  const status = text.status[input.kind];
  // A link that does not resolve must not tell the holder anything about what it might have been.
  const revealing = input.kind !== 'not_found';
  const paragraphs = status.paragraphs({
    clinicName: input.clinicName,
    formName: revealing ? input.formName : undefined,
    completedAt:
      revealing && input.completedAt ? formatDateTime(input.completedAt, text.locale) : undefined,
  });
  const main = [
    `<h1>${escapeHtml(status.title)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return renderPageShell({
    language: input.language,
    clinicName: input.clinicName,
    title: status.title,
    main,
  });
}

/** Undefined for a value that is not a date, so the page leaves the date out rather than print "Invalid Date". */
function formatDateTime(iso: string, locale: string): string | undefined {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: CLINIC_TIME_ZONE,
  }).format(at);
}
