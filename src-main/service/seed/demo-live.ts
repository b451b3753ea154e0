// Long on purpose (over 400 lines): the demo's present is one story told in a dozen scenes (each
// alert kind, the live chats, the failed call), each a few lines of what the patient wrote; split
// apart, the scenes would lose the order in which they happen to the same clinic this morning.
import type { ChatTurn } from '../assistant/assistant';
import { builtinCall, builtinReply, builtinWelcome } from '../assistant/builtin/builtin-assistant';
import { readContext, type Topic } from '../assistant/builtin/context-reading';
import { createSimulatedPatient } from '../assistant/builtin/simulated-call';
import { understand } from '../assistant/builtin/understanding';
import type { FormDelivery } from '../delivery/form-delivery';
import type { Alerts } from '../domain/alerts';
import type { Calls } from '../domain/calls';
import { INACTIVITY_MS, type Conversations } from '../domain/conversations';
import type { SubmittedAnswer } from '../domain/form-answers';
import { preferredLanguage, type FormSchedules } from '../domain/form-schedules';
import { INSTRUMENTS } from '../domain/instrument-scores';
import { GAD7_ES } from '../instruments/gad7-editions';
import { PHQ9_ES } from '../instruments/phq9-editions';
import { DESK_ACTOR } from '../schemas/actor';
import type { Alert } from '../schemas/alert';
import type { Language } from '../schemas/form-schedule';
import type { Queries } from '../store/queries';
import type { PatientRow } from '../store/queries/patients';
import { transcriptAnswers, triageAnswers } from '../triage/transcript-triage';
import type { TimedAction } from './demo-deliveries';
import type { DemoForm } from './demo-forms';
import { satisfaction } from './demo-own-forms';
import { registeredBy } from './demo-time';
import { createPrng, type Prng } from './prng';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whom the demo's present happens to: an active patient reachable by phone, not a magic one. */
interface Cast {
  language: Language;
  /** Patients with one of these tags are chosen first. */
  prefer?: readonly string[];
  /** The form the scene sends: a patient the history sends it to near now is left out. */
  form?: DemoForm['key'];
}

/** How far from now a history delivery of the same form keeps a patient out of a form scene. */
const CLEAR_OF = 10 * DAY;

/**
 * The demo's present: what happened at the clinic in the last hours, so that a demo opens on a
 * clinic at work rather than on a quiet archive. Every scene goes through the real domain steps
 * (answers through the answer validator, chat messages through the conversation operations and
 * their triage, calls through the call lifecycle), so each alert links to the response, chat,
 * call or delivery that raised it:
 *
 * - responses: a PHQ-9 item 9 answer, a severe PHQ-9 total, a moderate GAD-7, a pain of 9, a
 *   post-operative fever (acknowledged: a nurse is on it) and a worrying comment in a
 *   satisfaction survey;
 * - a PHQ-9 that could not be delivered (an invalid number);
 * - chats: two still active (one escalated on chest pain, one with a question for the team),
 *   one escalated this morning on a post-operative fever, one yesterday on bleeding (resolved);
 * - calls: one with an urgent sign, one with something for the team, and the clinic's call to
 *   the patient in pain that nobody answered.
 *
 * The patients write as patients write, in Spanish or Catalan. The active chats' last messages are
 * minutes old: they close after 30 minutes of silence like any chat (docs/api-decisions.md,
 * Sandbox). A PRNG of its own, so the present moves nothing else the seed draws.
 */
