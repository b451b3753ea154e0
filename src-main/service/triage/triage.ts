import {
  CLINICAL_CONCEPTS,
  type ClinicalConcept,
  type CompiledLexicon,
  type Concept,
  type Mention,
  type TriageLanguage,
} from './lexicon';
import { languagesOf } from './reading-languages';
import { CLINICAL_MENTION, SIGN_RULES, type SignRule } from './sign-rules';
import { levelOf, worse, type TriageLevel, type TriageSign } from './signs';
import { foldText, type Token } from './tokens';
import { FEVER_OVER, writtenPainScore, writtenTemperature } from './written-numbers';

/**
 * Triage of one patient text (a chat message, a call turn, a free-text answer), offline and in
 * Spanish, Catalan and English at once (patients do not always write in the conversation's
 * language). The text is folded, tokenised and stemmed per language; the lexicon's concepts are
 * found (longest phrase first); each clinical mention is then read in its context the way NegEx
 * and ConText do: negated ("no tengo dolor en el pecho", "sense febre"), hypothetical ("¿qué hago
 * si me duele el pecho?"), past ("hace 5 años tuve un infarto") or resolved ("ya se me ha
 * pasado"). Signs come from rules over affirmed mentions in one sentence; a sign found only in a
 * past or hypothetical mention goes to the team rather than to 112. Someone else being the
 * patient ("mi madre no puede mover el brazo") changes nothing: an emergency is an emergency.
 */

export interface TriageOptions {
  /** The conversation follows an operation, so a fever is a post-operative fever. */
  postOp?: boolean;
  /**
   * The question the text answers. Its subject is then part of the answer: a bare number is a
   * pain score or a temperature, "roja y sale pus" is about the wound, "un 9 y se me va al brazo
   * desde el pecho" is pain, "sí, bastante alta" is a fever. A question about a part of the
   * body ('body': "How has your back been?") makes "unbearable" a severe pain, but a bare
   * number nothing: it may count days as well as points.
   */
  asked?: 'pain' | 'fever' | 'wound' | 'body';
  /**
   * The question asks for a quantity that is neither a pain score nor a temperature ("Pes
   * actual (kg)", "¿Cuántos días…?"): a bare decimal in the answer is that quantity, and only a
   * fever word or a degree in the answer itself makes a number a temperature.
   */
  quantity?: boolean;
  /**
   * The conversation's language. Warning signs are looked for in every language the text may be
   * in; whether it names a symptom at all is read in this one when the text itself does not say.
   */
  language?: TriageLanguage;
}

export interface TriageVerdict {
  level: TriageLevel;
  /** Emergency and urgent signs found, the most serious first. */
  signs: TriageSign[];
  /** Signs spoken of as past, resolved or hypothetical: a person should read them. */
  doubtful: TriageSign[];
  /** The text names a symptom or a body part (affirmed). */
  clinical: boolean;
  /** Someone other than the writer seems to be the patient. */
  aboutSomeoneElse: boolean;
  /** Numbers the patient wrote; never anything inferred. */
  pain?: number;
  temperature?: number;
}

/** How far a negation reaches, in words (NegEx uses five; Spanish puts more words between). */
const NEGATION_SCOPE = 6;
/** How far back a trailing negation ("dolor de pecho, ninguno") reaches. */
const POST_NEGATION_REACH = 3;

interface ReadMention extends Mention {
  sentence: number;
  negated: boolean;
  /** Past, resolved or hypothetical. */
  doubtful: boolean;
}

interface Reading {
  mentions: ReadMention[];
  aboutSomeoneElse: boolean;
}

const CLINICAL = new Set<Concept>(CLINICAL_CONCEPTS);

/** The concept a question puts into its answer, and how the answer must begin to take it. */
const ASKED: Record<
  NonNullable<TriageOptions['asked']>,
  { concept: ClinicalConcept; when?: RegExp }
> = {
  pain: { concept: 'pain' },
  wound: { concept: 'wound' },
  fever: { concept: 'fever', when: /^(si|yes|yeah|yep|yup|aye|claro|i tant|of course)\b/ },
  body: { concept: 'body' },
};

