import type { AlertView } from '../contract';
import { DESK_ACTOR } from '../schemas/actor';
import type { Alert } from '../schemas/alert';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function alertOperations({ core }: OperationDeps): GroupHandlers<'alerts'> {
  const view = (alert: Alert): Promise<AlertView> => core.views.patientNames.withPatient(alert);
  return {
    list: op({
      run: async (query) =>
        core.views.patientNames.page(pageOf<Alert>(await core.alerts.list(query))),
    }),
    get: op({ run: async ({ id }) => view(await core.alerts.get(id)) }),
    counts: op({ run: () => core.alerts.openCounts() }),
    ofPatient: op({
      run: async ({ id }) =>
        core.views.patientNames.withPatients(await core.alerts.unresolvedOf(id)),
    }),
    acknowledge: op({
      run: async ({ id, note }) => view(await core.alerts.acknowledge(id, DESK_ACTOR, note)),
    }),
    resolve: op({
      run: async ({ id, note }) => view(await core.alerts.resolve(id, DESK_ACTOR, note)),
    }),
  };
}
