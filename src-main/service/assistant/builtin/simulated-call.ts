import { createPrng, type Prng } from '../../seed/prng';
import type { AssistantReply, CallScript, CallSetup, ChatTurn, Findings } from '../assistant';
import { PLANS, readContext, type Topic } from './context-reading';
import { PHRASES, type PhraseBank } from './phrases';
import { needsFollowUp, summaryItems } from './findings-summary';
import { elide, fill, hash, upperFirst } from './text';

/** A call never runs longer than this many assistant turns, whatever the assistant does. */
const MAX_EXCHANGES = 10;

/**
 * The patient on the other end of a simulated call. Each topic's answer is drawn once per call
 * from realistic odds (most patients are doing fine; some are not), seeded by the call id, and
 * phrased so that the assistant's own understanding reads it back correctly.
 */
export function createSimulatedPatient(setup: CallSetup) {
  const rng = createPrng(hash(`patient:${setup.key}`));
  const bank = PHRASES[setup.language].patient;
  const { purpose } = readContext(setup.purpose);
  const say = (variants: readonly string[], values: Record<string, string | number> = {}) =>
    fill(rng.pick(variants), values, true);
  const painMax = purpose === 'post_op' ? 6 : 4;
  const answers: Partial<Record<Topic, () => string>> = {
    wellbeing: () => say(rng.chance(0.78) ? bank.wellbeing.good : bank.wellbeing.bad),
    pain: () => say(bank.pain, { n: rng.chance(0.1) ? rng.int(7, 8) : rng.int(0, painMax) }),
    fever: () => say(rng.chance(0.08) ? bank.fever.yes : bank.fever.no),
    wound: () => {
      const r = rng.next();
      return say(r < 0.8 ? bank.wound.fine : r < 0.92 ? bank.wound.changes : bank.wound.bleeding);
    },
    medication: () => say(rng.chance(0.8) ? bank.medication.taken : bank.medication.missed),
    side_effects: () => say(rng.chance(0.2) ? bank.sideEffects.some : bank.sideEffects.none),
    supply: () => say(rng.chance(0.25) ? bank.supply.short : bank.supply.enough),
    attendance: () => say(rng.chance(0.12) ? bank.attendance.no : bank.attendance.yes),
    preparation: () => say(rng.chance(0.3) ? bank.preparation.question : bank.preparation.clear),
    symptoms: () => say(rng.chance(0.2) ? bank.symptoms.some : bank.symptoms.none),
    questions: () => say(rng.chance(0.25) ? bank.questions.noted : bank.questions.none),
  };
  return {
    rng,
    confirm: () => say(PHRASES[setup.language].call.patientConfirm),
    answer: (topic: Topic | undefined) => (topic ? answers[topic]!() : say(bank.generic)),
    goodbye: () => say(PHRASES[setup.language].call.patientGoodbye),
  };
}

/** Seconds a turn takes to say, with the pause before the next one. */
function turnSeconds(rng: Prng, role: 'assistant' | 'patient', text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  // Synthetic speech is unhurried on the phone; patients take a moment before they answer.
  const wordsPerSecond = role === 'assistant' ? 2.0 : 2.2;
  const pause = role === 'assistant' ? 1.5 + rng.next() * 2 : 2.5 + rng.next() * 4;
  return words / wordsPerSecond + pause;
}

/** Records the turns of a call with their offsets from the moment it was answered. */
export function createCallTimeline(rng: Prng) {
  const turns: CallScript['turns'] = [];
  let t = 0;
  return {
    turns,
    say(role: 'assistant' | 'patient', content: string): void {
      turns.push({ role, content, offsetSeconds: Math.round(t) });
      t += turnSeconds(rng, role, content);
    },
    get seconds() {
      return Math.max(1, Math.round(t));
    },
  };
}

/** The summary the team reads: what the call was, what was found, and what needs doing. */
export function callSummary(
  bank: PhraseBank,
  setup: CallSetup,
  findings: Findings,
  escalated: 'emergency' | 'urgent' | undefined,
): string {
  const { purpose } = readContext(setup.purpose);
  const lead = fill(bank.call.summaryLead[purpose], { name: setup.firstName }, true);
  const items = summaryItems(bank, findings);
  const body = items.length ? `${lead}: ${items.join('; ')}.` : `${lead}.`;
  const outcome = escalated
    ? escalated === 'emergency'
      ? bank.call.redFlagNote
      : bank.call.urgentNote
    : needsFollowUp(findings)
      ? bank.call.followUp
      : bank.call.noIssues;
  return `${body} ${outcome}`;
}

/**
 * Runs a whole call with the built-in interview: the opening, then question and answer until the
 * assistant closes, then the patient's goodbye.
 */
export function simulatedCall(
  setup: CallSetup,
  reply: (history: readonly ChatTurn[], message: string) => AssistantReply,
): CallScript {
  const patient = createSimulatedPatient(setup);
  const bank = PHRASES[setup.language];
  const { purpose, formal } = readContext(setup.purpose);
  const timeline = createCallTimeline(patient.rng);
  const values = { name: setup.firstName, clinic: setup.clinicName };
  const pick = (variants: readonly string[], slot: string) =>
    elide(
      setup.language,
      setup.clinicName,
      fill(variants[hash(`${setup.key}:${slot}`) % variants.length]!, values, formal),
    );

  timeline.say('assistant', pick(bank.call.opening, 'opening'));
  timeline.say('patient', patient.confirm());
  const first = PLANS[purpose][0]!;
  const opening = `${pick(bank.call.intro[purpose], 'intro')} ${upperFirst(pick(bank.questions[first], 'q'))}`;
  const history: ChatTurn[] = [
    { role: 'assistant', content: opening, metadata: { provider: 'builtin', topic: first } },
  ];
  timeline.say('assistant', opening);
  const findings: Findings = {};
  let escalated: 'emergency' | 'urgent' | undefined;
  for (let i = 0; i < MAX_EXCHANGES; i++) {
    const topic = history[history.length - 1]!.metadata?.topic;
    if (topic === 'done') break;
    const answer = patient.answer(topic as Topic | undefined);
    timeline.say('patient', answer);
    const next = reply(history, answer);
    history.push(
      { role: 'patient', content: answer },
      { role: 'assistant', content: next.content, metadata: next.metadata },
    );
    Object.assign(findings, next.metadata.findings);
    const level = next.metadata.triage?.level;
    if (level === 'emergency' || (level === 'urgent' && !escalated)) escalated = level;
    timeline.say('assistant', next.content);
  }
  timeline.say('patient', patient.goodbye());
  return {
    turns: timeline.turns,
    durationSeconds: timeline.seconds,
    summary: callSummary(bank, setup, findings, escalated),
    metadata: { provider: 'builtin', findings },
  };
}
