import type { FormField } from '../schemas/clinical-form';
import type { Language } from '../schemas/form-schedule';
import { renderFormPage } from './render-form';

/**
 * A draft form as its patient page: the very renderer patients get, fed with whatever of the
 * draft is well formed, so the desktop app's preview cannot drift from the real page. It is shown
 * in a sandboxed frame (no script, no form submission), so the form posts nowhere real.
 */
export function renderFormPreview(input: {
  draft: unknown;
  /** The draft's well-formed fields, normalised as they would be stored. */
  fields: readonly FormField[];
  language: Language;
  clinicName: string;
  /** The attribution line of the validated instrument being edited, if it is one. */
  attribution?: string | undefined;
}): string {
  const draft = (typeof input.draft === 'object' && input.draft !== null ? input.draft : {}) as {
    name?: unknown;
    description?: unknown;
  };
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return renderFormPage({
    language: input.language,
    clinicName: input.clinicName,
    form: {
      name: text(draft.name),
      description: text(draft.description),
      fields: input.fields,
      attribution: input.attribution,
    },
    action: '#',
  });
}