/** Reads one language's mentions in their context. */
function readIn(lexicon: CompiledLexicon, folded: string, asked?: TriageOptions['asked']): Reading {
  const { tokens, mentions } = lexicon.read(folded);
  const clause: number[] = [];
  const sentence: number[] = [];
  const questions = new Set<number>();
  let c = 0;
  let s = 0;
  const termAt = new Set(mentions.filter((m) => m.concepts.has('term')).map((m) => m.start));
  tokens.forEach((t: Token, i) => {
    if (t.kind === 'sentence') {
      // '?' closes a question, '¿' opens one.
      if (t.word.includes('?')) questions.add(s);
      if (t.word.includes('¿')) questions.add(s + 1);
      s++;
      c++;
    } else if (t.kind === 'clause' || termAt.has(i)) c++;
    clause.push(c);
    sentence.push(s);
  });

  const at = (concept: Concept) => mentions.filter((m) => m.concepts.has(concept));
  const clinical: ReadMention[] = mentions
    .filter((m) => [...m.concepts].some((c) => CLINICAL.has(c)))
    .map((m) => ({ ...m, sentence: sentence[m.start]!, negated: false, doubtful: false }));

  // The question's subject stands in every sentence of the answer, affirmed.
  const subject = asked && ASKED[asked];
  if (subject && (!subject.when || subject.when.test(folded)))
    for (const s of new Set(sentence))
      clinical.push({
        concepts: new Set([subject.concept]),
        start: -1,
        end: -1,
        sentence: s,
        negated: false,
        doubtful: false,
      });

  for (const neg of at('neg_pre')) {
    const cl = clause[neg.start]!;
    const cancelled = at('compare').some((m) => clause[m.start] === cl && m.start > neg.start);
    if (cancelled) continue;
    for (const m of clinical)
      if (clause[m.start] === cl && m.start >= neg.end && m.start - neg.end < NEGATION_SCOPE)
        m.negated = true;
  }
  for (const neg of at('neg_post')) {
    // "no he podido hacer pis nada", "can't pass water at all": a trailing "nothing" or "at all"
    // after a sign that is itself a negation reinforces it.
    const cl = clause[neg.start]!;
    // Only at the end of its clause: "me duele el pecho no sé por qué" is not a denial.
    const next = tokens[neg.end];
    if (next && next.kind === 'word' && clause[neg.end] === cl) continue;
    for (const m of clinical)
      if (
        clause[m.start] === cl &&
        m.end <= neg.start &&
        neg.start - m.end < POST_NEGATION_REACH &&
        ![...m.concepts].some((c) => SAID_AS_NEGATION.has(c))
      )
        m.negated = true;
  }
  // A story on television or a question about symptoms in general: its whole sentence.
  for (const cue of at('topic'))
    for (const m of clinical) if (m.sentence === sentence[cue.start]) m.doubtful = true;
  for (const cue of [...at('historical'), ...at('resolved')]) {
    const cl = clause[cue.start]!;
    for (const m of clinical) if (clause[m.start] === cl) m.doubtful = true;
  }
  // "Me dolía el pecho subiendo, ya estoy bien": what came before in the sentence is over too.
  for (const cue of at('resolved'))
    for (const m of clinical)
      if (m.sentence === sentence[cue.start] && m.end <= cue.start) m.doubtful = true;
  for (const cue of at('benign'))
    for (const m of clinical)
      if (
        m.sentence === sentence[cue.start] &&
        [...m.concepts].some((c) => BENIGN_CAN_EXPLAIN.has(c))
      )
        m.doubtful = true;
  // "un pelín roja", "a bit numb": played down, so a person reads it rather than escalating.
  for (const cue of at('slight'))
    for (const m of clinical)
      if (
        (m.concepts.has('infection_sign') || m.concepts.has('numb') || m.concepts.has('swell')) &&
        m.start >= cue.end &&
        m.start - cue.end <= 2
      )
        m.doubtful = true;
  for (const cue of at('hypo')) {
    const sn = sentence[cue.start]!;
    const question = questions.has(sn) || at('qframe').some((m) => sentence[m.start] === sn);
    const current = at('current').some((m) => sentence[m.start] === sn);
    if (!question || current) continue;
    // Suicidal thoughts are never hypothetical: "if I took all my pills, would it be enough?"
    for (const m of clinical)
      if (m.sentence === sn && m.start > cue.start && !m.concepts.has('suicidal'))
        m.doubtful = true;
  }
  return { mentions: clinical, aboutSomeoneElse: at('third_party').length > 0 };
}

