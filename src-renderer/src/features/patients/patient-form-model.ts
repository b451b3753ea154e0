import type { Patient } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';
import { preferredLanguage, recordDetails, type PreferredLanguage } from './patient-format';
import type { CreatePatient, UpdatePatient } from './patients-queries';

/** The form's fields, in the order they appear (the first invalid one gets the focus). */
export const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'status',
  'tags',
  'language',
  'mrn',
  'physician',
  'whatsappConsent',
  'emailConsent',
] as const;
export type FieldName = (typeof FIELDS)[number];

export interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** YYYY-MM-DD from the date input, or empty. */
  dateOfBirth: string;
  status: 'active' | 'inactive';
  tags: string[];
  language: PreferredLanguage | '';
  mrn: string;
  physician: string;
  whatsappConsent: Consent;
  emailConsent: Consent;
}

/** A consent as the form asks it: recorded yes or no, or not recorded (''). */
export type Consent = '' | 'yes' | 'no';
const consentOf = (value: boolean | undefined): Consent =>
  value === undefined ? '' : value ? 'yes' : 'no';

type MetadataField = 'language' | 'mrn' | 'physician' | 'whatsappConsent' | 'emailConsent';

/**
 * The form's fields kept in the patient's metadata, under the keys the window reads
 * (patient-format.ts recordDetails; docs/api-decisions.md): how each is read from a patient and
 * written back. An empty value removes its key.
 */
const IN_METADATA: Record<
  MetadataField,
  { key: string; read: (p: Patient) => string; write: (value: string) => unknown }
> = {
  language: {
    key: 'preferredLanguage',
    read: (p) => preferredLanguage(p) ?? '',
    write: (v) => v,
  },
  mrn: { key: 'mrn', read: (p) => recordDetails(p).mrn ?? '', write: (v) => v.trim() },
  physician: {
    key: 'primaryPhysician',
    read: (p) => recordDetails(p).physician ?? '',
    write: (v) => v.trim(),
  },
  whatsappConsent: {
    key: 'whatsappConsent',
    read: (p) => consentOf(recordDetails(p).consent.whatsapp),
    write: (v) => v === 'yes',
  },
  emailConsent: {
    key: 'emailConsent',
    read: (p) => consentOf(recordDetails(p).consent.email),
    write: (v) => v === 'yes',
  },
};
const METADATA_FIELDS = Object.keys(IN_METADATA) as MetadataField[];

export function valuesFrom(patient: Patient | undefined): FormValues {
  return {
    firstName: patient?.firstName ?? '',
    lastName: patient?.lastName ?? '',
    email: patient?.email ?? '',
    phone: patient?.phone ?? '',
    dateOfBirth: patient?.dateOfBirth ?? '',
    status: patient?.status ?? 'active',
    tags: patient?.tags ?? [],
    ...metadataValues(patient),
  };
}

/** The form's metadata fields of a patient (all empty for a new one). */
function metadataValues(patient: Patient | undefined): Pick<FormValues, MetadataField> {
  const read = (field: MetadataField) => (patient ? IN_METADATA[field].read(patient) : '');
  return {
    language: read('language') as FormValues['language'],
    mrn: read('mrn'),
    physician: read('physician'),
    whatsappConsent: read('whatsappConsent') as Consent,
    emailConsent: read('emailConsent') as Consent,
  };
}

/** `metadata` with `fields` written in from the form (emptied ones removed). */
function withMetadataFields(
  metadata: Record<string, unknown>,
  values: FormValues,
  fields: readonly MetadataField[],
): Record<string, unknown> {
  const next = { ...metadata };
  for (const field of fields) {
    const { key, write } = IN_METADATA[field];
    if (values[field].trim()) next[key] = write(values[field]);
    else delete next[key];
  }
  return next;
}

/** Splits typed tag text on commas, trimmed, without empties or repeats. */
export function addTags(current: string[], text: string): string[] {
  const next = [...current];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag && !next.includes(tag)) next.push(tag);
  }
  return next;
}

export function createInput(values: FormValues): CreatePatient {
  const input: CreatePatient = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
  if (values.email.trim()) input.email = values.email.trim();
  if (values.phone.trim()) input.phone = values.phone.trim();
  if (values.dateOfBirth) input.dateOfBirth = values.dateOfBirth;
  if (values.tags.length) input.tags = values.tags;
  const metadata = withMetadataFields({}, values, METADATA_FIELDS);
  if (Object.keys(metadata).length) input.metadata = metadata;
  return input;
}

/**
 * Only what changed: a cleared e-mail, phone or birth date is `null` (the service's way to
 * remove it); metadata is sent whole (the service replaces it), keeping every other key as it was.
 */
