import type { FormResponse, InboxItem, ResponseAnalysis, ResponseDetail } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function responseOperations({ core }: OperationDeps): GroupHandlers<'responses'> {
  const views = core.views.responses;
  return {
    list: op({
      run: async ({ formId, ...query }) => {
        const page = pageOf<FormResponse>(await core.forms.responses(formId, query));
        return await core.views.patientNames.page({
          ...page,
          data: await views.withScores(formId, page.data),
        });
      },
    }),
    get: op({
      run: async ({ id }): Promise<ResponseDetail> =>
        core.views.patientNames.withPatient(await views.detail(id)),
    }),
    recent: op({ run: ({ limit }) => core.views.dashboard.recentResponses(limit) }),
    analysis: op({
      run: async (input): Promise<ResponseAnalysis> => {
        const result = await views.analysis(input);
        return {
          ...result,
          points: await core.views.patientNames.withPatients(result.points),
          latest: await core.views.patientNames.withPatients(result.latest),
        };
      },
    }),
    exportCsv: op({ run: (input) => core.views.exportResponses(input) }),
    inbox: op({
      run: async (input) => {
        const page = await core.responseInbox.list(input);
        const { data, pagination } = pageOf<Omit<InboxItem, 'scores'>>(page);
        // Scores are read per form (an instrument is recognised by its form's fields).
        const byForm = new Map<string, typeof data>();
        for (const item of data)
          byForm.set(item.formId, [...(byForm.get(item.formId) ?? []), item]);
        const scored = new Map<string, InboxItem>();
        for (const [formId, items] of byForm)
          for (const item of await views.withScores(formId, items)) scored.set(item.id, item);
        return { data: data.map((item) => scored.get(item.id)!), pagination, unread: page.unread };
      },
    }),
    mark: op({ run: ({ ids, read }) => core.responseInbox.mark(ids, read) }),
  };
}
