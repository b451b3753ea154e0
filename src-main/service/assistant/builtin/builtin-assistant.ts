import type {
  Assistant,
  AssistantReply,
  CallScript,
  CallSetup,
  ChatSetup,
  ChatTurn,
  Findings,
  ReplyMetadata,
} from '../assistant';
import { PLANS, readContext, type ContextReading, type Topic } from './context-reading';
import { PHRASES } from './phrases';
import { simulatedCall } from './simulated-call';
import {
  formatTemperature,
  needsAttention,
  sideEffectList,
  summaryItems,
  joinList,
} from './findings-summary';
import { choose, elide, fill, sentence, upperFirst } from './text';
import { isEmergencySign } from '../../triage/signs';
import { hear, replay } from './hearing';
import { TOPIC_KEYS, type Understanding } from './understanding';

/** Longest patient text quoted back into a note for the team. */
const NOTE_MAX = 200;

/** A phrase writer for one conversation turn: picks variants and fills placeholders. */
function writer(setup: ChatSetup, reading: ContextReading, turn: number) {
  const bank = PHRASES[setup.language];
  const values = { name: setup.firstName, clinic: setup.clinicName };
  return {
    bank,
    say(variants: readonly string[], slot: string, extra: Record<string, string | number> = {}) {
      const template = choose(variants, `${setup.key}:${turn}:${slot}`);
      return elide(
        setup.language,
        setup.clinicName,
        fill(template, { ...values, ...extra }, reading.formal),
      );
    },
  };
}

type Writer = ReturnType<typeof writer>;

/** Joins a lead ("Ahora,") and a question, fixing the case of the question's first letter. */
function lead(prefix: string, question: string): string {
  if (!prefix) return sentence(question);
  return `${prefix} ${question.replace(/^([¿¡]?)(\p{L})/u, (_, mark: string, letter: string) => mark + letter.toLowerCase())}`;
}

/** The acknowledgement of an answer to `topic`. */
function acknowledge(w: Writer, topic: Topic, answer: Partial<Findings>, all: Findings): string {
  const a = w.bank.ack;
  const slot = `ack:${topic}`;
  switch (topic) {
    case 'wellbeing':
      return w.say(a.wellbeing[answer.wellbeing!], slot);
    case 'pain': {
      // Only a number the patient wrote is repeated; "no pain" is acknowledged in words.
      const n = answer.pain!;
      if (n === 'none') return w.say(a.pain.none, slot);
      const band = n === 0 ? 'none' : n <= 3 ? 'mild' : n <= 6 ? 'moderate' : 'severe';
      return w.say(a.pain[band], slot, { n });
    }
    case 'fever': {
      const parts: string[] = [];
      if (answer.temperature !== undefined)
        parts.push(
          w.say(a.fever.temperature, `${slot}:t`, {
            t: formatTemperature(w.bank, answer.temperature),
          }),
        );
      parts.push(w.say(answer.fever ? a.fever.yes : a.fever.no, slot));
      return parts.join(' ');
    }
    case 'wound':
      return w.say(a.wound[answer.wound!], slot);
    case 'medication':
      return w.say(a.medication[answer.medication!], slot);
    case 'side_effects':
      return answer.sideEffects!.length
        ? w.say(a.sideEffects.some, slot, { list: sideEffectList(w.bank, all) })
        : w.say(a.sideEffects.none, slot);
    case 'supply':
      return w.say(a.supply[answer.supply!], slot);
    case 'attendance':
      return w.say(a.attendance[answer.attendance!], slot);
    case 'preparation':
      return w.say(a.preparation[answer.preparation!], slot);
    case 'symptoms':
      return w.say(a.symptoms[answer.symptoms!], slot);
    case 'questions':
      return w.say(a.questions[answer.questions!], slot);
  }
}

const ALL_TOPICS = Object.keys(TOPIC_KEYS) as Topic[];

/** Topics whose answers are symptoms: naming one there is the answer, not news for a person. */
const SYMPTOM_TOPICS = new Set<Topic>(['pain', 'fever', 'wound', 'side_effects', 'symptoms']);

/** Topics where the patient's own question is the answer, not a request for advice. */
const QUESTION_IS_ANSWER = new Set<Topic | 'done' | undefined>([
  'attendance',
  'preparation',
  'questions',
]);

export interface BuiltinOptions {
  /** A call closes by voice ("call the clinic"), a chat in writing ("write to me here"). */
  channel?: 'chat' | 'call';
}

/** The first message of a conversation: greeting, purpose and the first question. */
export function builtinWelcome(setup: ChatSetup): AssistantReply {
  const reading = readContext(setup.context);
  const w = writer(setup, reading, 0);
  const first = PLANS[reading.purpose][0]!;
  const parts = [w.say(w.bank.greeting, 'greeting')];
  if (!reading.brief) parts.push(w.say(w.bank.intro[reading.purpose], 'intro'));
  parts.push(
    lead(w.say(w.bank.firstQuestionLead, 'lead'), w.say(w.bank.questions[first], `q:${first}`)),
  );
  return {
    content: parts.join(' '),
    escalated: false,
    metadata: { provider: 'builtin', topic: first },
  };
}

