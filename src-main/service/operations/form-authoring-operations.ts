import type { ClinicalForm, FormSummary } from '../../../src-preload/contract';
import type { Core } from '../core';
import { recogniseInstruments } from '../domain/instrument-scores';
import { renderFormPreview } from '../form-page/render-preview';
import {
  ClinicalFormListQuery,
  type FormDefinition,
  type FormUpdate,
} from '../schemas/clinical-form';
import { IdInput, IdWithPatch } from '../schemas/desktop';
import { EDITIONS, editionInfo, editionOfStored } from '../instruments/validated-instruments';
import {
  AddInstrumentInput,
  FormPreviewInput,
  type FormPreviewRequest,
} from '../schemas/form-authoring';
import {
  noInput,
  op,
  pageOf,
  schemaInput,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

/** Forms with what references them, one query per page (see FormUsage). */
function withUsage(core: Core, forms: readonly ClinicalForm[]): FormSummary[] {
  const usage = core.forms.usage(forms.map((f) => f.id));
  return forms.map((form) => ({
    ...form,
    ...(usage.get(form.id) ?? {
      responseCount: 0,
      deliveryCount: 0,
      pendingDeliveries: 0,
      deletable: true,
    }),
  }));
}

/**
 * A definition goes to the domain as it came (copied): the domain checks shape and rules in one
 * pass, so a draft with a bad name and a bad slider hears about both at once.
 */
function asGiven<T>(input: unknown): T {
  return structuredClone(input ?? {}) as T;
}

/** The forms group: the list and one form, authoring, archiving, deleting and the live preview. */
export function formOperations({ core }: OperationDeps): GroupHandlers<'forms'> {
  return {
    list: op({
      parse: schemaInput(ClinicalFormListQuery),
      run(query) {
        const page = pageOf<ClinicalForm>(core.forms.list(query));
        return { data: withUsage(core, page.data), pagination: page.pagination };
      },
    }),
    get: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => withUsage(core, [core.forms.get(id)])[0]!,
    }),
    create: op({
      parse: asGiven<FormDefinition>,
      run: (definition) => core.forms.create(definition),
      topics: ['forms'],
    }),
    update: op({
      // The patch is checked by the domain alone, so its pointers are `/fields/2/max`, as in
      // create and in the preview, never `/patch/fields/2/max`.
      parse(input: unknown) {
        const { id, patch } = schemaInput<{ id: string; patch: unknown }>(IdWithPatch)(input);
        return { id, patch: patch as FormUpdate };
      },
      run: ({ id, patch }) => core.forms.update(id, patch),
      topics: ['forms'],
    }),
    archive: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => core.forms.archive(id),
      topics: ['forms'],
    }),
    restore: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => core.forms.restore(id),
      topics: ['forms'],
    }),
    remove: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => core.forms.remove(id),
      topics: ['forms'],
    }),
    /** The validated instruments' published editions, with their scoring (the builder's library). */
    instruments: op({ parse: noInput, run: () => EDITIONS.map(editionInfo) }),
    addInstrument: op({
      parse: schemaInput<{ edition: string }>(AddInstrumentInput),
      run: ({ edition }) => core.forms.addInstrument(edition),
      topics: ['forms'],
    }),
    preview: op({
      parse: schemaInput<FormPreviewRequest>(FormPreviewInput),
      run({ definition, language, formId }) {
        const checked = core.forms.check(definition, formId);
        return {
          html: renderFormPreview({
            draft: definition,
            fields: checked.fields,
            language: language ?? core.delivery.appLanguage(),
            clinicName: core.delivery.clinicName(),
            attribution: formId
              ? editionOfStored(core.forms.definition(formId).instrument)?.attribution
              : undefined,
          }),
          errors: checked.errors,
          instruments: recogniseInstruments(checked.fields).map((found) => found.instrument.key),
        };
      },
    }),
  };
}
