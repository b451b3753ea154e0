import type {
  ClinicalForm,
  FormResponse,
  PatientRef,
  RecentResponse,
} from '../../../src-preload/contract';
import { ClinicalFormListQuery } from '../schemas/clinical-form';
import { IdInput, RecentInput, ResponseListInput } from '../schemas/desktop';
import type { JsonWithPatient } from '../store/queries/overview';
import { op, pageOf, schemaInput, type GroupHandlers, type OperationDeps } from './operation-kit';

export function patientRef(row: JsonWithPatient): PatientRef {
  return { id: row.patient_id, firstName: row.first_name, lastName: row.last_name };
}

export function formOperations({ core }: OperationDeps): GroupHandlers<'forms'> {
  return {
    list: op({
      parse: schemaInput(ClinicalFormListQuery),
      run: (query) => pageOf<ClinicalForm>(core.forms.list(query)),
    }),
    get: op({ parse: schemaInput(IdInput), run: ({ id }) => core.forms.get(id) }),
  };
}

export function responseOperations({ core }: OperationDeps): GroupHandlers<'responses'> {
  return {
    list: op({
      parse: schemaInput(ResponseListInput),
      run: ({ formId, ...query }) => pageOf<FormResponse>(core.forms.responses(formId, query)),
    }),
    get: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => JSON.parse(core.forms.responseJson(id)) as FormResponse,
    }),
    recent: op({
      parse: schemaInput<{ limit: number }>(RecentInput),
      run: ({ limit }) =>
        core.q.overview.recentResponses(limit).map((row): RecentResponse => ({
          ...(JSON.parse(row.json) as FormResponse),
          formName: row.form_name ?? '',
          patient: patientRef(row),
        })),
    }),
  };
}
