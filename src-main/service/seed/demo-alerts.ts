import type { AlertInput, AlertRaiser, Alerts } from '../domain/alerts';
import { preferredLanguage } from '../domain/form-schedules';
import { DESK_ACTOR } from '../schemas/actor';
import type { Language } from '../schemas/form-schedule';
import type { PatientRow } from '../store/queries/patients';
import type { TimedAction } from './demo-deliveries';
import { createPrng } from './prng';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a coordinator writes when acknowledging an alert, in the patient's language. */
const ACKNOWLEDGE_NOTES: Record<Language, readonly string[]> = {
  es: [
    'Lo miro ahora y llamo al paciente.',
    'Avisada la enfermera de referencia.',
    'Visto. Lo comento con su médico esta mañana.',
  ],
  ca: [
    'Ho miro ara i truco al pacient.',
    'Avisada la infermera de referència.',
    'Vist. Ho comento amb el seu metge aquest matí.',
  ],
  en: ['Looking at it now; calling the patient.', 'Passed to the nurse on duty.'],
};

/** What a coordinator writes when resolving one: what was done about it. */
const RESOLVE_NOTES: Record<Language, readonly string[]> = {
  es: [
    'Hablado por teléfono: se encuentra mejor. Control en la próxima visita.',
    'Visto por su médico hoy; ajustada la medicación.',
    'Derivado a urgencias del hospital; alta el mismo día.',
    'Cita presencial con enfermería mañana a primera hora.',
  ],
  ca: [
    'Parlat per telèfon: es troba millor. Control a la propera visita.',
    "Vist pel seu metge avui; s'ha ajustat la medicació.",
    "Derivat a urgències de l'hospital; alta el mateix dia.",
    'Visita presencial amb infermeria demà a primera hora.',
  ],
  en: ['Spoke on the phone: feeling better. Review at the next visit.', 'Seen by the GP today.'],
};

/**
 * The alerts of the demo's history: each is raised by its real cause (the seed's domain services
 * get this raiser), and one raised before `newsSince` is then seen to by the clinic: acknowledged
 * within hours and, most of the time, resolved within the next days, each with a note in the
 * patient's language. Alerts of the last day are news: they stay as the live part leaves them.
 * A PRNG of its own, so the alerts move nothing else the seed draws.
 */
export function createDemoAlerts(deps: {
  store: Alerts;
  now: () => number;
  nowMs: number;
  newsSince: number;
  patients: readonly PatientRow[];
  later: (action: TimedAction) => void;
}): AlertRaiser {
  const rng = createPrng(20261128);
  const seen = new Set<string>();
  const languages = new Map(deps.patients.map((p) => [p.id, preferredLanguage(p.metadata)]));

  function seeTo(id: string, input: AlertInput, raisedAt: number): void {
    const language = languages.get(input.patientId) ?? 'es';
    // Urgent ones are picked up within the hour; those for review within the working day.
    const acknowledgedAt =
      raisedAt + (input.priority === 'urgent' ? rng.int(5, 60) : rng.int(30, 300)) * MINUTE;
    const resolvedAt = acknowledgedAt + rng.int(1, 72) * HOUR;
    const stays = rng.chance(0.12);
    const acknowledgeNote = rng.chance(0.7) ? rng.pick(ACKNOWLEDGE_NOTES[language]) : undefined;
    const resolveNote = rng.pick(RESOLVE_NOTES[language]);
    if (acknowledgedAt >= deps.nowMs) return;
    deps.later({
      at: acknowledgedAt,
      run: async () => void (await deps.store.acknowledge(id, DESK_ACTOR, acknowledgeNote)),
    });
    // Some stay acknowledged: the clinic is still on them.
    if (stays || resolvedAt >= deps.nowMs) return;
    deps.later({
      at: resolvedAt,
      run: async () => void (await deps.store.resolve(id, DESK_ACTOR, resolveNote)),
    });
  }

  return {
    async raise(input) {
      const id = await deps.store.raise(input);
      const at = deps.now();
      // A second sign joining an open alert is already seen to.
      if (!seen.has(id) && at < deps.newsSince) seeTo(id, input, at);
      seen.add(id);
      return id;
    },
  };
}
