import { resourceMissing, validationFailed, type FieldError } from '../errors';
import { compileBodyValidator, fieldErrors } from '../http/validation';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import {
  FormDefinition,
  FormUpdate,
  type ClinicalForm,
  type ClinicalFormListQuery,
  type FormField,
  type FormResponseListQuery,
} from '../schemas/clinical-form';
import type { Db } from '../store/db';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { FORM_LIST, type ClinicalFormRow } from '../store/queries/clinical-forms';
import { RESPONSE_LIST } from '../store/queries/form-responses';
import { dateRangeConditions } from './date-range';
import { onStep } from './form-answers';

const checkDefinitionShape = compileBodyValidator(FormDefinition);
const checkUpdateShape = compileBodyValidator(FormUpdate);

/**
 * Clinical forms. They are authored in the desktop app (never over the HTTP API), so these
 * operations check their input fully themselves: the shape with the same schema the API documents,
 * then the rules between fields (api-decisions §8). Forms are archived, never deleted, so every
 * response keeps the definition it answered.
 */
export function createForms(deps: {
  db: Db;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
}) {
  const { db, clock, newId, q } = deps;

  function row(id: string): ClinicalFormRow {
    const found = q.clinicalForms.get(id);
    if (!found) throw resourceMissing('clinical form', id);
    return found;
  }

  function getJson(id: string): string {
    const json = q.clinicalForms.getJson(id);
    if (json === undefined) throw resourceMissing('clinical form', id);
    return json;
  }

  const get = (id: string): ClinicalForm => JSON.parse(getJson(id)) as ClinicalForm;

  const create = db.transaction((input: FormDefinition): ClinicalForm => {
    if (!checkDefinitionShape(input))
      throw validationFailed(fieldErrors(checkDefinitionShape.errors ?? [], 'body'));
    const fields = normaliseFields(input.fields, '/fields');
    const atMs = clock.now();
    const at = new Date(atMs).toISOString();
    const id = newId('form', atMs);
    q.clinicalForms.insert({
      id,
      name: input.name.trim(),
      type: input.type ?? 'assessment',
      description: input.description?.trim() ?? '',
      status: 'active',
      fields: JSON.stringify(fields),
      created_at: at,
      updated_at: at,
      archived_at: null,
    });
    return get(id);
  });

  /**
   * Changes apply to deliveries answered from now on; past responses keep their answers. A field
   * that already has answers keeps its type, so those answers stay meaningful: also when it was
   * removed and comes back under the same id.
   */
  const update = db.transaction((id: string, patch: FormUpdate): ClinicalForm => {
    const current = row(id);
    if (!checkUpdateShape(patch))
      throw validationFailed(fieldErrors(checkUpdateShape.errors ?? [], 'body'));
    let fields = current.fields;
    if (patch.fields) {
      const next = normaliseFields(patch.fields, '/fields');
      const answered = q.formAnsweredFields.ofForm(id);
      const errors: FieldError[] = [];
      next.forEach((field, i) => {
        const was = answered.get(field.id);
        if (was !== undefined && was !== field.type) {
          errors.push({
            pointer: `/fields/${i}/type`,
            code: 'field_type_locked',
            detail: `Field '${field.id}' already has answers as ${was}; add a new field instead of changing its type.`,
          });
        }
      });
      if (errors.length) throw validationFailed(errors);
      fields = JSON.stringify(next);
    }
    q.clinicalForms.update({
      ...current,
      name: patch.name?.trim() ?? current.name,
      type: patch.type ?? current.type,
      description: patch.description?.trim() ?? current.description,
      fields,
      updated_at: clock.nowIso(),
    });
    return get(id);
  });

  const setArchived = db.transaction((id: string, archived: boolean): ClinicalForm => {
    const current = row(id);
    const status = archived ? 'archived' : 'active';
    if (current.status !== status) {
      const at = clock.nowIso();
      q.clinicalForms.update({
        ...current,
        status,
        archived_at: archived ? at : null,
        updated_at: at,
      });
    }
    return get(id);
  });

  return {
    create,
    update,
    /** Archived forms keep their responses and pending deliveries but cannot be scheduled. */
    archive: (id: string) => setArchived(id, true),
    restore: (id: string) => setArchived(id, false),
    get,
    getJson,
    /** The stored row with its fields parsed, for delivery and validation. */
    definition(id: string): ClinicalFormRow & { fieldList: FormField[] } {
      const found = row(id);
      return { ...found, fieldList: JSON.parse(found.fields) as FormField[] };
    },
    list(query: ClinicalFormListQuery): ListPage {
      const where = equalTo({ status: query.status });
      return deps.listPage(FORM_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { status: query.status },
        where,
      });
    },
    responses(formId: string, query: FormResponseListQuery): ListPage {
      row(formId);
      const where = [
        ...equalTo({ form_id: formId, patient_id: query.patientId }),
        ...dateRangeConditions('completed_at', query.from, query.to),
      ];
      return deps.listPage(RESPONSE_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { formId, patientId: query.patientId, from: query.from, to: query.to },
        where,
      });
    },
    responseJson(id: string): string {
      const json = q.formResponses.getJson(id);
      if (json === undefined) throw resourceMissing('form response', id);
      return json;
    },
  };
}

