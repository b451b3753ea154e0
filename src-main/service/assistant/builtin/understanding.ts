import { isEmergencySign, type EmergencySign } from '../../triage/signs';
import { triageAnswer } from '../../triage/transcript-triage';
import { triage, type TriageLanguage, type TriageVerdict } from '../../triage/triage';
import type { Findings, SideEffect } from '../assistant';
import type { Topic } from './context-reading';
import { fold } from './text';

/**
 * What the built-in assistant reads in a patient message, in Spanish, Catalan or English
 * (patients do not always write in the conversation's language). Warning signs and the numbers
 * the patient wrote come from the triage (`triage/`); the answers to the interview's questions
 * from keyword matching on folded text, with a look-back for negations ("no tengo fiebre").
 * Deterministic and instant, which is what an offline demo needs.
 */
export interface Understanding {
  /** What triage made of the message: warning signs, doubts, the numbers the patient wrote. */
  triage: TriageVerdict;
  /** The answer to the topic just asked, if the message gives one. */
  answer: Partial<Findings>;
  /** Answers to other topics the patient volunteered ("no fever, but the wound is red"). */
  volunteered: Partial<Findings>;
  /** The patient asks something (a question for the team, or for advice). */
  question: boolean;
  thanks: boolean;
  /** "No, nada más": the patient has nothing to add. */
  nothingMore: boolean;
}

const NEGATIONS = new Set([
  'no',
  'sin',
  'ni',
  'nunca',
  'sense',
  'cap',
  'mai',
  'not',
  'without',
  'never',
  "don't",
  'dont',
  "haven't",
  'havent',
  "isn't",
]);

/** Where a clause ends: punctuation, or a conjunction that starts a new statement. */
const CLAUSE_BREAK =
  /[,.;:!?¿¡]|\b(y|e|i|and|but|pero|aunque|although|though|sin embargo|however|perque|porque|because)\b/g;

/**
 * True when one of the three words before `index`, within the same clause, negates what follows:
 * "no tengo dolor en el pecho" is negated, "No aguanto más, quiero morir" is not.
 */
