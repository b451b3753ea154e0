import type { AlertView } from '../contract';
import { DESK_ACTOR } from '../schemas/actor';
import type { Alert } from '../schemas/alert';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function alertOperations({ core }: OperationDeps): GroupHandlers<'alerts'> {
  const view = (alert: Alert): AlertView => core.views.patientNames.withPatient(alert);
  return {
    list: op({
      run: (query) => core.views.patientNames.page(pageOf<Alert>(core.alerts.list(query))),
    }),
    get: op({ run: ({ id }) => view(core.alerts.get(id)) }),
    counts: op({ run: () => core.alerts.openCounts() }),
    ofPatient: op({
      run: ({ id }) => core.views.patientNames.withPatients(core.alerts.unresolvedOf(id)),
    }),
    acknowledge: op({
      run: ({ id, note }) => view(core.alerts.acknowledge(id, DESK_ACTOR, note)),
    }),
    resolve: op({
      run: ({ id, note }) => view(core.alerts.resolve(id, DESK_ACTOR, note)),
    }),
  };
}
