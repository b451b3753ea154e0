import type { FormResponse, ResponseAnalysis, ResponseDetail } from '../contract';
import {
  op,
  pageOf,
  pageWithPatients,
  withPatient,
  withPatients,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

export function responseOperations({ core }: OperationDeps): GroupHandlers<'responses'> {
  const views = core.views.responses;
  return {
    list: op({
      run: ({ formId, ...query }) => {
        const page = pageOf<FormResponse>(core.forms.responses(formId, query));
        return pageWithPatients(core, { ...page, data: views.withScores(formId, page.data) });
      },
    }),
    get: op({
      run: ({ id }): ResponseDetail => withPatient(core, views.detail(id)),
    }),
    recent: op({ run: ({ limit }) => core.views.dashboard.recentResponses(limit) }),
    analysis: op({
      run: (input): ResponseAnalysis => {
        const result = views.analysis(input);
        return {
          ...result,
          points: withPatients(core, result.points),
          latest: withPatients(core, result.latest),
        };
      },
    }),
    exportCsv: op({ run: (input) => core.views.exportResponses(input) }),
  };
}