export type Forms = ReturnType<typeof createForms>;

/**
 * The rules between a form's fields that a schema cannot say (api-decisions §8). Returns the
 * fields as stored: sliders always carry their step (default 1) so the page and the validator
 * agree on the allowed values.
 */
export function normaliseFields(fields: readonly FormField[], base: string): FormField[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const out = fields.map((field, i) => {
    const at = `${base}/${i}`;
    const fail = (prop: string, code: string, detail: string) =>
      errors.push({ pointer: `${at}${prop}`, code, detail: `Field '${field.id}': ${detail}` });
    if (seen.has(field.id)) fail('/id', 'duplicate_id', 'the id is used by another field.');
    seen.add(field.id);
    const choice = field.type === 'select' || field.type === 'multiselect';
    if (choice) {
      if (!field.options?.length) fail('/options', 'required', 'select fields need options.');
      else if (new Set(field.options.map((o) => o.trim())).size !== field.options.length) {
        fail('/options', 'duplicate_option', 'options must be distinct.');
      }
    } else if (field.options !== undefined) {
      fail('/options', 'not_allowed', `a ${field.type} field has no options.`);
    }
    if (field.type === 'slider') {
      if (field.min === undefined || field.max === undefined) {
        fail('', 'required', 'a slider needs min and max.');
      } else if (!(field.min < field.max)) {
        fail('/max', 'range', 'max must be greater than min.');
      } else if (field.step !== undefined && field.step > field.max - field.min) {
        fail('/step', 'range', 'step is larger than the range.');
      } else if (!onStep(field.max, field.min, field.step ?? 1)) {
        // Otherwise max could never be answered.
        fail('/step', 'step', 'max must be min plus a whole number of steps.');
      }
    } else if (field.type === 'number') {
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        fail('/max', 'range', 'max must not be less than min.');
      }
    } else if (field.min !== undefined || field.max !== undefined) {
      fail(
        field.min !== undefined ? '/min' : '/max',
        'not_allowed',
        `a ${field.type} field has no bounds.`,
      );
    }
    if (field.step !== undefined && field.type !== 'slider') {
      fail('/step', 'not_allowed', 'only sliders have a step.');
    }
    // A blank hint is no hint.
    const { hint: _untrimmed, ...rest } = field;
    const hint = field.hint?.trim();
    const clean: FormField = {
      ...rest,
      label: field.label.trim(),
      ...(hint ? { hint } : {}),
      ...(choice && field.options ? { options: field.options.map((o) => o.trim()) } : {}),
      ...(field.type === 'slider' ? { step: field.step ?? 1 } : {}),
    };
    return clean;
  });
  if (errors.length) throw validationFailed(errors);
  return out;
}