export function planDemoLive(deps: {
  nowMs: number;
  historyStart: number;
  patients: readonly PatientRow[];
  q: Queries;
  formId: (key: DemoForm['key']) => string;
  /** The history's deliveries, by `${formKey}:${patientId}`: their scheduled times. */
  planned: ReadonlyMap<string, readonly number[]>;
  schedules: FormSchedules;
  delivery: FormDelivery;
  conversations: Conversations;
  calls: Calls;
  alerts: Alerts;
  clinicName: string;
}): TimedAction[] {
  const rng = createPrng(20261129);
  const N = deps.nowMs;
  const actions: TimedAction[] = [];
  const cast = castOf(rng, deps);
  const forms = formScenes(deps, actions);
  const chats = chatScenes(deps, actions);
  const phone = callScenes(deps, actions);

  // A PHQ-9 with thoughts of self-harm on "several days" (item 9's urgent rule), total 12.
  forms.answered('phq9', cast({ language: 'es', prefer: ['mental-health'], form: 'phq9' }), {
    sentAt: N - 27 * HOUR,
    answeredAt: N - 3 * HOUR - 10 * MINUTE,
    answers: phq9([2, 1, 2, 2, 1, 1, 1, 1, 1], 2),
  });
  // A severe PHQ-9 total (20, urgent) without item 9, answered last night.
  forms.answered('phq9', cast({ language: 'ca', prefer: ['mental-health'], form: 'phq9' }), {
    sentAt: N - 30 * HOUR,
    answeredAt: N - 21 * HOUR,
    answers: phq9([3, 2, 3, 3, 2, 3, 2, 2, 0], 3),
  });
  // A moderate GAD-7 (12): for review.
  forms.answered('gad7', cast({ language: 'es', prefer: ['mental-health'], form: 'gad7' }), {
    sentAt: N - 26 * HOUR,
    answeredAt: N - 5 * HOUR,
    answers: gad7([2, 2, 2, 1, 2, 1, 2]),
  });
  // A pain of 9 (the scale's urgent rule); the clinic called an hour later and nobody answered.
  const inPain = cast({
    language: 'ca',
    prefer: ['physiotherapy', 'oncology', 'elderly-care'],
    form: 'pain_nrs',
  });
  forms.answered('pain_nrs', inPain, {
    sentAt: N - 28 * HOUR,
    answeredAt: N - 2 * HOUR - 30 * MINUTE,
    answers: [
      { fieldId: 'pain_now', value: 9 },
      { fieldId: 'pain_worst_24h', value: 10 },
      { fieldId: 'pain_location', value: ['Espalda', 'Zona lumbar'] },
      {
        fieldId: 'pain_comments',
        value:
          "Des de dilluns el dolor d'esquena no em deixa dormir i les pastilles no em fan res.",
      },
    ],
  });
  phone.unanswered(
    inPain,
    N - 75 * MINUTE,
    "Trucada de seguiment: dolor de 9 sobre 10 a l'escala d'avui.",
  );
  // A post-operative fever (urgent rules) two days after surgery; a nurse acknowledged it.
  const feverish = cast({ language: 'es', prefer: ['post-op'], form: 'post_op' });
  forms.answered('post_op', feverish, {
    sentAt: N - 26 * HOUR,
    answeredAt: N - 6 * HOUR,
    answers: [
      { fieldId: 'surgery_date', value: new Date(N - 2 * DAY).toISOString().slice(0, 10) },
      { fieldId: 'wound_status', value: 'Enrojecimiento' },
      { fieldId: 'fever', value: true },
      { fieldId: 'temperature', value: 38.4 },
      { fieldId: 'pain', value: 5 },
      { fieldId: 'medication_as_prescribed', value: true },
      { fieldId: 'symptoms', value: ['Ninguno'] },
      {
        fieldId: 'questions',
        value: 'Desde anoche tengo fiebre y la herida está más roja, ¿tengo que ir a urgencias?',
      },
    ],
    acknowledged: {
      at: N - 5 * HOUR - 35 * MINUTE,
      note: 'Avisada la enfermera de referencia; le llamamos esta mañana.',
    },
  });
  // A satisfaction survey whose comment mentions breathlessness: the triage reads every text.
  forms.answered('satisfaction', cast({ language: 'ca', form: 'satisfaction' }), {
    sentAt: N - 28 * HOUR,
    answeredAt: N - 4 * HOUR,
    answers: [
      ...satisfaction.answer(rng, 0.1).filter((a) => a.fieldId !== 'comments'),
      {
        fieldId: 'comments',
        value:
          "Molt bé l'atenció, gràcies. Per cert, des d'ahir em costa respirar quan pujo les escales.",
      },
    ],
  });
  // A PHQ-9 (it carries urgent rules) to a number that does not exist: for review.
  const invalid = deps.patients.find((p) => p.phone?.endsWith('9999'));
  if (invalid) forms.undelivered('phq9', invalid, N - 4 * HOUR - 30 * MINUTE);

  // Yesterday: a wound that bled; sent to the emergency department, resolved.
  chats.chat(cast({ language: 'es', prefer: ['post-op'] }), {
    context:
      'Seguimiento tras cirugía de cataratas (día 3). Preguntar por dolor, fiebre y aspecto de la herida.',
    startAt: N - 22 * HOUR,
    says: [undefined, 'La herida sangra mucho y no para.'],
    resolved: {
      at: N - 19 * HOUR,
      note: 'En urgencias del hospital le han cosido la herida; alta el mismo día.',
    },
  });
  // This morning: a post-operative fever; the chat escalated and closed, the alert is open.
  chats.chat(cast({ language: 'es', prefer: ['post-op'] }), {
    context:
      'Seguimiento postoperatorio tras prótesis de rodilla. Tono cercano. No dar consejos médicos; derivar dudas a enfermería.',
    startAt: N - 5 * HOUR,
    says: [undefined, 'Desde anoche tengo 38,5 de fiebre y la herida me tira.'],
  });
  // Now: a question about a past heart attack, for the team; the chat goes on.
  chats.chat(cast({ language: 'es' }), {
    context:
      'Adherencia al tratamiento antihipertensivo. Preguntar si toma la medicación y por efectos secundarios.',
    startAt: N - 11 * MINUTE,
    says: [
      undefined,
      'Hace años tuve un infarto; ¿puedo seguir tomando el ibuprofeno para la rodilla?',
      undefined,
    ],
    gapMinutes: 3,
  });
  // Now: chest pain after a knee arthroscopy; the chat escalated minutes ago and is still open.
  chats.chat(cast({ language: 'ca', prefer: ['post-op'] }), {
    context:
      "Seguiment postoperatori després d'una artroscòpia de genoll. To proper i missatges breus.",
    startAt: N - 9 * MINUTE,
    says: [undefined, "Des d'aquest matí tinc dolor al pit i no em passa."],
    gapMinutes: 3,
  });

  // Calls this morning: an urgent sign, and something for the team.
  phone.answered(
    cast({ language: 'es', prefer: ['post-op'] }),
    N - 7 * HOUR,
    'Seguimiento tras cirugía de cataratas (día 3). Preguntar por dolor, fiebre y aspecto de la herida.',
    'urgent',
  );
  phone.answered(
    cast({ language: 'ca', prefer: ['post-op'] }),
    N - 45 * MINUTE,
    'Seguiment després de la intervenció de hèrnia inguinal. Preguntar per dolor, febre i ferida.',
    'team',
  );
  return actions;
}

