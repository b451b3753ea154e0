import type { FormResponse, ResponseAnalysis, ResponseDetail } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function responseOperations({ core }: OperationDeps): GroupHandlers<'responses'> {
  const views = core.views.responses;
  return {
    list: op({
      run: ({ formId, ...query }) => {
        const page = pageOf<FormResponse>(core.forms.responses(formId, query));
        return core.views.patientNames.page({ ...page, data: views.withScores(formId, page.data) });
      },
    }),
    get: op({
      run: ({ id }): ResponseDetail => core.views.patientNames.withPatient(views.detail(id)),
    }),
    recent: op({ run: ({ limit }) => core.views.dashboard.recentResponses(limit) }),
    analysis: op({
      run: (input): ResponseAnalysis => {
        const result = views.analysis(input);
        return {
          ...result,
          points: core.views.patientNames.withPatients(result.points),
          latest: core.views.patientNames.withPatients(result.latest),
        };
      },
    }),
    exportCsv: op({ run: (input) => core.views.exportResponses(input) }),
  };
}
