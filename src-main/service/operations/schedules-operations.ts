import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

export function scheduleOperations({ core }: OperationDeps): GroupHandlers<'schedules'> {
  const views = core.views.deliveries;
  return {
    list: op({ run: async (query) => views.schedules(await core.schedules.list(query)) }),
    get: op({ run: ({ id }) => core.schedules.get(id) }),
    upcoming: op({ run: (input) => views.upcoming(input) }),
    calendar: op({ run: (input) => views.calendar(input) }),
    create: op({ run: (input) => core.schedules.create(input) }),
    cancel: op({ run: ({ id }) => core.schedules.cancel(id) }),
    retry: op({ run: ({ id, ...input }) => core.schedules.retry(id, input) }),
  };
}

export function seriesOperations({ core }: OperationDeps): GroupHandlers<'series'> {
  return {
    get: op({ run: ({ id }) => core.scheduleSeries.get(id) }),
    create: op({ run: (input) => core.scheduleSeries.create(input) }),
    cancel: op({ run: ({ id }) => core.scheduleSeries.cancel(id) }),
  };
}

export function outboxOperations({ core }: OperationDeps): GroupHandlers<'outbox'> {
  return {
    list: op({ run: async (query) => core.views.deliveries.outbox(await core.outbox.list(query)) }),
  };
}