/**
 * Picks each scene's patient: distinct, each with a first name of their own (a demo is told by
 * first names), in the language asked, the preferred tags first, and none the history sends the
 * same form to in the days around now (two PHQ-9s in a day would puzzle the room).
 */
function castOf(
  rng: Prng,
  deps: {
    nowMs: number;
    historyStart: number;
    patients: readonly PatientRow[];
    planned: ReadonlyMap<string, readonly number[]>;
  },
) {
  const used = new Set<string>();
  const names = new Set<string>();
  const pool = deps.patients.filter(
    (p) =>
      p.status === 'active' &&
      p.phone &&
      !/(0000|1111|9999)$/.test(p.phone) &&
      !p.email?.endsWith('@bounce.example') &&
      registeredBy(p, deps.historyStart),
  );
  const busy = (p: PatientRow, form: DemoForm['key'] | undefined) =>
    form !== undefined &&
    (deps.planned.get(`${form}:${p.id}`) ?? []).some((at) => Math.abs(at - deps.nowMs) < CLEAR_OF);
  return (role: Cast): PatientRow => {
    const fits = pool.filter(
      (p) =>
        !used.has(p.id) &&
        !names.has(p.first_name) &&
        preferredLanguage(p.metadata) === role.language &&
        !busy(p, role.form),
    );
    const tagged = fits.filter((p) =>
      (JSON.parse(p.tags) as string[]).some((t) => role.prefer?.includes(t)),
    );
    const chosen = rng.pick(tagged.length ? tagged : fits);
    used.add(chosen.id);
    names.add(chosen.first_name);
    return chosen;
  };
}

