import type { ClinicalForm, FormSummary } from '../contract';
import type { Core } from '../core';
import { recogniseInstruments } from '../domain/instrument-scores';
import { renderFormPreview } from '../form-page/render-preview';
import { EDITIONS, editionInfo, editionOfStored } from '../instruments/validated-instruments';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

/** Forms with what references them, one query per page (see FormUsage). */
async function withUsage(core: Core, forms: readonly ClinicalForm[]): Promise<FormSummary[]> {
  const usage = await core.forms.usage(forms.map((f) => f.id));
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

/** The forms group: the list and one form, authoring, archiving, deleting and the live preview. */
export function formOperations({ core }: OperationDeps): GroupHandlers<'forms'> {
  return {
    list: op({
      async run(query) {
        const page = pageOf<ClinicalForm>(await core.forms.list(query));
        return { data: await withUsage(core, page.data), pagination: page.pagination };
      },
    }),
    get: op({
      run: async ({ id }) => (await withUsage(core, [await core.forms.get(id)]))[0]!,
    }),
    create: op({
      run: (definition) => core.forms.create(definition),
    }),
    update: op({
      run: ({ id, patch }) => core.forms.update(id, patch),
    }),
    archive: op({
      run: ({ id }) => core.forms.archive(id),
    }),
    restore: op({
      run: ({ id }) => core.forms.restore(id),
    }),
    remove: op({
      run: ({ id }) => core.forms.remove(id),
    }),
    /** The validated instruments' published editions, with their scoring (the builder's library). */
    instruments: op({ run: () => EDITIONS.map(editionInfo) }),
    addInstrument: op({
      run: ({ edition }) => core.forms.addInstrument(edition),
    }),
    preview: op({
      async run({ definition, language, formId }) {
        const checked = await core.forms.check(definition, formId);
        return {
          html: renderFormPreview({
            draft: definition,
            fields: checked.fields,
            language: language ?? (await core.delivery.appLanguage()),
            clinicName: await core.delivery.clinicName(),
            attribution: formId
              ? editionOfStored((await core.forms.definition(formId)).instrument)?.attribution
              : undefined,
          }),
          errors: checked.errors,
          instruments: recogniseInstruments(checked.fields).map((found) => found.instrument.key),
        };
      },
    }),
  };
}
