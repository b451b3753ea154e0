import { LANGUAGES, type Language } from '../schemas/form-schedule';
import { createTokeniser, foldText, type Token, type Tokeniser } from './tokens';

/** The service's languages are the triage's: a patient writes in the one they were asked in. */
export const TRIAGE_LANGUAGES = LANGUAGES;
export type TriageLanguage = Language;

/**
 * The concepts a lexicon names. Clinical concepts are what the rules in `sign-rules.ts` combine
 * ("pain" and "chest" in one sentence); cue concepts are the ConText triggers that change how a
 * clinical mention is read (negated, hypothetical, past, resolved, about someone else).
 */
export const CLINICAL_CONCEPTS = [
  // chest pain
  'pain',
  'pressure',
  'chest',
  'heart_attack',
  'chest_phrase',
  'radiate',
  'arm',
  'jaw',
  'cold_sweat',
  // breathing
  'dyspnoea',
  'breath',
  'difficulty',
  'blue',
  'lips_nails',
  // suicidal thoughts
  'suicidal',
  'hopeless',
  // bleeding
  'blood',
  'a_lot',
  'nonstop',
  /** Blood gushing or pumping out ("a borbotones", "raja", "pumping out"). */
  'gush',
  'soak',
  'vomit',
  'cough',
  'stool',
  'black',
  'haemorrhage',
  // stroke
  'stroke',
  'face',
  'droop',
  'limb',
  'one_side',
  'weak',
  'numb',
  'cant_move',
  'speech',
  'vision_loss',
  'sudden',
  // consciousness, seizures
  'faint',
  'near_faint',
  'seizure',
  'shake',
  /** Stiffness, eyes rolled back, foam, a bitten tongue: with shaking, a seizure. */
  'seizure_sign',
  /** Not answering, not looking at anyone: with shaking or a collapse, unconsciousness. */
  'unresponsive',
  /** Confusion that came on suddenly: a stroke sign. */
  'confusion',
  // anaphylaxis
  'anaphylaxis',
  'allergic',
  'allergen',
  'swell',
  'swell_site',
  'throat_closing',
  'swallow',
  // urgent signs
  'fever',
  'high',
  'low_fever',
  'surgery',
  'wound',
  'infection_sign',
  'unbearable',
  /** A phrase that is itself severe pain ("el peor dolor de mi vida", "crying with pain"). */
  'severe_pain_phrase',
  'fall',
  'injury',
  'head',
  'urine_retention',
  'urine',
  'nothing_out',
  // anything else a person should read when the assistant does not follow
  'symptom',
  'body',
] as const;
export type ClinicalConcept = (typeof CLINICAL_CONCEPTS)[number];

export const CUE_CONCEPTS = [
  /** Negates what follows in its clause ("no", "sin", "never", "sense"). */
  'neg_pre',
  /** Negates what it follows, at the end of a clause ("fiebre, ninguna"). */
  'neg_post',
  /** Looks like a negation but is not ("no se me pasa", "no para de", "no sé si"). */
  'pseudo_neg',
  /** A negation before it does not deny but compares ("nunca había tenido un dolor así"). */
  'compare',
  /** Ends a negation's (and a past or resolved cue's) scope ("pero", "but", "però", "ahora"). */
  'term',
  /** Opens a condition ("si", "if", "en caso de"); hypothetical only in a question. */
  'hypo',
  /** Makes a sentence a question about what to do ("qué hago", "what should I do"). */
  'qframe',
  /** Says the thing is happening now ("desde ayer", "right now"): never hypothetical. */
  'current',
  /** Puts a mention in the past ("hace 5 años", "in 2015", "died of"). */
  'historical',
  /** Says it is over ("ya se me ha pasado", "it stopped"); reaches back over its sentence. */
  'resolved',
  /** Speaks about a condition rather than having it ("leyó lo de los infartos"). */
  'topic',
  /**
   * A harmless cause for numbness, swelling or noisy breathing ("de estar sentada", "the
   * dentist said to expect it", "ronca"): those read as doubtful in its sentence.
   */
  'benign',
  /** Plays down what follows ("un pelín roja", "a bit red"): a person reads it, no escalation. */
  'slight',
  /** Someone else is the patient ("mi madre", "my husband", "el meu pare"). */
  'third_party',
  /** An idiom that spends the words without meaning them ("me ahogo de calor", "blood test"). */
  'void',
] as const;
export type CueConcept = (typeof CUE_CONCEPTS)[number];
export type Concept = ClinicalConcept | CueConcept;

/**
 * One language's lexicon: phrases per concept, written as a patient would write them (accents
 * optional, any inflection the stemmer folds). In a phrase, `~` stands for up to three other words
 * `<n>` for any number and `<year>` for a year (1900–2099).
 */
