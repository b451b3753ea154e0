import type { AlertView } from '../../../src-preload/contract';
import { AlertAction, AlertListQuery, type Alert } from '../schemas/alert';
import { IdInput } from '../schemas/desktop';
import { Type } from 'typebox';
import {
  op,
  pageOf,
  pageWithPatients,
  noInput,
  schemaInput,
  withPatient,
  withPatients,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

/** Acknowledge or resolve from the window: the alert and an optional note. */
const AlertActionInput = Type.Object(
  { id: IdInput.properties.id, ...AlertAction.properties },
  { additionalProperties: false },
);

/** Who acts in the window: the desk (coordinator accounts come with the clinic server). */
const DESK = { type: 'desk' as const, name: 'Engage Desk' };

export function alertOperations({ core }: OperationDeps): GroupHandlers<'alerts'> {
  const view = (alert: Alert): AlertView => withPatient(core, alert);
  return {
    list: op({
      parse: schemaInput(AlertListQuery),
      run: (query) => pageWithPatients(core, pageOf<Alert>(core.alerts.list(query))),
    }),
    get: op({ parse: schemaInput(IdInput), run: ({ id }) => view(core.alerts.get(id)) }),
    counts: op({ parse: noInput, run: () => core.alerts.openCounts() }),
    ofPatient: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => withPatients(core, core.alerts.unresolvedOf(id)),
    }),
    acknowledge: op({
      parse: schemaInput(AlertActionInput),
      run: ({ id, note }) => view(core.alerts.acknowledge(id, DESK, note)),
      topics: ['alerts'],
    }),
    resolve: op({
      parse: schemaInput(AlertActionInput),
      run: ({ id, note }) => view(core.alerts.resolve(id, DESK, note)),
      topics: ['alerts'],
    }),
  };
}
