import { ProblemError, resourceMissing, validationFailed, type FieldError } from '../errors';
import { compileBodyValidator } from '../validation/input-validator';
import { fieldErrors } from '../validation/field-errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { FormField } from '../schemas/clinical-form';
import {
  FormDefinition,
  FormUpdate,
  type ClinicalForm,
  type ValidatedInstrument,
  type ClinicalFormListQuery,
  type FormResponseListQuery,
} from '../schemas/clinical-form';
import type { DraftError, FormUsage } from '../schemas/form-authoring';
import { editionById, formFromEdition } from '../instruments/validated-instruments';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { FORM_LIST, type ClinicalFormRow } from '../store/queries/clinical-forms';
import { RESPONSE_LIST } from '../store/queries/form-responses';
import { dateRangeConditions } from './date-range';
import {
  instrumentErrors,
  scoreAlertErrors,
  fieldsOf,
  fieldRules,
  normaliseFields,
} from './form-field-rules';

const checkDefinitionShape = compileBodyValidator(FormDefinition);
const checkUpdateShape = compileBodyValidator(FormUpdate);

/** What a draft is, as far as the rules can tell: every problem, and what can be shown of it. */
export interface DraftCheck {
  errors: DraftError[];
  /** The fields whose shape is right, normalised as they would be stored (for the preview). */
  fields: FormField[];
}

/**
 * Clinical forms. They are authored in the desktop app (never over the HTTP API), so these
 * operations check their input fully themselves: the shape with the same schema the API documents,
 * then the rules between fields (api-decisions §8). A form that nothing references yet may be
 * deleted; once a delivery or a response points at it, it is archived, never deleted, so every
 * response keeps the definition it answered (the database enforces it: migration 0005).
 */
