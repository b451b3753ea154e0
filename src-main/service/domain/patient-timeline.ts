import type { Alert } from '../schemas/alert';
import type { Call } from '../schemas/call';
import type { ConversationSummary } from '../schemas/conversation';
import type { FormResponse } from '../schemas/clinical-form';
import type { FormSchedule } from '../schemas/form-schedule';
import type { PatientNote } from '../schemas/patient-note';
import type { TimelineItem } from '../contract';
import type { Queries } from '../store/queries';
import type { InstrumentScore } from './instrument-scores';

/** A patient's timeline is for reading, not an archive: the newest 200 items. */
export const TIMELINE_LIMIT = 200;

/**
 * Deliveries, responses (with their scores), conversations, calls, alerts and notes of one
 * patient, merged newest first: the patient page's history, for any transport. An unknown patient
 * is a 404, not an empty timeline.
 */
export function createPatientTimeline(deps: {
  q: Queries;
  requirePatient: (id: string) => Promise<void>;
  /** Scores a response by its form's instruments (PHQ-9, GAD-7); [] for other forms. */
  scoresOf: () => (response: FormResponse) => Promise<InstrumentScore[]>;
}) {
  const { q } = deps;
  return async function timeline(patientId: string): Promise<TimelineItem[]> {
    await deps.requirePatient(patientId);
    const rows = await q.overview.timeline(patientId, TIMELINE_LIMIT);
    const scores = deps.scoresOf();
    const responseScores = new Map<string, InstrumentScore[]>();
    for (const r of rows.responses) {
      const response = JSON.parse(r.json) as FormResponse;
      responseScores.set(response.id, await scores(response));
    }
    const items: TimelineItem[] = [
      ...rows.schedules.map((r) => ({
        kind: 'schedule' as const,
        at: r.at,
        schedule: JSON.parse(r.json) as FormSchedule,
        formName: r.name,
      })),
      ...rows.responses.map((r) => {
        const response = JSON.parse(r.json) as FormResponse;
        return {
          kind: 'response' as const,
          at: r.at,
          response,
          formName: r.name,
          scores: responseScores.get(response.id) ?? [],
        };
      }),
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
      ...(await q.alerts.latestOfPatient(patientId, TIMELINE_LIMIT)).map((r) => ({
        kind: 'alert' as const,
        at: r.at,
        alert: JSON.parse(r.json) as Alert,
      })),
      ...(await q.patientNotes.latestOf(patientId, TIMELINE_LIMIT)).map((r) => ({
        kind: 'note' as const,
        at: r.at,
        note: JSON.parse(r.json) as PatientNote,
      })),
    ];
    // Timestamps share one ISO format, so text order is time order.
    items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    return items.slice(0, TIMELINE_LIMIT);
  };
}
