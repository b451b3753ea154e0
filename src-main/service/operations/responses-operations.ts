import type {
  FormResponse,
  RecentResponse,
  ResponseAnalysis,
  ResponseDetail,
} from '../../../src-preload/contract';
import { createResponseViews } from '../domain/response-analysis';
import { createResponseExport } from '../domain/response-export';
import { IdInput, RecentInput, ResponseListInput } from '../schemas/desktop';
import { ResponseAnalysisInput, ResponseExportInput } from '../schemas/response-analysis';
import { patientRef } from './forms-operations';
import {
  op,
  pageOf,
  pageWithPatients,
  schemaInput,
  withPatient,
  withPatients,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

export function responseOperations({ core }: OperationDeps): GroupHandlers<'responses'> {
  const views = createResponseViews({ q: core.q, forms: core.forms });
  const exportCsv = createResponseExport({
    q: core.q,
    views,
    clock: core.clock,
    appLanguage: () => core.delivery.appLanguage(),
  });
  return {
    list: op({
      parse: schemaInput(ResponseListInput),
      run: ({ formId, ...query }) => {
        const page = pageOf<FormResponse>(core.forms.responses(formId, query));
        return pageWithPatients(core, { ...page, data: views.withScores(formId, page.data) });
      },
    }),
    get: op({
      parse: schemaInput(IdInput),
      run: ({ id }): ResponseDetail => withPatient(core, views.detail(id)),
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
    analysis: op({
      parse: schemaInput(ResponseAnalysisInput),
      run: (input): ResponseAnalysis => {
        const result = views.analysis(input);
        return {
          ...result,
          points: withPatients(core, result.points),
          latest: withPatients(core, result.latest),
        };
      },
    }),
    exportCsv: op({ parse: schemaInput(ResponseExportInput), run: exportCsv }),
  };
}