export function updatePatch(patient: Patient, values: FormValues): UpdatePatient {
  const patch: UpdatePatient = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  if (firstName !== patient.firstName) patch.firstName = firstName;
  if (lastName !== patient.lastName) patch.lastName = lastName;
  for (const key of ['email', 'phone', 'dateOfBirth'] as const) {
    const value = values[key].trim();
    const before = patient[key] ?? '';
    if (value !== before) patch[key] = value === '' ? null : value;
  }
  if (values.status !== patient.status) patch.status = values.status;
  if (JSON.stringify(values.tags) !== JSON.stringify(patient.tags)) patch.tags = values.tags;
  // Only the fields changed here are written: another key, or one this form cannot show (a
  // consent recorded as text by an integration), is sent back as it was.
  const changed = METADATA_FIELDS.filter((f) => values[f].trim() !== IN_METADATA[f].read(patient));
  if (changed.length) patch.metadata = withMetadataFields(patient.metadata ?? {}, values, changed);
  return patch;
}

/** Which field a service error's JSON pointer belongs to ('/tags/2' is the tags field). */
export function fieldOfPointer(pointer: string): FieldName | undefined {
  const head = pointer.split('/')[1] ?? '';
  if (head === 'metadata') return 'language';
  return (FIELDS as readonly string[]).includes(head) ? (head as FieldName) : undefined;
}

/** The common:fieldErrors keys a message can come from, or one of the form's own. */
export type FieldMessage =
  | { ns: 'common'; key: CommonFieldError }
  | { ns: 'patients'; key: 'dateTooOld' | 'metadataTooLarge' }
  | { ns: 'none'; text: string };

export type CommonFieldError =
  | 'required'
  | 'format'
  | 'pattern'
  | 'minLength'
  | 'maxLength'
  | 'minimum'
  | 'maximum'
  | 'type'
  | 'enum'
  | 'uniqueItems'
  | 'maxItems'
  | 'email'
  | 'phone'
  | 'date'
  | 'future'
  | 'other';

const GENERIC: readonly string[] = [
  'required',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'type',
  'enum',
  'uniqueItems',
  'maxItems',
];

/**
 * A service error (its Ajv keyword or domain code) as a message for the field: the specific
 * sentence where the field tells more than the keyword (an e-mail's format, a phone's pattern, a
 * birth date in the future), the keyword's sentence otherwise, the service's detail as a last
 * resort.
 */
export function messageFor(
  field: FieldName,
  error: { code: string; detail: string },
): FieldMessage {
  const { code } = error;
  const shapeOf = ['format', 'pattern', 'anyOf', 'type'].includes(code);
  if (field === 'email' && shapeOf) return { ns: 'common', key: 'email' };
  if (field === 'phone' && shapeOf) return { ns: 'common', key: 'phone' };
  if (field === 'dateOfBirth') {
    if (code === 'future_date') return { ns: 'common', key: 'future' };
    if (code === 'range') return { ns: 'patients', key: 'dateTooOld' };
    if (shapeOf) return { ns: 'common', key: 'date' };
  }
  // A name of only spaces fails the service's "\S" pattern: for a person it is simply missing.
  if ((field === 'firstName' || field === 'lastName') && ['pattern', 'minLength'].includes(code)) {
    return { ns: 'common', key: 'required' };
  }
  if (field === 'language' && code === 'too_large')
    return { ns: 'patients', key: 'metadataTooLarge' };
  if (GENERIC.includes(code)) return { ns: 'common', key: code as CommonFieldError };
  return { ns: 'none', text: error.detail };
}

/** The field errors of a failed save, and the ones no field of the form can show. */
export function fieldErrorsOf(failure: BridgeFailure): {
  fields: Partial<Record<FieldName, FieldMessage>>;
  rest: string[];
} {
  const fields: Partial<Record<FieldName, FieldMessage>> = {};
  const rest: string[] = [];
  for (const [pointer, error] of Object.entries(failure.fieldErrors())) {
    const field = fieldOfPointer(pointer);
    if (field) fields[field] ??= messageFor(field, error);
    else rest.push(error.detail);
  }
  return { fields, rest };
}

/** The checks worth making before asking the service: the two required names. */
export function localErrors(values: FormValues): Partial<Record<FieldName, FieldMessage>> {
  const errors: Partial<Record<FieldName, FieldMessage>> = {};
  if (!values.firstName.trim()) errors.firstName = { ns: 'common', key: 'required' };
  if (!values.lastName.trim()) errors.lastName = { ns: 'common', key: 'required' };
  return errors;
}

export function firstInvalid(errors: Partial<Record<FieldName, unknown>>): FieldName | undefined {
  return FIELDS.find((f) => errors[f] !== undefined);
}
