import { Type } from 'typebox';
import type { ClinicalForm } from './clinical-form';
import type { InstrumentKey } from '../domain/instrument-scores';
import { LANGUAGES, type Language } from './form-schedule';

/**
 * Inputs and outputs of the desktop app's form authoring operations (forms.preview, the list's
 * usage figures). Forms are authored only in the desktop app, so none of this is an HTTP route.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });

/**
 * A draft is checked by the same rules as `forms.create`, and its problems come back as data: so
 * the definition itself is not constrained here, only the envelope.
 */
export const FormPreviewInput = Type.Object(
  {
    definition: Type.Unknown({ description: 'The draft, as `forms.create` would receive it.' }),
    language: Type.Optional(Type.Enum([...LANGUAGES], { type: 'string' })),
    formId: Type.Optional(Id),
  },
  { additionalProperties: false },
);

export interface FormPreviewRequest {
  definition: unknown;
  /** The patient page's language; default the app's language. */
  language?: Language;
  /**
   * The form being edited, if any: then a field that already has answers and changes its type
   * is reported (`field_type_locked`) as `forms.update` would.
   */
  formId?: string;
}

/** One problem of a draft: a JSON pointer into the definition, the rule's code and a sentence. */
export interface DraftError {
  pointer: string;
  code: string;
  detail: string;
}

export interface FormPreview {
  /** The patient form page for the draft's well-formed fields, exactly as a patient gets it. */
  html: string;
  /** Every problem `forms.create` (or `forms.update` with `formId`) would answer 422 for. */
  errors: DraftError[];
  /** The scored instruments the draft holds, whose totals its score alerts can name. */
  instruments: InstrumentKey[];
}

/** What references a form: deliveries and responses make it a clinical record. */
export interface FormUsage {
  responseCount: number;
  /** When the latest response was completed. */
  lastResponseAt?: string;
  /** Every delivery ever scheduled, whatever its state (each one keeps pointing at the form). */
  deliveryCount: number;
  /** Deliveries still waiting to go out (they do, even once the form is archived). */
  pendingDeliveries: number;
  /** Nothing references the form, so `forms.remove` would delete it. */
  deletable: boolean;
}

export type FormSummary = ClinicalForm & FormUsage;

/** forms.addInstrument: the published edition to add as a validated instrument's form. */
export const AddInstrumentInput = Type.Object(
  { edition: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