/** Signs patients put as a negation ("no puedo respirar", "won't stop", "no orino"). */
const SAID_AS_NEGATION = new Set<Concept>([
  'dyspnoea',
  'urine_retention',
  'faint',
  'unresponsive',
  'cant_move',
  'weak',
  'speech',
  'vision_loss',
  'swallow',
  'nonstop',
  'suicidal',
]);

/** What a harmless cause can explain; never a closing throat or a breathing emergency. */
const BENIGN_CAN_EXPLAIN = new Set<Concept>([
  'swell',
  'swell_site',
  'numb',
  'droop',
  'face',
  'dyspnoea',
  'breath',
  'difficulty',
]);

type Found = 'affirmed' | 'doubtful' | undefined;

/**
 * Whether the groups of `rule` are met in one scope by distinct mentions (a stiff back alone is
 * not "stiff" and "shaking"): 'affirmed' when they can all be affirmed mentions, 'doubtful' when
 * only with a past, resolved or hypothetical one.
 */
function match(rule: SignRule, mentions: readonly ReadMention[]): Found {
  const live = mentions.filter((m) => !m.negated);
  const scopes = rule.wholeMessage
    ? [live]
    : [...new Set(live.map((m) => m.sentence))].map((s) => live.filter((m) => m.sentence === s));
  let found: Found;
  for (const scope of scopes) {
    if (assign(rule.groups, scope, new Set(), false)) return 'affirmed';
    if (assign(rule.groups, scope, new Set(), true)) found = 'doubtful';
  }
  return found;
}

/** Backtracking over the (few) mentions of one sentence: one distinct mention per group. */
function assign(
  groups: SignRule['groups'],
  scope: readonly ReadMention[],
  used: Set<ReadMention>,
  allowDoubtful: boolean,
): boolean {
  if (!groups.length) return true;
  const [group, ...rest] = groups;
  for (const m of scope) {
    if (used.has(m) || (m.doubtful && !allowDoubtful) || !group!.some((c) => m.concepts.has(c)))
      continue;
    used.add(m);
    if (assign(rest, scope, used, allowDoubtful)) return true;
    used.delete(m);
  }
  return false;
}

const has = (mentions: readonly ReadMention[], concept: ClinicalConcept) =>
  mentions.some((m) => m.concepts.has(concept) && !m.negated && !m.doubtful);

/**
 * Post-operative fever: a fever after an operation (the conversation's purpose, or the message
 * says so) that is high: a written temperature of 38 °C or more, or a fever not played down as
 * slight ("unas décimas", "febrícula"). A written temperature under 38 °C is not a fever.
 */
function postOpFever(
  mentions: readonly ReadMention[],
  options: TriageOptions,
  temperature: number | undefined,
): boolean {
  if (!options.postOp && !has(mentions, 'surgery')) return false;
  if (temperature !== undefined) return temperature >= 38;
  return has(mentions, 'fever') && (has(mentions, 'high') || !has(mentions, 'low_fever'));
}

type Asked = NonNullable<TriageOptions['asked']>;
const ASKABLE = Object.keys(ASKED) as Asked[];

/**
 * What a question put to the patient asks about, of the subjects a bare answer takes (a model's
 * "Del 0 al 10, ¿cuánto le duele?" makes "un 8" a pain score): the subjects named in its
 * sentences that ask ("…?"), or in all of it when none does ("Dígame del 0 al 10 cuánto le
 * duele."), outside the conditions they set ("si le sube la fiebre"). Several when it asks about
 * several ("¿Dolor o fiebre?"): the answer is read under each and the worst reading counts
 * (transcript-triage.ts).
 */
