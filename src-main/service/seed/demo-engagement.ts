import type { ChatTurn } from '../assistant/assistant';
import { builtinCall, builtinReply, builtinWelcome } from '../assistant/builtin/builtin-assistant';
import { createSimulatedPatient } from '../assistant/builtin/simulated-call';
import type { Topic } from '../assistant/builtin/context-reading';
import { lineOutcome, type Calls } from '../domain/calls';
import { INACTIVITY_MS, type Conversations } from '../domain/conversations';
import type { Credits } from '../domain/credits';
import { preferredLanguage } from '../domain/form-schedules';
import type { Language } from '../schemas/form-schedule';
import type { PatientRow } from '../store/queries/patients';
import { registeredBy } from './demo-time';
import type { TimedAction } from './demo-deliveries';
import type { Prng } from './prng';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The clinic keeps this much in hand; history that would dip below it is skipped. */
const RESERVE = 400;

type Purpose = 'post_op' | 'medication' | 'appointment' | 'check_in';

/** What coordinators write as a chat's context or a call's purpose, in the patient's language. */
const CONTEXTS: Record<Purpose, Record<Language, readonly string[]>> = {
  post_op: {
    es: [
      'Seguimiento postoperatorio tras prótesis de rodilla. Tono cercano. No dar consejos médicos; derivar dudas a enfermería.',
      'Seguimiento tras cirugía de cataratas (día 3). Preguntar por dolor, fiebre y aspecto de la herida.',
    ],
    ca: [
      "Seguiment postoperatori després d'una artroscòpia de genoll. To proper i missatges breus.",
      'Seguiment després de la intervenció de hèrnia inguinal. Preguntar per dolor, febre i ferida.',
    ],
    en: [
      'Post-operative follow-up after hip replacement surgery. Friendly tone; no medical advice.',
      'Post-op check after laparoscopic gallbladder surgery (day 5).',
    ],
  },
  medication: {
    es: [
      'Adherencia al tratamiento antihipertensivo. Preguntar si toma la medicación y por efectos secundarios.',
      'Seguimiento de la medicación tras el cambio de dosis de metformina. Mensajes breves.',
    ],
    ca: [
      'Adherència a la medicació per al colesterol. Preguntar per oblits i efectes secundaris.',
      'Seguiment del tractament anticoagulant. To formal.',
    ],
    en: ['Medication adherence check for the new blood pressure tablets.'],
  },
  appointment: {
    es: [
      'Recordatorio de cita con la Dra. Puig el próximo martes a las 10:00. Confirmar asistencia.',
      'Recordatorio de la visita de control de fisioterapia. Recordar traer los informes.',
    ],
    ca: ['Recordatori de la visita amb el Dr. Soler dijous a les 9:30. Confirmar assistència.'],
    en: ['Appointment reminder for the follow-up visit on Thursday at 9:30.'],
  },
  check_in: {
    es: [
      'Revisión mensual de pacientes crónicos. Preguntar cómo se encuentra y si hay síntomas nuevos.',
    ],
    ca: ['Revisió mensual de pacients crònics. Preguntar com es troba i si hi ha símptomes nous.'],
    en: ['Monthly check-in for patients with chronic conditions.'],
  },
};

/** Messages that make the assistant escalate, as patients write them. */
const RED_FLAG_MESSAGES: Record<Language, readonly string[]> = {
  es: [
    'Desde esta mañana tengo un dolor en el pecho que no se me va.',
    'Me falta el aire al caminar, más que ayer.',
    'La herida sangra mucho y no para.',
  ],
  ca: ["Des d'aquest matí tinc dolor al pit i no em passa.", 'Em costa molt respirar quan camino.'],
  en: ['I have had chest pain since this morning.', 'I am short of breath even sitting down.'],
};

const PURPOSE_WEIGHTS: [Purpose, number][] = [
  ['post_op', 4],
  ['medication', 3],
  ['appointment', 3],
  ['check_in', 2],
];