function negated(text: string, index: number): boolean {
  const before = text.slice(0, index);
  let start = 0;
  for (const m of before.matchAll(CLAUSE_BREAK)) start = m.index + m[0].length;
  const words = before.slice(start).split(' ').filter(Boolean).slice(-4);
  return words.some((word) => NEGATIONS.has(word) || /n't$/.test(word));
}

/** "fiebre no", "olvidado ninguna": a negation right after the words, in the same clause. */
const NEGATED_AFTER = /^\s*(no|ninguna?|ningun|cap|none|nada|res|tampoco|tampoc|gens)\b/;

function negatedAround(text: string, index: number, length: number): boolean {
  return negated(text, index) || NEGATED_AFTER.test(text.slice(index + length));
}

/** The first match of `pattern` that is not negated, if any. */
function affirmed(text: string, pattern: RegExp): boolean {
  const global = new RegExp(pattern.source, 'g');
  for (const match of text.matchAll(global)) {
    if (!negatedAround(text, match.index, match[0].length)) return true;
  }
  return false;
}

function mentioned(text: string, pattern: RegExp): 'yes' | 'no' | undefined {
  const global = new RegExp(pattern.source, 'g');
  let seen: 'yes' | 'no' | undefined;
  for (const match of text.matchAll(global)) {
    if (!negatedAround(text, match.index, match[0].length)) return 'yes';
    seen = 'no';
  }
  return seen;
}

/**
 * Whether the patient says they have no pain ("sin dolor", "no me duele", "gens", "nothing"):
 * that is an answer, but not a number, so nothing is recorded as a score.
 */
const NO_PAIN =
  /sin dolor|sense dolor|no pain|no me duele|no em fa mal|doesn'?t hurt|does not hurt|nada de dolor|gens de dolor|cap dolor|ningun dolor|no tengo dolor|no tinc dolor|pain[- ]free|^nada\b|^gens\b|^res\b|^none\b|^no[.!]*$|^no,? (nada|gens|res|none|cap)\b/;

const YES =
  /^(si|yes|yeah|yep|sure|claro|vale|ok|okay|d'acord|dacord|correcte|correcto|correct|exacto|exacte|efectivamente|por supuesto|of course|perfecto|perfecte|aixi es|asi es|that's right|afirmatiu|afirmativo|alli estare|alli estaremos|alla sere|i will|i'll be there|hi sere|ahi estare)\b/;
const NO =
  /^(no|nop|nope|nah|cap|gens|tampoco|tampoc|negativo|negatiu|ninguno|ninguna|nada|res|none|nothing|never|nunca|mai)\b/;

function yesNo(text: string): 'yes' | 'no' | undefined {
  if (YES.test(text)) return 'yes';
  if (NO.test(text)) return 'no';
  return undefined;
}

const FEVER = /fiebre|febre|fever|febril|calentura|temperatura alta|high temperature|feverish/;
const BLEEDING =
  /sangr|sagn|\bsang\b|bleed|\bbled\b|bloody|blood (on|in|from|coming|everywhere)|ha manchado|manchado el aposito|ha tacat|tacat l'aposit/;
/** Blood that is not bleeding: tests, pressure, sugar. Taken out before BLEEDING is looked for. */
const NOT_BLEEDING =
  /(analisis|analitica|analitiques|prueba|proves|extraccion|extraccio|test) de (sangre|sang)|(sangre|sang) en ayunas|blood (tests?|work|pressure|sugar|results|glucose)/g;
const WOUND_CHANGES =
  /\broj[oa]s?\b|\brojiz|enrojec|envermell|\bvermell|\bred\b|redness|hinchad|\binflamad[oa]|\binflamat\b|\binflama\b|\binfla\b|swollen|swelling|\bpus\b|supura|\bsupur|discharge|oozing|\bcaliente\b|\bcalenta\b|\bwarm\b|\bhot\b|mal olor|mala olor|smells?\b|se ha abierto|s'ha obert|opened up/;
const WOUND_FINE =
  /bien|\bbe\b|good|fine|\bok\b|limpia|neta|clean|seca|\bdry\b|normal|cicatriza|cicatritza|healing|sin cambios|sense canvis|igual/;
const MISSED =
  /olvid|oblid|missed|forgot|forget|skipp?ed|me he saltado|m'he saltat|no (me )?(la|las|lo|los) (he )?tomad|no (me )?(la|las|lo|los) tomo|no (l'he|les he|els he) pres|dej[eo] de tomar|he dejado|deixat de prendre|stopped taking|not taking|no la tomo|alguna vez no|a vegades no|sometimes not|not always|no siempre|no sempre/;
const TAKEN =
  /tomad[oa]s?|la tomo|las tomo|lo tomo|los tomo|me la tomo|tom[eo]\b|\bpres(es|a)?\b|l'he presa|les he preses|les prenc|la prenc|prenc|took|taken|taking (them|it)|al dia|cada dia|every day|todos los dias|tots els dies|segun (la )?pauta|segons (la )?pauta|as prescribed|puntual|religiosamente|sin falta|sense falta|never miss|take (it|them)|every (morning|night|evening)|cada (manana|mati|nit|noche)/;
/** Outside the medication question, taking or missing is about medicine only when it says so. */
const MEDICINE =
  /medicac|medicament|medication|medicine|pastill|pills?\b|tablets?|capsul|comprimid|dosis|dosi\b|doses?\b|pauta|tratamiento|tractament|treatment|insulin|inhalador|inhaler/;
const SIDE_EFFECT_WORDS: [SideEffect, RegExp][] = [
  ['nausea', /nausea|nausees|ganas de vomitar|vomit|mareo de estomago/],
  ['dizziness', /mareo|mareig|marejat|maread|dizz|lighthead|vertigo/],
  ['rash', /rash|sarpullido|erupcio|picor|picazon|\bpica\b|itch|ronchas|granos|hives/],
  [
    'stomach',
    /diarrea|diarrhoea|diarrhea|estren|restren|constipat|stomach|estomago|estomac|acidez|ardor|heartburn/,
  ],
  ['headache', /dolor de cabeza|mal de cap|headache|jaqueca|migran/],
  [
    'drowsiness',
    /sueno|somnolen|drowsy|sleepy|cansancio|cansament|cansad|cansat|tired|fatiga|fatigue|agotad|esgotat|exhaust/,
  ],
  ['insomnia', /insomn|no duermo|no dormo|can'?t sleep|cannot sleep|duermo mal|dormo malament/],
];
const GOOD =
  /\bbien\b|^be\b|\bmolt be\b|\bforca be\b|\bestic be\b|\bem trobo be\b|\bbe[,.!]|\bbe$|good|fine|great|mejor|millor|better|genial|estupend|perfect|fenomenal|muy bien|molt be|well\b|tranquil|animad|animat/;
const BAD =
  /\bmal\b|malament|fatal|peor|pitjor|worse|\bbad\b|not good|not great|no muy bien|no gaire be|regular|cansad|cansat|tired|trist|\bsad\b|so-so|so so|down\b|decaid|no me encuentro|no em trobo|low\b/;
const QUESTION =
  /\?|^(puedo|debo|deberia|es normal|es grave|que hago|que tengo|que me pasa|por que|puc|haig de|he de|hauria de|que faig|que tinc|per que|can i|should i|do i need|is it normal|is this normal|is it serious|what should|why|will i)\b/;
const THANKS =
  /gracias|gracies|merci|thanks|thank you|thx|moltes gracies|muchas gracias|mil gracias/;

/**
 * Reads a patient message. `topic` is what the assistant asked last; a bare "sí"/"no" or a
 * bare number answers it. `question` is the text of that last question when someone else wrote
 * it (a language model): the triage then reads the message as the answer to that text.
 */
export function understand(
  message: string,
  topic: Topic | undefined,
  options: { postOp?: boolean; language?: TriageLanguage; question?: string } = {},
): Understanding {
  const text = fold(message);
  const yn = yesNo(text);
  const found: Partial<Findings> = {};
  const { question: askedText, ...reading } = options;
  const asked = topic === 'pain' || topic === 'fever' || topic === 'wound' ? topic : undefined;
  const verdict =
    askedText !== undefined
      ? triageAnswer({ text: message, question: askedText }, reading)
      : triage(message, { ...reading, asked });

  // Numbers only as the patient wrote them: "me duele mucho" has no score (the assistant asks).
  const { temperature, pain } = verdict;
  if (pain !== undefined) found.pain = pain;
  else if (
    NO_PAIN.test(text) &&
    (topic === 'pain' || /dolor|dol\b|pain|duele|fa mal|hurt/.test(text))
  )
    found.pain = 'none';

  const fever = mentioned(text, FEVER);
  if (temperature !== undefined) {
    found.temperature = temperature;
    found.fever = temperature >= 38;
  } else if (fever) found.fever = fever === 'yes';
  else if (topic === 'fever' && yn) found.fever = yn === 'yes';

  const bleeding = mentioned(text.replace(NOT_BLEEDING, ''), BLEEDING);
  if (bleeding === 'yes') found.wound = 'bleeding';
  else if (affirmed(text, WOUND_CHANGES)) found.wound = 'changes';
  else if (topic === 'wound' && (WOUND_FINE.test(text) || yn === 'no' || bleeding === 'no'))
    found.wound = 'fine';

  if (topic === 'medication' || MEDICINE.test(text)) {
    const missed = mentioned(text, MISSED);
    // "never missed one" is taken, and so is "no se me ha olvidado ninguna".
    if (missed === 'yes') found.medication = 'missed';
    else if (missed === 'no' || TAKEN.test(text)) found.medication = 'taken';
    else if (topic === 'medication' && yn) found.medication = yn === 'yes' ? 'taken' : 'missed';
  }

  const effects = SIDE_EFFECT_WORDS.filter(([, words]) => affirmed(text, words)).map(([e]) => e);
  if (
    effects.length &&
    (topic === 'side_effects' || topic === 'symptoms' || topic === 'medication')
  )
    found.sideEffects = effects;
  else if (
    topic === 'side_effects' &&
    (yn === 'no' || /ningun|cap efecte|none|nothing|nada|res\b/.test(text))
  )
    found.sideEffects = [];

  if (topic === 'supply') {
    if (
      /poc[ao]s|poques|queda poco|queden poques|running (out|low)|almost out|se me acaba|se m'acab|no me quedan|no em queden|few left|need (a|more)|necesito (mas|receta)|necessito/.test(
        text,
      )
    )
      found.supply = 'short';
    else if (
      yn === 'yes' ||
      /suficient|enough|de sobra|para (un|dos|varios)|per a (un|dos)|plenty|me quedan|em queden/.test(
        text,
      )
    )
      found.supply = 'enough';
    else if (yn === 'no') found.supply = 'short';
  }

  if (topic === 'attendance') {
    if (
      /no (podre|puedo|podria|pourai|podre anar|puc|podre venir|i can'?t|can'?t make)|can'?t (come|make it|attend)|cannot (come|attend|make)|can not (come|make)|won'?t (be able|make it)|unable to (come|attend|make)|cambiar|canviar|reschedul|aplazar|ajornar|otro dia|un altre dia|another (day|date)/.test(
        text,
      )
    )
      found.attendance = 'no';
    else if (yn) found.attendance = yn;
    else if (
      /alli estare|alla sere|hi sere|alli|there|vendre|vindre|i'll come|i will come|asistire|ahi estare|confirm/.test(
        text,
      )
    )
      found.attendance = 'yes';
  }

  const question = QUESTION.test(text);
  if (topic === 'preparation') {
    if (question) found.preparation = 'question';
    else if (
      yn === 'no' ||
      /todo claro|tot clar|all clear|clear|entendido|entes|understood|ninguna|cap\b/.test(text)
    )
      found.preparation = 'clear';
    else if (yn === 'yes') found.preparation = 'question';
  }

  if (topic === 'symptoms' || topic === 'wellbeing') {
    if (
      effects.length ||
      (topic === 'symptoms' && yn === 'yes') ||
      /nuevo sintoma|nou simptoma|new symptom/.test(text)
    )
      found.symptoms = 'some';
    else if (
      topic === 'symptoms' &&
      (yn === 'no' ||
        /nada nuevo|res de nou|nothing new|igual|the same|lo mismo|el mateix/.test(text))
    )
      found.symptoms = 'none';
  }

  if (topic === 'wellbeing' || !topic) {
    if (BAD.test(text) && !/no (estoy|esta|estic|em trobo|me encuentro) mal|not bad/.test(text))
      found.wellbeing = 'bad';
    // Good news only when nothing clinical is said with it: "bien, pero me pica la pierna" is
    // for a person to read, not for "¡Qué bien!".
    else if (
      (GOOD.test(text) || /not bad|no estoy mal|no estic malament/.test(text)) &&
      !verdict.clinical &&
      verdict.level === 'none'
    )
      found.wellbeing = 'good';
  }

  const nothingMore =
    yn === 'no' ||
    /nada mas|res mes|nothing (else|more)|that'?s all|eso es todo|aixo es tot|todo bien|tot be|ya esta|ja esta/.test(
      text,
    );
  if (topic === 'questions') {
    if (nothingMore) found.questions = 'none';
    else found.questions = 'noted';
  }

  const answer: Partial<Findings> = {};
  const volunteered: Partial<Findings> = {};
  const key = topic ? TOPIC_KEYS[topic] : undefined;
  for (const [k, v] of Object.entries(found) as [keyof Findings, unknown][]) {
    const target =
      key && (k === key || (k === 'temperature' && key === 'fever')) ? answer : volunteered;
    (target as Record<string, unknown>)[k] = v;
  }
  return {
    triage: verdict,
    answer,
    volunteered,
    question,
    thanks: THANKS.test(text),
    nothingMore,
  };
}

/** The findings key that answers each topic. */
export const TOPIC_KEYS: Record<Topic, keyof Findings> = {
  wellbeing: 'wellbeing',
  pain: 'pain',
  fever: 'fever',
  wound: 'wound',
  medication: 'medication',
  side_effects: 'sideEffects',
  supply: 'supply',
  attendance: 'attendance',
  preparation: 'preparation',
  symptoms: 'symptoms',
  questions: 'questions',
};

/** The emergency signs in a message (the triage's, for callers that only need those). */
export function redFlagsIn(message: string): EmergencySign[] {
  return triage(message).signs.filter(isEmergencySign);
}