export function askedAbout(question: string): Asked[] {
  const sentences = question.split(/(?<=[.!?…])\s+/);
  const asking = sentences.filter((sentence) => sentence.includes('?'));
  // "¿Sabe qué hacer si le sube la fiebre?" asks what the patient would do, not whether there is
  // a fever: a subject named only in a condition is not asked about.
  const folded = foldText((asking.length ? asking : sentences).join(' ')).replace(
    /\b(?:si|if|en caso de que|en cas que|in case)\b[^,;.?!]*/g,
    ' ',
  );
  const found = new Set<Asked>();
  for (const lexicon of languagesOf(folded).read)
    for (const mention of lexicon.read(folded).mentions)
      for (const subject of ASKABLE)
        if (mention.concepts.has(ASKED[subject].concept)) found.add(subject);
  return ASKABLE.filter((subject) => found.has(subject));
}

/** Triage of one patient text. Pure, synchronous and instant (see bench/triage-bench). */
export function triage(text: string, options: TriageOptions = {}): TriageVerdict {
  const folded = foldText(text);
  const pain = writtenPainScore(folded, options.asked === 'pain');
  const temperature = writtenTemperature(folded, options.asked === 'fever', options.quantity);
  const signs = new Set<TriageSign>();
  const doubtful = new Set<TriageSign>();
  let clinical = false;
  let aboutSomeoneElse = false;
  let unbearableAnswer = false;
  // A written fever the message says is over is for a person to read, not the team's call today.
  const feverOver = temperature !== undefined && FEVER_OVER.test(folded);
  const { read, sure } = languagesOf(folded);
  for (const lexicon of read) {
    const reading = readIn(lexicon, folded, options.asked);
    aboutSomeoneElse ||= reading.aboutSomeoneElse;
    // Read in another language by chance, "la verdad" names nothing ("verd…", green, in Catalan).
    const own = sure || !options.language || lexicon.language === options.language;
    if (own)
      clinical ||= reading.mentions.some(
        (m) =>
          // The question's own subject (start -1) is not something the patient named.
          m.start >= 0 &&
          !m.negated &&
          [...m.concepts].some((c) => CLINICAL_MENTION.has(c as ClinicalConcept)),
      );
    for (const rule of SIGN_RULES) {
      const found = match(rule, reading.mentions);
      if (found === 'affirmed') signs.add(rule.sign);
      else if (found === 'doubtful') doubtful.add(rule.sign);
    }
    if (postOpFever(reading.mentions, options, temperature))
      (feverOver ? doubtful : signs).add('post_op_fever');
    unbearableAnswer ||= has(reading.mentions, 'unbearable');
  }
  if (pain !== undefined && pain >= 8) signs.add('severe_pain');
  // "Es insoportable", said in answer to the pain question or to how a part of the body has
  // been, needs no pain word of its own.
  if ((options.asked === 'pain' || options.asked === 'body') && unbearableAnswer)
    signs.add('severe_pain');
  if (temperature !== undefined || pain !== undefined) clinical = true;

  const ordered = [...signs].sort((a, b) => rank(a) - rank(b));
  let level: TriageLevel = 'none';
  for (const sign of ordered) level = worse(level, levelOf(sign));
  const unsure = [...doubtful].filter((s) => !signs.has(s));
  if (level === 'none' && unsure.length) level = 'team';
  return {
    level,
    signs: ordered,
    doubtful: unsure,
    clinical,
    aboutSomeoneElse,
    ...(pain !== undefined ? { pain } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
  };
}

const ORDER: readonly TriageSign[] = SIGN_RULES.map((r) => r.sign).filter(
  (s, i, all) => all.indexOf(s) === i,
);
function rank(sign: TriageSign): number {
  const emergency = levelOf(sign) === 'emergency' ? 0 : 100;
  return emergency + Math.max(0, ORDER.indexOf(sign));
}

export type { TriageLanguage };