/**
 * The built-in assistant's reply. Triage first: an emergency gets the emergency number at once,
 * an urgent sign the team's call today, both escalated. Then an acknowledgement of what the
 * patient said, and the next question of the purpose's plan, or the closing summary once every
 * topic is covered. Never a diagnosis: requests for advice are passed to the team, and a clinical
 * message it cannot place goes to a person ("se lo paso al equipo") instead of "no lo he
 * entendido". Numbers are repeated only as the patient wrote them.
 */
export function builtinReply(
  setup: ChatSetup,
  history: readonly ChatTurn[],
  message: string,
  options: BuiltinOptions = {},
): AssistantReply {
  const reading = readContext(setup.context);
  const plan = PLANS[reading.purpose];
  const state = replay(history);
  const w = writer(setup, reading, history.length);
  const current = state.current === 'done' ? 'done' : state.current;
  const heard = hear(setup, history, message, state);
  const verdict = heard.triage;
  // Triage is recorded when it found something; most replies carry no verdict at all.
  const base: ReplyMetadata = {
    provider: 'builtin',
    ...(verdict.level !== 'none' ? { triage: { level: verdict.level, signs: verdict.signs } } : {}),
  };
  const found: Partial<Findings> = { ...heard.volunteered, ...heard.answer };

  if (verdict.level === 'emergency' || verdict.level === 'urgent') {
    const sign = verdict.signs[0]!;
    const content = isEmergencySign(sign)
      ? `${w.say(w.bank.redFlag[sign], `red:${sign}`)} ${w.say(w.bank.afterRedFlag, 'after-red')}`
      : w.say(w.bank.urgent[sign], `urgent:${sign}`);
    return {
      content: upperFirst(content),
      escalated: true,
      // The conversation resumes where it was once the patient is safe.
      metadata: {
        ...base,
        ...(current ? { topic: current } : {}),
        redFlags: verdict.signs,
        // Only the numbers the patient wrote: the rest of an alarmed message is not an answer.
        ...(written(verdict) ? { findings: written(verdict) } : {}),
      },
    };
  }
  // A past, resolved or hypothetical warning sign, or a symptom the interview cannot place.
  let forTeam = verdict.level === 'team';
  // Quoted in the summary, where a closing full stop would double the sentence's own.
  const note = message.trim().slice(0, NOTE_MAX).replace(/\.+$/, '');
  const parts: string[] = [];

  if (current === 'done') {
    if (forTeam) {
      return {
        content: upperFirst(w.say(w.bank.forTeam, 'team')),
        escalated: false,
        metadata: { ...base, topic: 'done', forTeam: true, findings: { ...found, note } },
      };
    }
    let text: string;
    const nothing = !heard.question && (heard.nothingMore || heard.thanks);
    if (heard.question) text = w.say(w.bank.afterDone.question, 'done:q');
    else if (heard.thanks) text = w.say(w.bank.afterDone.thanks, 'done:thanks');
    else if (nothing) text = w.say(w.bank.afterDone.nothing, 'done:nothing');
    else text = w.say(w.bank.afterDone.generic, 'done:generic');
    const keep = nothing ? {} : { note };
    const findings = { ...found, ...keep };
    return {
      content: upperFirst(text),
      escalated: false,
      metadata: { ...base, topic: 'done', ...(Object.keys(findings).length ? { findings } : {}) },
    };
  }

  if (heard.question && !QUESTION_IS_ANSWER.has(current)) {
    parts.push(w.say(w.bank.noAdvice, 'no-advice'));
    found.note = note;
    // The question is passed on; the topic it interrupted is asked again. A question that
    // speaks of a past or hypothetical warning sign ("tuve un infarto, ¿puedo…?") is for a
    // person to read: it raises its review alert like any other message for the team.
    if (current && heard.answer[TOPIC_KEYS[current]] === undefined) {
      parts.push(upperFirst(w.say(w.bank.questions[current], `q:${current}`)));
      return {
        content: upperFirst(parts.join(' ')),
        escalated: false,
        metadata: {
          ...base,
          topic: current,
          ...(forTeam ? { forTeam: true } : {}),
          findings: found,
        },
      };
    }
  }
  if (
    (current === 'questions' && found.questions === 'noted') ||
    (current === 'preparation' && found.preparation === 'question')
  )
    found.note = note;

  const all: Findings = { ...state.findings, ...found };
  const answered = current !== undefined && heard.answer[TOPIC_KEYS[current]] !== undefined;
  // A symptom or body part where the question was not about symptoms ("bien, pero me pica la
  // pierna", "lo dejé porque me sentaba mal al estómago"), or beside an answer that is not one,
  // is for a person to read as well as for the summary.
  if (current !== undefined && verdict.clinical && (!answered || !SYMPTOM_TOPICS.has(current)))
    forTeam = true;
  // A new symptom is news for a person too, not only an item of the summary.
  if (found.symptoms === 'some') forTeam = true;
  if (current && answered) {
    const ack = acknowledge(w, current, heard.answer, all);
    const skip =
      reading.brief &&
      !needsAttention(heard.answer) &&
      parts.length === 0 &&
      isPleasantry(current, heard.answer);
    if (ack && !skip) parts.push(ack);
  }
  // What the patient said about other topics ("no, but I have a fever") is acknowledged too.
  const volunteered = ALL_TOPICS.filter(
    (t) => t !== current && heard.volunteered[TOPIC_KEYS[t]] !== undefined,
  );
  for (const t of volunteered) parts.push(acknowledge(w, t, heard.volunteered, all));
  if (needsAttention(found)) parts.push(w.say(w.bank.teamAlert, 'alert'));
  // Clinical words the interview cannot place go to a person, not to "no lo he entendido"; a
  // pain answer without a number ("me duele mucho") is first asked for the number instead.
  const unplaced =
    current !== undefined &&
    !answered &&
    !heard.question &&
    volunteered.length === 0 &&
    (verdict.clinical || forTeam) &&
    !(current === 'pain' && !state.retried);
  let teamTold = false;
  if (unplaced) {
    parts.push(w.say(w.bank.forTeam, 'team'));
    found.note = note;
    forTeam = teamTold = true;
  } else if (current && !answered && !heard.question) {
    if (volunteered.length || state.retried) {
      if (volunteered.length) {
        // Something else was said: the question is simply asked again.
        parts.push(upperFirst(w.say(w.bank.questions[current], `q:${current}`)));
        return {
          content: upperFirst(parts.filter(Boolean).join(' ')),
          escalated: false,
          metadata: {
            ...base,
            topic: current,
            ...(forTeam ? { forTeam: true } : {}),
            findings: found,
          },
        };
      }
      parts.push(w.say(w.bank.moveOn, 'move-on'));
      // The patient's own words stay for the team ("mucho", "regular"), never a made-up score.
      found.note = note;
    } else {
      return {
        content: upperFirst(w.say(w.bank.reask[current], `reask:${current}`)),
        escalated: false,
        metadata: {
          ...base,
          topic: current,
          retry: true,
          ...(Object.keys(found).length ? { findings: found } : {}),
        },
      };
    }
  }

  if (forTeam && !teamTold) {
    parts.push(w.say(w.bank.forTeam, 'team'));
    found.note ??= note;
  }

  const covered = (topic: Topic) => state.asked.has(topic) || all[TOPIC_KEYS[topic]] !== undefined;
  const next = plan.find((topic) => !covered(topic));
  let topic: Topic | 'done';
  if (next) {
    parts.push(lead(w.say(w.bank.next, 'next'), w.say(w.bank.questions[next], `q:${next}`)));
    topic = next;
  } else {
    const summary = joinList(w.bank, summaryItems(w.bank, all));
    const closing = options.channel === 'call' ? w.bank.call.closing : w.bank.closing;
    parts.push(w.say(closing, 'closing', { summary }));
    topic = 'done';
  }
  return {
    content: upperFirst(parts.filter(Boolean).join(' ')),
    escalated: false,
    metadata: {
      ...base,
      topic,
      ...(forTeam ? { forTeam: true } : {}),
      ...(Object.keys(found).length ? { findings: found } : {}),
    },
  };
}

