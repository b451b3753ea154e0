import type { TFunction } from 'i18next';
import type { ImportReason, ImportTarget } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';

type TransfersT = TFunction<'transfers'>;

const KNOWN = ['required', 'format', 'pattern', 'future_date', 'range', 'maxLength'] as const;

/** A skipped row's reason in the window's language, from its code (the service's detail last). */
export function reasonText(t: TransfersT, reason: ImportReason): string {
  const field = t(`targets.${reason.target ?? 'ignore'}`);
  if (reason.code === 'duplicate_patient' && reason.patient) {
    const name = `${reason.patient.firstName} ${reason.patient.lastName}`.trim();
    return t('reasons.duplicate_patient', { field, name });
  }
  if (reason.code === 'duplicate_row')
    return t('reasons.duplicate_row', { field, line: reason.line });
  const known = (KNOWN as readonly string[]).includes(reason.code);
  return known
    ? t(`reasons.${reason.code as (typeof KNOWN)[number]}`, { field })
    : t('reasons.other', { field, detail: reason.detail });
}

const FILE_ERRORS = [
  'file_too_large',
  'too_many_rows',
  'invalid_encoding',
  'not_text',
  'empty_file',
  'malformed_csv',
] as const;

/** A refused file's reason, or undefined when the refusal is not about the file. */
export function fileErrorText(t: TransfersT, failure: BridgeFailure): string | undefined {
  const errors = (failure.details?.errors ?? []) as { pointer?: string; code: string }[];
  const code = errors.find((e) => e.pointer === '/file')?.code;
  return code && (FILE_ERRORS as readonly string[]).includes(code)
    ? t(`fileErrors.${code as (typeof FILE_ERRORS)[number]}`)
    : undefined;
}

export const TARGETS: readonly ImportTarget[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'sex',
  'mrn',
  'tags',
  'ignore',
];
