/**
 * The numbers a patient wrote: a pain score (0–10) and a body temperature (°C). Nothing is ever
 * inferred from words: "me duele mucho" has no score, "un poco de fiebre" no temperature. A
 * number counts as a pain score only where the patient put it on the scale ("7/10", "un 8 de
 * 10"), next to the pain ("dolor de 8", "pain is a 9"), or as the answer to the pain question;
 * a number followed by a unit ("3 días", "2 pastillas", "38 grados") is never a pain score.
 */

/** Number words that cannot be anything else in a patient's sentence. */
const NUMBER_WORDS: Record<string, number> = {
  cero: 0,
  zero: 0,
  dos: 2,
  two: 2,
  tres: 3,
  three: 3,
  cuatro: 4,
  quatre: 4,
  four: 4,
  cinco: 5,
  cinc: 5,
  five: 5,
  seis: 6,
  sis: 6,
  six: 6,
  siete: 7,
  seven: 7,
  ocho: 8,
  vuit: 8,
  eight: 8,
  nueve: 9,
  nine: 9,
  diez: 10,
  deu: 10,
  ten: 10,
};
/** Words that are numbers only on the scale ("uno de 10", "set sobre deu"): elsewhere they are an
 * article ("un poco"), "seven"/"thirst" (ca "set") or "new" (ca "nou"). */
const SCALE_ONLY_WORDS: Record<string, number> = {
  uno: 1,
  un: 1,
  una: 1,
  one: 1,
  u: 1,
  set: 7,
  nou: 9,
};

const NUM = `(10|[0-9]|${Object.keys({ ...NUMBER_WORDS, ...SCALE_ONLY_WORDS }).join('|')})`;
const SIMPLE_NUM = `(10|[0-9]|${Object.keys(NUMBER_WORDS).join('|')})`;

function value(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? SCALE_ONLY_WORDS[word]!);
}

/** "7/10", "un 8 de 10", "8 sobre 10", "9 out of ten", "2 from 10", "set de deu". */
const ON_SCALE = new RegExp(
  `(?<![\\d.,])\\b${NUM}(?:\\s*(?:-|o|u|or|a)\\s*${NUM})?\\s*(?:/|de|sobre|out of|of|from|en|entre)\\s*(?:10|diez|deu|ten)\\b(?![.,]?\\d)`,
  'g',
);

/** What follows a number that is not a pain score. */
const UNIT =
  /^\s*(?:[.,]\d|%|°|º|h\b|mg|ml|kg|cm|mm|gr|€|euros?|x\b|veces|vegades|times|dias?|dies|days?|horas?|hores|hours?|hrs?|min|minutos?|minuts?|minutes?|semanas?|setmanes?|weeks?|mes(?:es)?|months?|anys?|anos|years?|pastillas?|pastilles|pills?|tablets?|comprimidos?|capsulas?|gotas?|puffs?|dosis|doses?|grados?|graus?|degrees?|de la (?:manana|tarde|noche)|am\b|pm\b|:\d|de (?:fiebre|febre)|of fever)/;
