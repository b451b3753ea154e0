import type { OutboxListItem, ScheduleListItem, UpcomingDelivery } from '../contract';
import type { Clock } from '../jobs/clock';
import { validationFailed } from '../errors';
import type { FormSchedule, OutboxMessage } from '../schemas/form-schedule';
import { listItems, type ListPage } from './list-page';
import type { Queries } from '../store/queries';
import { normalise } from './date-range';
import { deliveryCalendar } from './delivery-calendar';
import { patientRef, type PatientNames } from './patient-names';

/** How many upcoming deliveries a caller gets when it does not say. */
const UPCOMING_LIMIT = 20;

/**
 * Deliveries as the coordinator reads them: pages of schedules and sent messages with the names
 * of their patients and forms, the upcoming ones, and the calendar's counts per day.
 */
export function createDeliveryViews(deps: { q: Queries; clock: Clock; names: PatientNames }) {
  const { q, clock, names } = deps;
  return {
    async schedules(page: ListPage) {
      const schedules = listItems<FormSchedule>(page);
      const formNames = new Map(
        (await q.deliveryViews.formNames(schedules.map((s) => s.formId))).map((f) => [
          f.id,
          f.name,
        ]),
      );
      const planned = new Map(
        (
          await q.formScheduleSeries.occurrences(
            schedules.flatMap((s) => (s.seriesId ? [s.seriesId] : [])),
          )
        ).map((row) => [row.id, row.occurrences]),
      );
      const data = (await names.withPatients(schedules)).map((schedule): ScheduleListItem => {
        const seriesOccurrences = schedule.seriesId ? planned.get(schedule.seriesId) : undefined;
        return {
          ...schedule,
          // Forms are never deleted (a trigger refuses it), so the name is always there.
          formName: formNames.get(schedule.formId) ?? '',
          ...(seriesOccurrences ? { seriesOccurrences } : {}),
        };
      });
      return { data, pagination: page.pagination };
    },
    async outbox(page: ListPage) {
      const messages = listItems<OutboxMessage>(page);
      const forms = new Map(
        (
          await q.deliveryViews.formNamesBySchedule(
            messages.flatMap((m) => (m.scheduleId ? [m.scheduleId] : [])),
          )
        ).map((row) => [row.schedule_id, row.name]),
      );
      const data = (await names.withPatients(messages)).map(
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
    /** Pending deliveries in scheduledAt order from `from` (default now) to `to` (exclusive). */
    async upcoming(input: {
      from?: string;
      to?: string;
      limit?: number;
    }): Promise<UpcomingDelivery[]> {
      const from = input.from ? normalise('from', input.from) : clock.nowIso();
      const to = input.to ? normalise('to', input.to) : undefined;
      if (to !== undefined && to <= from) {
        throw validationFailed([
          { pointer: '/to', code: 'range', detail: 'to must be later than from.' },
        ]);
      }
      return (await q.overview.upcoming(from, to, input.limit ?? UPCOMING_LIMIT)).map((row) => ({
        ...(JSON.parse(row.json) as FormSchedule),
        formName: row.form_name ?? '',
        patient: patientRef(row),
      }));
    },
    calendar: (input: { from: string; to: string; timeZone: string }) =>
      deliveryCalendar(q.deliveryViews, input),
  };
}