/** The pain score and temperature the patient wrote, if any. */
function written(verdict: Understanding['triage']): Partial<Findings> | undefined {
  const out: Partial<Findings> = {};
  if (verdict.pain !== undefined) out.pain = verdict.pain;
  if (verdict.temperature !== undefined) out.temperature = verdict.temperature;
  return Object.keys(out).length ? out : undefined;
}

/** Good news that a brief chat does not need to comment on. */
function isPleasantry(topic: Topic, answer: Partial<Findings>): boolean {
  return (
    (topic === 'wellbeing' && answer.wellbeing === 'good') ||
    (topic === 'pain' && answer.pain === 'none') ||
    (topic === 'fever' && answer.fever === false) ||
    (topic === 'wound' && answer.wound === 'fine') ||
    (topic === 'medication' && answer.medication === 'taken') ||
    (topic === 'symptoms' && answer.symptoms === 'none')
  );
}

/** The built-in call: the same interview, spoken, with a simulated patient. */
export function builtinCall(setup: CallSetup): CallScript {
  return simulatedCall(setup, (history, message) =>
    builtinReply({ ...setup, context: setup.purpose }, history, message, { channel: 'call' }),
  );
}

/** The offline assistant: deterministic, instant, and no network. */
export function createBuiltinAssistant(): Assistant {
  return {
    provider: async () => 'builtin',
    welcome: (setup) => Promise.resolve(builtinWelcome(setup)),
    reply: (setup, history, message) => Promise.resolve(builtinReply(setup, history, message)),
    call: (setup) => Promise.resolve(builtinCall(setup)),
  };
}