export function createForms(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
}) {
  const { db, clock, newId, q } = deps;

  async function row(id: string): Promise<ClinicalFormRow> {
    const found = await q.clinicalForms.get(id);
    if (!found) throw resourceMissing('clinical form', id);
    return found;
  }

  async function getJson(id: string): Promise<string> {
    const json = await q.clinicalForms.getJson(id);
    if (json === undefined) throw resourceMissing('clinical form', id);
    return json;
  }

  const get = async (id: string): Promise<ClinicalForm> =>
    JSON.parse(await getJson(id)) as ClinicalForm;

  /** A field that already has answers keeps its type (see `update`). */
  async function lockErrors(
    id: string,
    fields: readonly (FormField | undefined)[],
  ): Promise<FieldError[]> {
    const answered = await q.formAnsweredFields.ofForm(id);
    const errors: FieldError[] = [];
    fields.forEach((field, i) => {
      const was = field && answered.get(field.id);
      if (field && was !== undefined && was !== field.type) {
        errors.push({
          pointer: `/fields/${i}/type`,
          code: 'field_type_locked',
          detail: `Field '${field.id}' already has answers as ${was}; add a new field instead of changing its type.`,
        });
      }
    });
    return errors;
  }

  /**
   * The checks `create` runs (and `update` too, for the form `formId`), reporting instead of
   * throwing: the draft preview shows exactly what saving would refuse.
   */
  async function check(input: unknown, formId?: string): Promise<DraftCheck> {
    if (formId !== undefined) await row(formId);
    const shape = checkDefinitionShape(input)
      ? []
      : fieldErrors(checkDefinitionShape.errors ?? [], 'body');
    const rules = fieldRules(fieldsOf(input), '/fields');
    const locked = formId === undefined ? [] : await lockErrors(formId, rules.checked);
    const scores = scoreAlertErrors(input, rules.checked);
    const wording = formId === undefined ? [] : instrumentErrors(await row(formId), input);
    return {
      errors: [...shape, ...rules.errors, ...locked, ...scores, ...wording].map((e) => ({
        pointer: e.pointer ?? '/',
        code: e.code,
        detail: e.detail,
      })),
      fields: rules.checked.filter((f): f is FormField => f !== undefined),
    };
  }

  /** Stores a checked definition as a new active form; `instrument` marks a validated one. */
  async function insert(
    input: FormDefinition,
    fields: FormField[],
    instrument?: ValidatedInstrument,
  ) {
    const atMs = clock.now();
    const at = new Date(atMs).toISOString();
    const id = newId('form', atMs);
    await q.clinicalForms.insert({
      id,
      name: input.name.trim(),
      type: input.type ?? 'assessment',
      description: input.description?.trim() ?? '',
      status: 'active',
      fields: JSON.stringify(fields),
      score_alerts: JSON.stringify(input.scoreAlerts ?? []),
      instrument: instrument ? JSON.stringify(instrument) : null,
      created_at: at,
      updated_at: at,
      archived_at: null,
    });
    return await get(id);
  }

  const create = (input: FormDefinition): Promise<ClinicalForm> =>
    db.transaction(async () => {
      const shapeOk = checkDefinitionShape(input);
      const rules = fieldRules(fieldsOf(input), '/fields');
      const errors = [
        ...(shapeOk ? [] : fieldErrors(checkDefinitionShape.errors ?? [], 'body')),
        ...rules.errors,
        ...scoreAlertErrors(input, rules.checked),
      ];
      if (errors.length) throw validationFailed(errors);
      return await insert(input, rules.checked as FormField[]);
    });

  /**
   * Adds a validated instrument from its published edition: the edition's wording, the rules the
   * instrument requires and its default score alerts (docs/validated-instruments.md).
   */
  const addInstrument = (editionId: string): Promise<ClinicalForm> =>
    db.transaction(async () => {
      const edition = editionById(editionId);
      if (!edition) {
        throw validationFailed([
          { pointer: '/edition', code: 'unknown_edition', detail: `No edition '${editionId}'.` },
        ]);
      }
      const definition = formFromEdition(edition);
      return await insert(definition, normaliseFields(definition.fields, '/fields'), {
        key: edition.instrument,
        edition: edition.id,
        language: edition.language,
      });
    });

  /**
   * Changes apply to deliveries answered from now on; past responses keep their answers. A field
   * that already has answers keeps its type, so those answers stay meaningful: also when it was
   * removed and comes back under the same id.
   */
  const update = (id: string, patch: FormUpdate): Promise<ClinicalForm> =>
    db.transaction(async () => {
      const current = await row(id);
      const shapeOk = checkUpdateShape(patch);
      const rules = fieldRules(fieldsOf(patch), '/fields');
      // Score rules are checked against the fields the form will have after the update.
      const after = patch.fields ? rules.checked : (JSON.parse(current.fields) as FormField[]);
      const errors = [
        ...(shapeOk ? [] : fieldErrors(checkUpdateShape.errors ?? [], 'body')),
        ...rules.errors,
        ...(await lockErrors(id, rules.checked)),
        ...scoreAlertErrors(patch, after),
        ...instrumentErrors(current, patch),
      ];
      if (errors.length) throw validationFailed(errors);
      const fields = patch.fields ? JSON.stringify(rules.checked) : current.fields;
      await q.clinicalForms.update({
        ...current,
        name: patch.name?.trim() ?? current.name,
        type: patch.type ?? current.type,
        description: patch.description?.trim() ?? current.description,
        fields,
        score_alerts: patch.scoreAlerts ? JSON.stringify(patch.scoreAlerts) : current.score_alerts,
        updated_at: clock.nowIso(),
      });
      return await get(id);
    });

  const setArchived = (id: string, archived: boolean): Promise<ClinicalForm> =>
    db.transaction(async () => {
      const current = await row(id);
      const status = archived ? 'archived' : 'active';
      if (current.status !== status) {
        const at = clock.nowIso();
        await q.clinicalForms.update({
          ...current,
          status,
          archived_at: archived ? at : null,
          updated_at: at,
        });
      }
      return await get(id);
    });

  /** Responses and deliveries per form, for the list and for `remove`. */
  async function usage(ids: readonly string[]): Promise<Map<string, FormUsage>> {
    const rows = await q.formUsage.ofForms(ids);
    return new Map(
      [...rows].map(([formId, r]) => [
        formId,
        {
          responseCount: r.response_count,
          ...(r.last_response_at ? { lastResponseAt: r.last_response_at } : {}),
          deliveryCount: r.delivery_count,
          pendingDeliveries: r.pending_deliveries,
          deletable: r.response_count === 0 && r.delivery_count === 0,
        },
      ]),
    );
  }

  /**
   * Deletes a form nothing references (a draft made by mistake). A form with deliveries or
   * responses is a clinical record: 409 `form_in_use`, to be archived instead.
   */
  const remove = (id: string): Promise<{ id: string; deleted: true }> =>
    db.transaction(async () => {
      await row(id);
      const used = (await usage([id])).get(id)!;
      if (!used.deletable) {
        throw new ProblemError(
          409,
          'form_in_use',
          `The form '${id}' has ${used.deliveryCount} deliveries and ${used.responseCount} responses; archive it instead of deleting it.`,
          { responseCount: used.responseCount, deliveryCount: used.deliveryCount },
        );
      }
      await q.clinicalForms.remove(id);
      return { id, deleted: true };
    });

  return {
    create,
    addInstrument,
    update,
    remove,
    check,
    usage,
    /** Archived forms keep their responses and pending deliveries but cannot be scheduled. */
    archive: (id: string) => setArchived(id, true),
    restore: (id: string) => setArchived(id, false),
    get,
    getJson,
    /** The stored row with its fields parsed, for delivery and validation. */
    async definition(id: string): Promise<ClinicalFormRow & { fieldList: FormField[] }> {
      const found = await row(id);
      return { ...found, fieldList: JSON.parse(found.fields) as FormField[] };
    },
    async list(query: ClinicalFormListQuery): Promise<ListPage> {
      const where = equalTo({ status: query.status });
      return await deps.listPage(FORM_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { status: query.status },
        where,
      });
    },
    async responses(formId: string, query: FormResponseListQuery): Promise<ListPage> {
      await row(formId);
      const where = [
        ...equalTo({ form_id: formId, patient_id: query.patientId }),
        ...dateRangeConditions('completed_at', query.from, query.to),
      ];
      return await deps.listPage(RESPONSE_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { formId, patientId: query.patientId, from: query.from, to: query.to },
        where,
      });
    },
    async responseJson(id: string): Promise<string> {
      const json = await q.formResponses.getJson(id);
      if (json === undefined) throw resourceMissing('form response', id);
      return json;
    },
  };
}

export type Forms = ReturnType<typeof createForms>;
