import type { Patient } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function patientOperations({ core }: OperationDeps): GroupHandlers<'patients'> {
  return {
    list: op({
      async run(query) {
        const page = await core.patients.list(query);
        return { ...pageOf<Patient>(page), total: page.total };
      },
    }),
    get: op({ run: ({ id }) => core.patients.get(id) }),
    create: op({ run: (input) => core.patients.create(input) }),
    update: op({ run: ({ id, patch }) => core.patients.update(id, patch) }),
    tags: op({ run: () => core.views.dashboard.tags() }),
    timeline: op({ run: ({ id }) => core.views.timeline(id) }),
    matching: op({ run: (query) => core.patientBulk.matchingIds(query) }),
    byIds: op({ run: ({ ids }) => core.patientBulk.byIds(ids) }),
    retag: op({ run: (input) => core.patientBulk.retag(input) }),
  };
}