function phq9(scores: readonly number[], difficulty: number): SubmittedAnswer[] {
  return [
    ...scores.map((score, i) => ({
      fieldId: INSTRUMENTS.phq9.itemIds[i]!,
      value: PHQ9_ES.options[score]!,
    })),
    { fieldId: PHQ9_ES.difficulty!.id, value: PHQ9_ES.difficulty!.options[difficulty]! },
  ];
}

function gad7(scores: readonly number[]): SubmittedAnswer[] {
  return scores.map((score, i) => ({
    fieldId: INSTRUMENTS.gad7.itemIds[i]!,
    value: GAD7_ES.options[score]!,
  }));
}

/** The coordinator sees to the alert a scene's source raised (acknowledges, or resolves it). */
function followUp(
  deps: { q: Queries; alerts: Alerts },
  patientId: string,
  sourceId: () => string | undefined,
  step: { at: number; note: string; resolve?: boolean },
): TimedAction {
  return {
    at: step.at,
    run: async () => {
      const alert = (await deps.q.alerts.unresolvedOfPatient(patientId))
        .map((json) => JSON.parse(json) as Alert)
        .find((a) => a.source.id === sourceId());
      if (!alert) return;
      if (step.resolve) await deps.alerts.resolve(alert.id, DESK_ACTOR, step.note);
      else await deps.alerts.acknowledge(alert.id, DESK_ACTOR, step.note);
    },
  };
}

function formScenes(deps: Parameters<typeof planDemoLive>[0], actions: TimedAction[]) {
  const { schedules } = deps;
  function send(key: DemoForm['key'], patient: PatientRow, sentAt: number) {
    const scene = { id: undefined as string | undefined };
    actions.push(
      {
        at: sentAt - 2 * HOUR,
        run: async () => {
          scene.id = (
            await schedules.create({
              formId: deps.formId(key),
              patientId: patient.id,
              channel: patient.phone ? 'whatsapp' : 'email',
              scheduledAt: new Date(sentAt).toISOString(),
            })
          ).id;
        },
      },
      {
        at: sentAt,
        run: async () => void (scene.id && (await deps.delivery.deliverSchedule(scene.id))),
      },
    );
    return scene;
  }
  return {
    answered(
      key: DemoForm['key'],
      patient: PatientRow,
      o: {
        sentAt: number;
        answeredAt: number;
        answers: SubmittedAnswer[];
        acknowledged?: { at: number; note: string };
      },
    ) {
      const scene = send(key, patient, o.sentAt);
      let responseId: string | undefined;
      actions.push({
        at: o.answeredAt,
        run: async () => {
          if (!scene.id || (await schedules.row(scene.id)).status !== 'sent') return;
          responseId = (await schedules.submit(scene.id, o.answers)).id;
        },
      });
      if (o.acknowledged)
        actions.push(followUp(deps, patient.id, () => responseId, o.acknowledged));
    },
    undelivered(key: DemoForm['key'], patient: PatientRow, at: number) {
      send(key, patient, at);
    },
  };
}

function chatScenes(deps: Parameters<typeof planDemoLive>[0], actions: TimedAction[]) {
  const { conversations } = deps;
  return {
    /**
     * A chat: `says` are the patient's messages in order (undefined: the interview's answer, one
     * that raises nothing).
     */
    chat(
      patient: PatientRow,
      o: {
        context: string;
        startAt: number;
        says: (string | undefined)[];
        gapMinutes?: number;
        resolved?: { at: number; note: string };
      },
    ) {
      const language = preferredLanguage(patient.metadata);
      let id: string | undefined;
      actions.push({
        at: o.startAt,
        run: async () => {
          const begun = await conversations.beginStart({
            patientId: patient.id,
            context: o.context,
            language,
          });
          id = (await conversations.commitStart({ ...begun, welcome: builtinWelcome(begun.setup) }))
            .id;
        },
      });
      const side = createSimulatedPatient({
        key: `demo-live-chat:${patient.id}`,
        firstName: patient.first_name,
        context: o.context,
        purpose: o.context,
        language,
        clinicName: '',
      });
      // A scene tells one story: the interview's own answers before the scripted sign must raise
      // nothing (a pain of 8 drawn before the fever would escalate the chat on the wrong thing).
      const postOp = readContext(o.context).purpose === 'post_op';
      const calmAnswer = (topic: Topic | undefined) => {
        for (let n = 0; n < 50; n++) {
          const answer = side.answer(topic);
          // Read as the assistant reads it: a bare "un 8" answers the pain question.
          if (understand(answer, topic, { postOp, language }).triage.level === 'none')
            return answer;
        }
        throw new Error(`No calm demo answer about ${topic ?? 'anything'} in ${language}`);
      };
      const saidAt = (n: number) => o.startAt + (n + 1) * (o.gapMinutes ?? 2) * MINUTE + 20_000;
      o.says.forEach((said, n) => {
        actions.push({
          at: saidAt(n),
          run: async () => {
            if (!id) return;
            const begun = await conversations.beginMessage(id, '');
            const content = said ?? calmAnswer(lastTopic(begun.history));
            const reply = builtinReply(begun.setup, begun.history, content);
            await conversations.commitMessage({ ...begun, content, reply });
          },
        });
      });
      // A chat of this morning closed 30 minutes after its last message, as every chat does.
      const closeAt = saidAt(o.says.length - 1) + INACTIVITY_MS;
      if (closeAt < deps.nowMs)
        actions.push({
          at: closeAt,
          run: async () => void (id && (await conversations.onCloseDue(id))),
        });
      if (o.resolved)
        actions.push(followUp(deps, patient.id, () => id, { ...o.resolved, resolve: true }));
    },
  };
}