/** What puts the number right after it on the scale, words that alone would not ("put it at 8"). */
const SCORE_BEFORE =
  /\b(?:(?:put|puts|putting|rate|rates|rated|rating|score|scores|scored|scoring)(?:\s+[\w']+){0,3}?\s+(?:at|as)|(?:is|was|it's|its|sits|sitting|stays|stayed)\s+at)\s*$/;
/** What comes right before a number that is not a pain score ("hace 3", "since 2", "a las 8"). */
const NOT_SCORE_BEFORE =
  /(?:hace|fa|desde|des de|since|for|tomo|tomar|prenc|take|took|cada|every|las|les|at|el dia|day|dia|numero|number|llevo|porto|habitacion|room|planta|floor|edad|age|tengo|tinc|i am|i'm|am|son|are)\s*$/;
const PAIN_WORD =
  /\b(dolor|dolors|duele|dolia|dol|mal|pain|hurts?|ache|aches|molestia|molesties)\b/;

/** Words that may follow a pain score ("un 6 más o menos", "7 o así", "a 4 now"). */
const AFTER_SCORE =
  /^\s*(?:$|[^\p{L}\d\s]|(?:de|sobre|out|of|o|u|y|i|or|and|en|al|a|in|at|on|con|amb|with|cuando|quan|when|pero|but|que|mas|mes|more|less|menos|menys|ahora|ara|now|today|hoy|avui|diria|creo|crec|maybe|quizas|potser|aprox|more or less|ish|a veces|sometimes|tbh|honestly|probably|most|mostly|usually|normalmente|normalment|casi|gairebe|sobre todo|sobretot|i think|i guess|i reckon|i'd say|roughly|or so|though|tho|la verdad|la veritat|sinceramente|sincerament)\b)/u;

/**
 * Whether the number at `index` is supposed, not had: its clause opens a condition ("si dejo el
 * ibuprofeno, un 9", "if it goes up to 38 what do I do"). A "sí" that answers ("si, 38,2") is
 * folded to the same "si", so one followed by a pause or a number is not a condition.
 */
function supposedAt(folded: string, index: number): boolean {
  const before = folded.slice(0, index);
  const clause = before.split(/[,;.!?¿]|\b(?:pero|but|aunque|though|pero ahora|now)\b/).pop()!;
  return /\b(?:si|if)\s+(?![\s\d,.!?])/.test(clause);
}

function scoreAt(text: string, match: RegExpExecArray): number | undefined {
  const after = text.slice(match.index + match[0].length);
  const before = text.slice(0, match.index);
  // "2 paracetamol", "3 días", "38 grados": a number that counts something is not a score.
  if (UNIT.test(after) || !AFTER_SCORE.test(after)) return undefined;
  if (NOT_SCORE_BEFORE.test(before) && !SCORE_BEFORE.test(before)) return undefined;
  if (supposedAt(text, match.index)) return undefined;
  return value(match[1]!);
}

/**
 * The pain score the patient wrote in `folded` (lower case, no accents), or undefined.
 * `asked`: the message answers the pain question, so a bare number ("un 6", "diria que 4") is
 * the score. A range ("7-8") gives the higher end, which is also a number the patient wrote.
 */
export function writtenPainScore(folded: string, asked: boolean): number | undefined {
  let best: number | undefined;
  for (const m of folded.matchAll(ON_SCALE)) {
    if (supposedAt(folded, m.index)) continue;
    const a = value(m[1]!);
    const b = m[2] !== undefined ? value(m[2]) : a;
    const n = Math.max(a, b);
    if (n <= 10) best = Math.max(best ?? 0, n);
  }
  if (best !== undefined) return best;
  // The whole answer to the pain question is Catalan's seven or nine: "nou", "set.".
  const alone = asked && /^\W*(set|nou)\W*$/.exec(folded);
  if (alone) return SCALE_ONLY_WORDS[alone[1]!];
  // "un set", "diria que un nou", "el dolor és un nou, un nou": after an article and before a
  // pause, Catalan's seven and nine are numbers (a new pain is "un dolor nou").
  if (asked || PAIN_WORD.test(folded)) {
    const word = /\b(?:un|una|a)\s+(set|nou)\b(?!\s*(?:dies|hores|setmanes|mesos|anys))/.exec(
      folded,
    );
    if (word) return SCALE_ONLY_WORDS[word[1]!];
  }
  const near = PAIN_WORD.exec(folded);
  if (!near && !asked) return undefined;
  const numbers = new RegExp(`(?<![\\d.,/])\\b${SIMPLE_NUM}\\b(?![.,]\\d)`, 'g');
  for (const m of folded.matchAll(numbers)) {
    if (!asked) {
      // Next to the pain: within a few words of it, before or after.
      const distance = Math.abs(m.index - near!.index);
      if (distance > 50) continue;
    }
    const n = scoreAt(folded, m);
    if (n !== undefined && n <= 10) return n;
  }
  return undefined;
}

const TENS: Record<string, number> = {
  treinta: 30,
  trenta: 30,
  thirty: 30,
  cuarenta: 40,
  quaranta: 40,
  forty: 40,
};
/** The units of a spoken temperature: every number word below ten, "un", "set" and "nou" too. */
const UNITS: Record<string, number> = Object.fromEntries(
  Object.entries({ ...NUMBER_WORDS, ...SCALE_ONLY_WORDS }).filter(([, n]) => n < 10),
);
const UNIT_WORDS = Object.keys(UNITS).join('|');
/** "treinta y ocho y medio", "trenta-vuit amb vuit", "thirty-eight point two": spoken on a call. */
const SPOKEN_TEMPERATURE = new RegExp(
  `\\b(treinta|trenta|thirty|cuarenta|quaranta|forty)(?:\\s*-\\s*|\\s+(?:y|i)\\s+|\\s+)(${UNIT_WORDS})\\b(?:\\s+(?:(y medio|i mig|and a half)|(?:coma|punto|amb|i|y|point)\\s+(${UNIT_WORDS})\\b))?`,
  'g',
);

/** Spoken temperatures written as digits, so "treinta y ocho y dos" reads as 38,2. */
function digitsForSpoken(folded: string): string {
  return folded.replace(
    SPOKEN_TEMPERATURE,
    (whole, tens: string, unit: string, half?: string, tenth?: string) => {
      const n = TENS[tens]! + UNITS[unit]!;
      if (n < 35 || n > 42) return whole;
      if (half) return `${n},5`;
      return tenth !== undefined ? `${n},${UNITS[tenth]}` : `${n}`;
    },
  );
}

const TEMPERATURE =
  /(?<![\d.,])\b(3[5-9]|4[0-2])(?:[.,](\d{1,2}))?\b(?!\s*(?:anys?|anos|years?|dias?|days?|semanas?|weeks?|kg|mg|min))/g;
const FEVER_CONTEXT =
  /fiebre|febre|fever|febril|temperat|termometr|thermometer|grad|graus|degrees|°|º|calentura|decimas|decimes|fahrenheit/;
/**
 * A Fahrenheit reading, as some thermometers (and patients from abroad) give it: "100.4", "101 F".
 * Only where a temperature is being spoken of: 95 to 107.9 °F is 35 to 42 °C.
 */
const FAHRENHEIT =
  /(?<![\d.,])\b(9[5-9]|10[0-7])(?:[.,](\d))?\b(?!\s*(?:kg|kgs|lbs?|mg|ml|%|bpm|mmhg|\/|dias?|days?|anys?|years?))/g;

/**
 * The body temperature the patient wrote, in °C, or undefined: a number from 35 to 42 with a
 * decimal, a degree word or a fever word in the message (or any such number when `asked` about
 * fever). "38 y medio" is 38.5: the patient wrote that. Under a question about another
 * `quantity` ("Peso (kg)"), a bare decimal is that quantity, not a temperature.
 */
export function writtenTemperature(
  written: string,
  asked: boolean,
  quantity = false,
): number | undefined {
  const folded = digitsForSpoken(written);
  if (!asked && !FEVER_CONTEXT.test(folded)) {
    if (quantity) return undefined;
    // Without a fever word only a decimal reading counts ("37,8 esta mañana").
    const decimal = /(?<![\d.,])\b(3[5-9]|4[0-2])[.,](\d)\b/.exec(folded);
    if (!decimal || supposedAt(folded, decimal.index)) return undefined;
    return Number(`${decimal[1]}.${decimal[2]}`);
  }
  for (const m of folded.matchAll(TEMPERATURE)) {
    if (supposedAt(folded, m.index)) continue;
    let t = Number(m[1]) + (m[2] ? Number(`0.${m[2]}`) : 0);
    // "38 y pico" stays 38: more than that was said, but not how much.
    if (!m[2] && /^\s*(?:y medio|i mig|and a half)/.test(folded.slice(m.index + m[0].length)))
      t += 0.5;
    return Math.round(t * 100) / 100;
  }
  // "100.4 both times": the patient's reading in °F, recorded as the °C it is (38).
  for (const m of folded.matchAll(FAHRENHEIT)) {
    if (supposedAt(folded, m.index)) continue;
    const f = Number(m[1]) + (m[2] ? Number(`0.${m[2]}`) : 0);
    return Math.round((((f - 32) * 5) / 9) * 10) / 10;
  }
  return undefined;
}

/**
 * Whether a question (folded) asks for a quantity that is not a pain score or a temperature: a
 * weight, a height, an age, a pressure, a count of days or tablets ("Pes actual (kg)", "¿Cuántos
 * días lleva así?", "How many tablets a day?").
 */
export function asksForAQuantity(question: string): boolean {
  return QUANTITY_ASKED.test(question) && !FEVER_CONTEXT.test(question);
}
const QUANTITY_ASKED =
  /\b(?:kg|kgs|kilos?|quilos?|lbs?|pounds?|libras?|peso|pes|weight|weigh|talla|altura|alcada|height|cm|metres?|meters?|metros?|edad|edat|age|how old|mmhg|tension|tensio|pressure|presion|pressio|glucosa|glucemia|glucose|sugar|sucre|azucar|mg\/dl|pulso|pols|pulse|pulsaciones|pulsacions|heart rate|saturacion|saturacio|saturation|cuantos|cuantas|quants|quantes|how many|how long)\b/;

/** A fever the message says is over ("el lunes tuve 38 pero ya no", "normal since wednesday"). */
export const FEVER_OVER =
  /\b(?:ya no|ja no|ya nada|ja res|nothing since|no longer|(?:fine|ok|okay|good|bien|be|normal|perfecte?|perfecta) (?:since|desde|des de)|(?:since|desde|des d|des de) (?:then|entonces|aleshores|llavors)|(?:been|back to) normal|(?:ya|ja) (?:esta|estoy|estic) (?:normal|be|bien)|normal (?:since|desde|des de)|(?:desde|des de|since) (?:el |l )?\w+ normal|se me (?:ha )?pasado|m ha passat|gone now)\b/;

/** Every number written in a text, as the strings a reply may repeat ("38,5" and "38.5" alike). */
export function numbersIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\d+(?:[.,]\d+)?/g)) {
    const n = Number(m[0].replace(',', '.'));
    out.add(String(n));
  }
  return out;
}
