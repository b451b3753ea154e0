import snowball from 'snowball-stemmers';
import type { TriageLanguage } from './lexicon';

/**
 * From a patient's text to the tokens the lexicon is matched on: folded (lower case, no accents),
 * runs of a repeated letter shortened ("muuucho", "pleeease"), apostrophes split or expanded,
 * the common SMS spellings of each language written out ("q", "xq", "tb", "u", "cant"), and each
 * word stemmed with the language's Snowball stemmer, so "duele", "dolía" and "dolores" meet.
 */

/** A word, a number, or a break between clauses or sentences. */
export interface Token {
  /** The folded word before stemming; a sentence break's punctuation ('?', '¿'). */
  word: string;
  /** What the lexicon is matched on: the stem of the word, '#' for a number, '.'/',' a break. */
  stem: string;
  kind: 'word' | 'number' | 'sentence' | 'clause';
}

/** Lower case, no accents, straight apostrophes, one space; what every later step reads. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\u00b7/g, '') // the Catalan l·l
    .replace(/(\p{L})\1{2,}/gu, '$1$1')
    .replace(/\s+/g, ' ')
    .trim();
}

const STEMMER_NAME: Record<TriageLanguage, string> = {
  es: 'spanish',
  ca: 'catalan',
  en: 'english',
};

/** English contractions written out, so "can't", "cant" and "cannot" are one token pair. */
const EN_CONTRACTIONS: [RegExp, string][] = [
  [/\b(can'?t|cannot|cnt)\b/g, 'can not'],
  [/\bwon'?t\b/g, 'will not'],
  [/\b(don'?t|dnt)\b/g, 'do not'],
  [/\bdoesn'?t\b/g, 'does not'],
  [/\bdidn'?t\b/g, 'did not'],
  [/\bisn'?t\b/g, 'is not'],
  [/\baren'?t\b/g, 'are not'],
  [/\bwasn'?t\b/g, 'was not'],
  [/\bhaven'?t\b/g, 'have not'],
  [/\bhasn'?t\b/g, 'has not'],
  [/\bcouldn'?t\b/g, 'could not'],
  [/\bwouldn'?t\b/g, 'would not'],
  [/\bshouldn'?t\b/g, 'should not'],
  [/\bi'?m\b/g, 'i am'],
  [/\bi'?ve\b/g, 'i have'],
  [/\bi'?d\b/g, 'i would'],
  [/\bi'?ll\b/g, 'i will'],
];

export interface Tokeniser {
  tokens(folded: string): Token[];
}

/**
 * A tokeniser for one language. `sms` writes out the language's short spellings (token to
 * words); stems are cached, since patients use a small vocabulary over and over.
 */
export function createTokeniser(language: TriageLanguage, sms: Record<string, string>): Tokeniser {
  const stemmer = snowball.newStemmer(STEMMER_NAME[language]);
  const cache = new Map<string, string>();
  // Spanish and Catalan have almost no double vowels, so "muucho" is "mucho"; English has
  // many ("feel", "blood"), so only longer runs were shortened there.
  // Superlatives are the word they intensify: "hinchadísima" is "hinchada", "moltíssim" "molt".
  const squeeze =
    language === 'en'
      ? (w: string) => w
      : language === 'es'
        ? // and the spoken "-ao" is the written "-ado" ("desmayao", "colorao").
          (w: string) =>
            w
              .replace(/([aeiou])\1/g, '$1')
              .replace(/isim(o|a|os|as)$/, '$1')
              .replace(/(?<=[^aeiou])ao(s?)$/, 'ado$1')
        : (w: string) => w.replace(/([aeiou])\1/g, '$1').replace(/issim(a|s|es)?$/, '$1');

  function stem(word: string): string {
    let stemmed = cache.get(word);
    if (stemmed === undefined) {
      stemmed = stemmer.stem(squeeze(word));
      if (cache.size > 20_000) cache.clear();
      cache.set(word, stemmed);
    }
    return stemmed;
  }

  return {
    tokens(folded: string): Token[] {
      let text = folded;
      if (language === 'en')
        for (const [from, to] of EN_CONTRACTIONS) text = text.replace(from, to);
      const out: Token[] = [];
      for (const m of text.matchAll(
        /(\d+(?:[.,]\d+)?)|([\p{L}]+)|(\.{2,}|…)|([.!?¿¡;\n]+)|([,:()«»"/]+|\s-\s)/gu,
      )) {
        if (m[1] !== undefined) {
          const year = /^(19|20)\d\d$/.test(m[1]);
          out.push({ word: m[1].replace(',', '.'), stem: year ? '#year' : '#', kind: 'number' });
        }
        // A sentence break keeps its marks: a condition is hypothetical only in a question.
        // "la herida, pues... huele mal": a spoken pause is not the end of a sentence.
        else if (m[3] !== undefined) out.push({ word: '', stem: ',', kind: 'clause' });
        else if (m[4] !== undefined) out.push({ word: m[4], stem: '.', kind: 'sentence' });
        else if (m[5] !== undefined) out.push({ word: '', stem: ',', kind: 'clause' });
        else {
          const word = m[2]!;
          const expanded = sms[word];
          for (const w of (expanded ?? word).split(' '))
            out.push({ word: w, stem: stem(w), kind: 'word' });
        }
      }
      return out;
    },
  };
}