export interface LexiconSource {
  concepts: Partial<Record<Concept, readonly string[]>>;
  /** SMS and chat spellings, written out before stemming ("q" → "que"). */
  sms: Record<string, string>;
}

/** A phrase compiled to stems; `~` is a gap of up to three words. */
interface Phrase {
  concept: Concept;
  stems: string[];
}

export interface Mention {
  /** Every concept whose phrase matched these same words ("herida": a wound and an injury). */
  concepts: ReadonlySet<Concept>;
  /** Token positions [start, end). */
  start: number;
  end: number;
}

export interface CompiledLexicon {
  language: TriageLanguage;
  tokeniser: Tokeniser;
  /** The tokens of a folded text and the concept mentions in them, longest match first. */
  read(folded: string): { tokens: Token[]; mentions: Mention[] };
}

const GAP = '~';
const MAX_GAP = 3;
/** Marks a stem matched on the beginning of the folded word rather than on its stem. */
const PREFIX = '^';

/**
 * The stem a lexicon word is matched on. Snowball's Catalan and Spanish stemmers cut some words
 * down to a common word ("ferida" to "fer", the verb "to do"; "enorme" to "en"; "losa" to "los"); a stem of three letters
 * or fewer that lost anything is too ambiguous, so such a word is matched on its
 * beginning instead ("ferid…" finds "ferida" and "ferides", not "fer").
 */
function stemOf(language: TriageLanguage, token: Token): string {
  // English stems of three letters are whole words already ("cut", "hit").
  if (token.kind !== 'word' || language === 'en') return token.stem;
  // In Spanish only short words: a long one cut to three letters is a verb with its pronoun
  // ("tomarme" to "tom"), whose stem is what should match ("tomo", "tomado").
  const lossy =
    token.stem.length <= 3 &&
    token.word.length > token.stem.length &&
    (language === 'ca' || token.word.length <= 5);
  return lossy ? PREFIX + token.word.slice(0, Math.max(4, token.word.length - 1)) : token.stem;
}

function stemMatches(expected: string, token: Token): boolean {
  if (expected.startsWith(PREFIX))
    return token.kind === 'word' && token.word.startsWith(expected.slice(1));
  return token.stem === expected;
}

export function compileLexicon(language: TriageLanguage, source: LexiconSource): CompiledLexicon {
  const tokeniser = createTokeniser(language, source.sms);
  const byFirst = new Map<string, Phrase[]>();
  const byPrefix: Phrase[] = [];
  for (const [concept, phrases] of Object.entries(source.concepts) as [Concept, string[]][]) {
    for (const phrase of phrases) {
      const stems: string[] = [];
      for (const part of phrase.split(' ')) {
        if (part === GAP) stems.push(GAP);
        else if (part === '<n>') stems.push('#');
        else if (part === '<year>') stems.push('#year');
        else stems.push(...tokeniser.tokens(foldText(part)).map((t) => stemOf(language, t)));
      }
      if (!stems.length || stems[0] === GAP) throw new Error(`Bad lexicon phrase: ${phrase}`);
      if (stems[0]!.startsWith(PREFIX)) byPrefix.push({ concept, stems });
      else {
        const list = byFirst.get(stems[0]!) ?? [];
        list.push({ concept, stems });
        byFirst.set(stems[0]!, list);
      }
    }
  }

  /** The end of `phrase` matched at `start`, or -1. Gaps never cross a break. */
  function matchAt(tokens: Token[], start: number, stems: string[], k = 0): number {
    let i = start;
    for (; k < stems.length; k++) {
      const expected = stems[k]!;
      if (expected === GAP) {
        for (let skip = 0; skip <= MAX_GAP; skip++) {
          const at = i + skip;
          if (at > tokens.length) break;
          if (skip > 0 && tokens[at - 1]!.kind !== 'word' && tokens[at - 1]!.kind !== 'number')
            break;
          const end = matchAt(tokens, at, stems, k + 1);
          if (end >= 0) return end;
        }
        return -1;
      }
      if (i >= tokens.length || !stemMatches(expected, tokens[i]!)) return -1;
      i++;
    }
    return i;
  }

  return {
    language,
    tokeniser,
    read(folded) {
      const tokens = tokeniser.tokens(folded);
      const mentions: Mention[] = [];
      for (let i = 0; i < tokens.length;) {
        let end = -1;
        let concepts = new Set<Concept>();
        const candidates = byFirst.get(tokens[i]!.stem) ?? [];
        for (const phrase of byPrefix.length ? [...candidates, ...byPrefix] : candidates) {
          const at = matchAt(tokens, i, phrase.stems);
          if (at <= i || at < end) continue;
          if (at > end) {
            end = at;
            concepts = new Set();
          }
          concepts.add(phrase.concept);
        }
        if (end > i) {
          mentions.push({ concepts, start: i, end });
          i = end;
        } else i++;
      }
      return { tokens, mentions };
    },
  };
}