function purposeOf(rng: Prng): Purpose {
  let r = rng.next() * PURPOSE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  for (const [purpose, weight] of PURPOSE_WEIGHTS) {
    r -= weight;
    if (r < 0) return purpose;
  }
  return 'check_in';
}

/** A weekday working-hours moment on the day `dayMs` (clinics call and write 9:00–19:00). */
function workingMoment(rng: Prng, dayMs: number): number {
  const day = Math.floor(dayMs / DAY) * DAY;
  return day + (8 + rng.int(0, 9)) * 3_600_000 + rng.int(0, 3599) * 1000;
}

/**
 * AI chats of the clinic's past: most answered to the end and closed by inactivity, some left
 * halfway, a few closed by the coordinator, and some escalated on a red flag. Each is made of the
 * real domain steps (start, messages, the inactivity close) at their moments, so credits,
 * messages and metadata are exactly what the live service would have written.
 */
export function planDemoConversations(deps: {
  rng: Prng;
  nowMs: number;
  historyStart: number;
  patients: PatientRow[];
  conversations: Conversations;
  credits: Credits;
}): TimedAction[] {
  const { rng, nowMs, conversations, credits } = deps;
  const candidates = deps.patients.filter(
    (p) => p.status === 'active' && registeredBy(p, deps.historyStart),
  );
  const actions: TimedAction[] = [];
  const days = Math.floor((nowMs - deps.historyStart) / DAY);
  const count = Math.round(days * 0.9);
  for (let i = 0; i < count; i++) {
    const patient = rng.pick(candidates);
    let start = workingMoment(rng, deps.historyStart + rng.int(0, days - 1) * DAY);
    if (start >= nowMs - 3 * 3_600_000) start = nowMs - 3 * 3_600_000 - rng.int(0, 3_600_000);
    if (start < Date.parse(patient.created_at)) continue;
    const language = preferredLanguage(patient.metadata);
    const purpose = purposeOf(rng);
    const context = rng.pick(CONTEXTS[purpose][language]);
    const escalate = rng.chance(0.07);
    const ending = rng.next();
    const leftHalfway = ending < 0.2;
    const closedByCoordinator = ending > 0.9;
    const key = `demo-chat:${i}`;
    let id: string | undefined;
    let t = start;
    actions.push({
      at: t,
      run: async () => {
        if ((await credits.balance()).balance < RESERVE) return;
        const begun = await conversations.beginStart({ patientId: patient.id, context, language });
        id = (await conversations.commitStart({ ...begun, welcome: builtinWelcome(begun.setup) }))
          .id;
      },
    });
    const patientSide = createSimulatedPatient({
      key,
      firstName: patient.first_name,
      context,
      purpose: context,
      language,
      clinicName: '',
    });
    const exchanges = leftHalfway ? rng.int(1, 2) : 6;
    const redFlagAt = escalate ? rng.int(0, 1) : -1;
    for (let n = 0; n < exchanges; n++) {
      t += rng.int(1, 12) * MINUTE + rng.int(0, 59) * 1000;
      const flagged = n === redFlagAt;
      const at = t;
      actions.push({
        at,
        run: async () => {
          if (!id || (await credits.balance()).balance < RESERVE) return;
          const conversation = await conversations.row(id);
          // A message skipped above may have left the chat idle past its close.
          const idle = Date.parse(conversation.last_message_at) + INACTIVITY_MS <= at;
          if (conversation.status !== 'active' || idle) return;
          // An answer of the interview's own can raise a sign too (a pain of 8, a fever after
          // surgery): once the chat has escalated, the patient is with the team or 112, not here.
          if (conversation.escalated_at) return;
          const begun = await conversations.beginMessage(id, '');
          const topic = lastTopic(begun.history);
          if (topic === 'done') return;
          const content = flagged
            ? rng.pick(RED_FLAG_MESSAGES[language])
            : patientSide.answer(topic as Topic | undefined);
          const reply = builtinReply(begun.setup, begun.history, content);
          await conversations.commitMessage({ ...begun, content, reply });
        },
      });
      // After an escalation the patient is on the phone with 112, not in the chat.
      if (flagged) break;
    }
    const closeAt = closedByCoordinator ? t + rng.int(2, 20) * MINUTE : t + INACTIVITY_MS;
    if (closeAt < nowMs) {
      actions.push({
        at: closeAt,
        run: async () => {
          if (!id) return;
          // A chat left idle has already closed by inactivity by then.
          await conversations.onCloseDue(id);
          if (closedByCoordinator && (await conversations.row(id)).status === 'active')
            await conversations.close(id);
        },
      });
    }
  }
  return actions;
}

