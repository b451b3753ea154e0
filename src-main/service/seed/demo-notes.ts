import type { PatientNotes } from '../domain/patient-notes';
import { preferredLanguage } from '../domain/form-schedules';
import { DESK_ACTOR } from '../schemas/actor';
import type { Language } from '../schemas/form-schedule';
import type { PatientRow } from '../store/queries/patients';
import type { TimedAction } from './demo-deliveries';
import { createPrng } from './prng';

const DAY = 86_400_000;

/** Who writes notes at the demo clinic, as they sign. */
const AUTHORS = [
  'Marta Gil (coordinació)',
  'Laia Roig, infermera',
  'Dra. Elena Vidal Puig',
  'Jordi Pons (recepció)',
] as const;

/** What staff note down, in the patient's language: calls, arrangements, cautions. */
const NOTES: Record<Language, readonly string[]> = {
  es: [
    'Ha llamado su hija: esta semana no puede venir a la revisión. Reprogramar para la semana que viene, por la mañana.',
    'Prefiere que la llamen por la tarde, después de las 17 h.',
    'Refiere que se olvida de la pastilla de la noche. Le hemos propuesto un pastillero semanal.',
    'Alergia a la penicilina confirmada por el paciente por teléfono.',
    'Vive solo. Contacto de referencia: su sobrina Carmen (teléfono en la historia).',
    'Pide recibir los formularios por correo electrónico en lugar de WhatsApp.',
  ],
  ca: [
    "Ha trucat el seu fill: la pacient està ingressada a l'hospital fins dilluns. No enviar formularis fins llavors.",
    'Prefereix que li truquem al matí; a la tarda cuida els néts.',
    "Diu que les escales de casa li costen. Valorar visita domiciliària de l'infermera.",
    'Ha confirmat la cita de control amb la doctora per al dia 12.',
    'Té dificultats amb el mòbil; és millor trucar-li que enviar missatges.',
    'Porta la glucosa ben controlada des que fa el diari de menjars.',
  ],
  en: [
    'Daughter called: the patient is travelling until the 15th. Hold non-urgent forms until then.',
    'Prefers phone calls to messages; hard of hearing, speak slowly.',
    'Reports mild ankle swelling in the evenings. Flag for the nurse at the next visit.',
    'Confirmed she is taking the new dose since Monday.',
  ],
};

/**
 * Staff notes for about a quarter of the demo patients, one to three each, written on working
 * days after the patient was registered. A PRNG of its own, so adding notes to the demo does not
 * move anything else the seed draws.
 */
export function planDemoNotes(deps: {
  nowMs: number;
  historyStart: number;
  patients: readonly PatientRow[];
  notes: PatientNotes;
}): TimedAction[] {
  const rng = createPrng(20261126);
  const actions: TimedAction[] = [];
  for (const patient of deps.patients) {
    if (!rng.chance(0.25)) continue;
    const language = preferredLanguage(patient.metadata);
    const from = Math.max(Date.parse(patient.created_at), deps.historyStart);
    const texts = rng.sample(NOTES[language], rng.int(1, 3));
    for (const text of texts) {
      const day = from + rng.int(0, Math.max(0, Math.floor((deps.nowMs - from) / DAY) - 1)) * DAY;
      const at = startOfDay(day) + rng.int(9 * 60, 17 * 60) * 60_000;
      if (at <= from || at >= deps.nowMs) continue;
      const author = rng.pick(AUTHORS);
      actions.push({
        at,
        run: async () => void (await deps.notes.create(patient.id, { text, author }, DESK_ACTOR)),
      });
    }
  }
  return actions;
}

function startOfDay(ms: number): number {
  return ms - (ms % DAY);
}
