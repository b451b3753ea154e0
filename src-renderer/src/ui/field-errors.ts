import type { TFunction } from 'i18next';
import { commonMessages } from '../i18n/common-messages';
import type { BridgeFailure } from '../bridge/bridge';

type FieldErrorCode = keyof typeof commonMessages.es.fieldErrors;
const KNOWN = new Set(Object.keys(commonMessages.es.fieldErrors));

/** The service's field errors (keyed by JSON pointer), or none when the failure is not a 422. */
export function fieldErrorsOf(
  failure: BridgeFailure | undefined,
): Record<string, { code: string; detail: string }> {
  return failure?.code === 'validation_failed' ? failure.fieldErrors() : {};
}

/**
 * A field error in the UI language, by the Ajv keyword (or the service's own code) it carries.
 * `t` must be the common namespace's (`useTranslation()`).
 */
export function fieldErrorText(
  t: TFunction,
  error: { code: string } | undefined,
): string | undefined {
  if (!error) return undefined;
  const code = (KNOWN.has(error.code) ? error.code : 'other') as FieldErrorCode;
  return t(`fieldErrors.${code}`);
}