function lastTopic(history: readonly ChatTurn[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const topic = history[i]!.metadata?.topic;
    if (history[i]!.role === 'assistant' && topic) return topic;
  }
  return undefined;
}

/**
 * Months of automated calls: about nine in ten answered and completed with a transcript and a
 * summary in the patient's language; the rest rang out or were busy (and the magic patients fail
 * as their numbers say). Each call runs through the real lifecycle steps at their moments.
 */
export function planDemoCalls(deps: {
  rng: Prng;
  nowMs: number;
  historyStart: number;
  patients: PatientRow[];
  calls: Calls;
  credits: Credits;
  clinicName: string;
}): TimedAction[] {
  const { rng, nowMs, calls, credits } = deps;
  const candidates = deps.patients.filter(
    (p) => p.status === 'active' && p.phone && registeredBy(p, deps.historyStart),
  );
  const actions: TimedAction[] = [];
  const days = Math.floor((nowMs - deps.historyStart) / DAY);
  const count = Math.round(days * 1.4);
  for (let i = 0; i < count; i++) {
    const patient = rng.pick(candidates);
    const start = workingMoment(rng, deps.historyStart + rng.int(0, days - 1) * DAY);
    // Every demo call has ended well before now.
    if (start > nowMs - 2 * 3_600_000 || start < Date.parse(patient.created_at)) continue;
    const language = preferredLanguage(patient.metadata);
    const purpose = rng.pick(CONTEXTS[purposeOf(rng)][language]);
    const failure = rng.chance(0.09)
      ? rng.pick(['no_answer', 'no_answer', 'busy'] as const)
      : undefined;
    const ringSeconds = failure === 'no_answer' ? 45 : failure === 'busy' ? 4 : rng.int(6, 18);
    let id: string | undefined;
    actions.push({
      at: start,
      run: async () => {
        if ((await credits.balance()).balance < RESERVE) return;
        id = (await calls.create({ patientId: patient.id, purpose, language })).id;
      },
    });
    actions.push({
      at: start + 3000,
      run: async () => {
        if (id) await calls.steps.ring(await calls.row(id));
      },
    });
    // The conversation is written now, so that the hang-up can be planned at its real end.
    const script = builtinCall({
      key: `demo-call:${i}`,
      firstName: patient.first_name,
      context: purpose,
      purpose,
      language,
      clinicName: deps.clinicName,
    });
    const answeredAt = start + 3000 + ringSeconds * 1000;
    actions.push({
      at: answeredAt,
      run: async () => {
        if (!id) return;
        const call = await calls.row(id);
        if (call.status !== 'ringing') return;
        // The magic numbers fail as documented; other lines fail at the drawn odds.
        const outcome = lineOutcome(call.phone).failure ?? failure;
        if (outcome) await calls.steps.fail(call, outcome);
        else await calls.steps.answerWith(id, script);
      },
    });
    actions.push({
      at: answeredAt + script.durationSeconds * 1000,
      run: async () => {
        if (!id) return;
        const call = await calls.row(id);
        if (call.status === 'in-progress') await calls.steps.complete(call);
      },
    });
  }
  return actions;
}
