import {
  compileLexicon,
  CUE_CONCEPTS,
  TRIAGE_LANGUAGES,
  type CompiledLexicon,
  type TriageLanguage,
} from './lexicon';
import { LEXICON_CA } from './lexicon-ca';
import { LEXICON_EN } from './lexicon-en';
import { LEXICON_ES } from './lexicon-es';

/*
 * The languages a patient text is read in (triage.ts): each language's compiled lexicon, and
 * which of them a text shows it is written in.
 */

const SOURCES = { es: LEXICON_ES, ca: LEXICON_CA, en: LEXICON_EN };

/**
 * A cue that can be borrowed by another language's stemmer without meeting one of its words:
 * several words ("una mica", "a bit") or one long one ("sense"). English "not" read with
 * Spanish stems would negate every "noto" ("I notice").
 */
function distinctive(phrase: string): boolean {
  const words = phrase.split(' ');
  return words.length > 1 || words[0]!.length >= 5;
}

/**
 * Each language's clinical words, with every language's distinctive cues: a Catalan "una mica" or an
 * English "a bit" still plays down a symptom read with Spanish stems, and a mixed message keeps
 * its negations. (Clinical words stay per language: Catalan "fer" is not a Spanish wound.)
 */
const LEXICONS: readonly CompiledLexicon[] = TRIAGE_LANGUAGES.map((language) => {
  const concepts = { ...SOURCES[language].concepts };
  for (const cue of CUE_CONCEPTS) {
    const borrowed = TRIAGE_LANGUAGES.filter((l) => l !== language)
      .flatMap((l) => SOURCES[l].concepts[cue] ?? [])
      .filter(distinctive);
    concepts[cue] = [...new Set([...(SOURCES[language].concepts[cue] ?? []), ...borrowed])];
  }
  return compileLexicon(language, { ...SOURCES[language], concepts });
});

/**
 * Words that mark a message as Spanish, Catalan or English (the words the languages share, like
 * "que" or "no", are left out). Only the languages the message is written in are read, so a
 * Catalan "aquesta calor em matarà" is not read with Spanish stems; a message with one marker or none
 * ("infart", "I keep thinking about it") is read in all three.
 */
const MARKERS: Record<TriageLanguage, ReadonlySet<string>> = {
  es: words(`y los las me mi mis con por estoy tengo tiene muy le lo hoy ayer desde hace mucho mucha
    nada ahora usted puedo puede quiero hay ya sin pecho duele cuando donde porque eso esto estaba
    siento verdad bien gracias vale pues bueno creo senora`),
  ca: words(`ja pres amb em els per estic tinc te molt li ho hi avui ahir meu meva ara aixo aquest
    aquesta tambe quan perque puc pot vull tot res gens sense pit fa dic dir noto mes be gracies
    doncs bon crec`),
  en: words(`the and my is it to of have has with not but an his her can been was since this that on
    at for from am are be just feel like got get im think having what how would should could will
    there she they you your thanks yes well good fine`),
};

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/));
}

export function languagesOf(folded: string): { read: readonly CompiledLexicon[]; sure: boolean } {
  const words = folded.split(/[^\p{L}]+/u);
  const score = LEXICONS.map((l) => words.filter((w) => MARKERS[l.language].has(w)).length);
  const best = Math.max(...score);
  // Too little to tell ("I keep thinking about it", "infart"): read it in every language.
  if (best <= 1) return { read: LEXICONS, sure: false };
  // A mixed message ("my mum no puede respirar") is read in each language it uses.
  return { read: LEXICONS.filter((_, i) => score[i]! > 0 && score[i]! >= best * 0.4), sure: true };
}
