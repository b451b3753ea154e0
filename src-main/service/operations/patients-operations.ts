import type {
  ConversationSummary,
  FormResponse,
  FormSchedule,
  Patient,
  TimelineItem,
} from '../../../src-preload/contract';
import type { Call } from '../schemas/call';
import { IdInput, IdWithPatch } from '../schemas/desktop';
import { CreatePatient, PatientListQuery, UpdatePatient } from '../schemas/patient';
import {
  noInput,
  op,
  pageOf,
  schemaInput,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

/** A patient's timeline is for reading, not an archive: the newest 200 items. */
export const TIMELINE_LIMIT = 200;

export function patientOperations({ core }: OperationDeps): GroupHandlers<'patients'> {
  const patch = schemaInput<UpdatePatient>(UpdatePatient);
  return {
    list: op({
      parse: schemaInput(PatientListQuery),
      run(query) {
        const page = core.patients.list(query);
        return { ...pageOf<Patient>(page), total: page.total };
      },
    }),
    get: op({ parse: schemaInput(IdInput), run: ({ id }) => core.patients.get(id) }),
    create: op({
      parse: schemaInput(CreatePatient),
      run: (input) => core.patients.create(input),
      topics: ['patients'],
    }),
    update: op({
      // The patch is checked alone so its pointers are the API's (`/email`, not `/patch/email`).
      parse(input: unknown) {
        const { id, patch: raw } = schemaInput<{ id: string; patch: unknown }>(IdWithPatch)(input);
        return { id, patch: patch(raw) };
      },
      run: ({ id, patch: changes }) => core.patients.update(id, changes),
      topics: ['patients'],
    }),
    tags: op({ parse: noInput, run: () => core.q.overview.tags() }),
    timeline: op({
      parse: schemaInput(IdInput),
      run({ id }) {
        core.patients.getJson(id); // 404 for an unknown patient, not an empty timeline
        const rows = core.q.overview.timeline(id, TIMELINE_LIMIT);
        const items: TimelineItem[] = [
          ...rows.schedules.map((r) => ({
            kind: 'schedule' as const,
            at: r.at,
            schedule: JSON.parse(r.json) as FormSchedule,
            formName: r.name,
          })),
          ...rows.responses.map((r) => ({
            kind: 'response' as const,
            at: r.at,
            response: JSON.parse(r.json) as FormResponse,
            formName: r.name,
          })),
          ...rows.conversations.map((r) => ({
            kind: 'conversation' as const,
            at: r.at,
            conversation: JSON.parse(r.json) as ConversationSummary,
          })),
          ...rows.calls.map((r) => ({
            kind: 'call' as const,
            at: r.at,
            call: JSON.parse(r.json) as Call,
          })),
        ];
        // Timestamps share one ISO format, so text order is time order.
        items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
        return items.slice(0, TIMELINE_LIMIT);
      },
    }),
  };
}
