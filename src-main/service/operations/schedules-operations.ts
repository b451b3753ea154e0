import type {
  FormSchedule,
  OutboxListItem,
  OutboxMessage,
  ScheduleListItem,
  UpcomingDelivery,
} from '../../../src-preload/contract';
import { validationFailed } from '../errors';
import { CalendarInput } from '../schemas/deliveries';
import { IdInput, UpcomingInput } from '../schemas/desktop';
import {
  CreateFormSchedule,
  FormScheduleListQuery,
  OutboxListQuery,
} from '../schemas/form-schedule';
import { deliveryCalendar } from '../domain/delivery-calendar';
import { patientRef } from './forms-operations';
import {
  op,
  pageOf,
  schemaInput,
  withPatients,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

/** A date means 00:00 UTC that day; date-times are normalised to the stored form. */
function bound(value: string): string {
  return new Date(
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value,
  ).toISOString();
}

export function scheduleOperations({ core }: OperationDeps): GroupHandlers<'schedules'> {
  return {
    list: op({
      parse: schemaInput(FormScheduleListQuery),
      run(query) {
        const page = pageOf<FormSchedule>(core.schedules.list(query));
        const names = new Map(
          core.q.deliveryViews.formNames(page.data.map((s) => s.formId)).map((f) => [f.id, f.name]),
        );
        const data = withPatients(core, page.data).map((schedule): ScheduleListItem => ({
          ...schedule,
          // Forms are never deleted (a trigger refuses it), so the name is always there.
          formName: names.get(schedule.formId) ?? '',
        }));
        return { data, pagination: page.pagination };
      },
    }),
    get: op({ parse: schemaInput(IdInput), run: ({ id }) => core.schedules.get(id) }),
    upcoming: op({
      parse: schemaInput<{ from?: string; to?: string; limit: number }>(UpcomingInput),
      run(input) {
        const from = input.from ? bound(input.from) : core.clock.nowIso();
        const to = input.to ? bound(input.to) : undefined;
        if (to !== undefined && to <= from) {
          throw validationFailed([
            { pointer: '/to', code: 'range', detail: 'to must be later than from.' },
          ]);
        }
        return core.q.overview.upcoming(from, to, input.limit).map((row): UpcomingDelivery => ({
          ...(JSON.parse(row.json) as FormSchedule),
          formName: row.form_name ?? '',
          patient: patientRef(row),
        }));
      },
    }),
    calendar: op({
      parse: schemaInput(CalendarInput),
      run: (input) => deliveryCalendar(core.q.deliveryViews, input),
    }),
    create: op({
      parse: schemaInput(CreateFormSchedule),
      run: (input) => core.schedules.create(input),
      topics: ['schedules', 'credits'],
    }),
    cancel: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => core.schedules.cancel(id),
      topics: ['schedules', 'credits'],
    }),
  };
}

export function outboxOperations({ core }: OperationDeps): GroupHandlers<'outbox'> {
  return {
    list: op({
      parse: schemaInput(OutboxListQuery),
      run(query) {
        const page = pageOf<OutboxMessage>(core.outbox.list(query));
        const forms = new Map(
          core.q.deliveryViews
            .formNamesBySchedule(page.data.flatMap((m) => (m.scheduleId ? [m.scheduleId] : [])))
            .map((row) => [row.schedule_id, row.name]),
        );
        const data = withPatients(core, page.data).map(
          ({ patient, ...message }): OutboxListItem => {
            const formName = message.scheduleId ? forms.get(message.scheduleId) : undefined;
            // Notices to the clinic's own address concern no patient: no empty name is invented.
            return {
              ...message,
              ...(message.patientId ? { patient } : {}),
              ...(formName !== undefined ? { formName } : {}),
            };
          },
        );
        return { data, pagination: page.pagination };
      },
    }),
  };
}