/** What the assistant last asked about; none once it has closed the interview. */
function lastTopic(history: readonly ChatTurn[]): Topic | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const topic = history[i]!.metadata?.topic;
    if (history[i]!.role === 'assistant' && topic)
      return topic === 'done' ? undefined : (topic as Topic);
  }
  return undefined;
}

function callScenes(deps: Parameters<typeof planDemoLive>[0], actions: TimedAction[]) {
  const { calls } = deps;
  function ring(patient: PatientRow, at: number, purpose: string) {
    const scene = { id: undefined as string | undefined };
    actions.push(
      {
        at,
        run: async () => {
          scene.id = (
            await calls.create({
              patientId: patient.id,
              purpose,
              language: preferredLanguage(patient.metadata),
            })
          ).id;
        },
      },
      {
        at: at + 3000,
        run: async () => void (scene.id && (await calls.steps.ring(await calls.row(scene.id)))),
      },
    );
    return scene;
  }
  return {
    /** A call answered and completed, in which the patient says something of `level`. */
    answered(patient: PatientRow, at: number, purpose: string, level: 'urgent' | 'team') {
      const scene = ring(patient, at, purpose);
      const script = scriptWith(patient, purpose, level, deps.clinicName);
      const answeredAt = at + 14_000;
      actions.push(
        {
          at: answeredAt,
          run: async () => void (scene.id && (await calls.steps.answerWith(scene.id, script))),
        },
        {
          at: answeredAt + script.durationSeconds * 1000,
          run: async () =>
            void (scene.id && (await calls.steps.complete(await calls.row(scene.id)))),
        },
      );
    },
    /** A call that rang out. */
    unanswered(patient: PatientRow, at: number, purpose: string) {
      const scene = ring(patient, at, purpose);
      actions.push({
        at: at + 48_000,
        run: async () =>
          void (scene.id && (await calls.steps.fail(await calls.row(scene.id), 'no_answer'))),
      });
    },
  };
}

/**
 * A built-in call in which the simulated patient says something of `level`: the patient's
 * answers are drawn from the call's key, so the first key whose call does is taken (a few tries;
 * the search starts where it found one when this was written, and goes on if the phrases change).
 */
function scriptWith(
  patient: PatientRow,
  purpose: string,
  level: 'urgent' | 'team',
  clinicName: string,
) {
  const language = preferredLanguage(patient.metadata);
  const postOp = readContext(purpose).purpose === 'post_op';
  for (let n = 0; n < 500; n++) {
    const script = builtinCall({
      key: `demo-live-call:${level}:${n}`,
      firstName: patient.first_name,
      context: purpose,
      purpose,
      language,
      clinicName,
    });
    // Read as the service reads a call: each answer against the question before it.
    const said = transcriptAnswers(script.turns);
    if (triageAnswers(said, { postOp, language }).level === level) return script;
  }
  throw new Error(`No demo call says something ${level} in ${language}`);
}
