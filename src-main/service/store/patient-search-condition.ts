import type { Engine } from './sql-port';
import { foldForSearch } from './search-text';

/** A search as SQL: over the FTS5 table (`match`, SQLite) or over patients.search_text (`like`). */
export interface Search {
  kind: 'match' | 'like';
  sql: string;
  param: string[];
  /**
   * PostgreSQL, a term of three to twelve ASCII letters and digits: the key range of the suffix
   * table (migration 0018) whose rows are exactly the term's matches, for an exact count read from
   * the index alone.
   */
  suffixRange?: [from: string, to: string];
  /**
   * PostgreSQL: the folded phrases the search matches (the text, and its digits for a phone
   * number), for a list that walks its order testing each patient (`walkOf`); whether the
   * trigram index finds them all (three characters or more), for one read from its matches
   * (`matchesOf`); and whether all are longer than eight characters, asked in pieces and
   * checked whole (see `searchCondition`).
   */
  phrases?: { all: string[]; indexed: boolean; long: boolean };
}

/** Terms the suffix table answers: what one run of its suffixes (cut to twelve) can hold whole. */
const SUFFIX_TERM = /^[a-z0-9]{3,12}$/;

/**
 * Three or more characters use the trigram index (MATCH on quoted phrases); shorter strings cannot
 * form a trigram and are matched with LIKE on the folded text (a scan that stops at a page). A
 * query made only of digits and phone punctuation is also matched against the phone digits, so
 * "612 345" finds +34612345678. Queries are folded like the indexed text.
 *
 * PostgreSQL matches every length as a substring of the folded text, which its trigram index
 * (patients_search_trgm) answers from three characters on: the same substring match as the FTS5
 * phrase, as both sides are folded (lower case) and case sensitivity never comes into it. A long
 * phrase asks the index for a few of its pieces only (see `indexPieces`) and is then checked whole
 * with a LIKE on `search_text || ''`, an expression no index answers, so the planner cannot hand
 * the whole phrase to the index; unlike the strpos it replaced, the planner estimates such a LIKE
 * by its pattern, as rare as a phrase that long is, and reads the pieces from the index rather
 * than walking the list for it (which a phone number at a million patients did: 1.5 s,
 * docs/benchmarks.md).
 */
export function searchCondition(engine: Engine, raw: string | undefined): Search | undefined {
  const text = raw ? foldForSearch(raw) : '';
  if (!text) return undefined;
  const phrases = [text];
  if (/^[\d\s+().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits && digits !== text) phrases.push(digits);
  }
  if (engine === 'postgres') {
    const sql: string[] = [];
    const param: string[] = [];
    for (const phrase of phrases) {
      const pieces = indexPieces(phrase);
      const like = pieces.map(() => `search_text LIKE '%' || ?::text || '%' ESCAPE '\\'`);
      param.push(...pieces.map(escapeLike));
      if (pieces.length === 1 && pieces[0] === phrase) sql.push(like[0]!);
      else {
        const whole = `(search_text || '') LIKE '%' || ?::text || '%' ESCAPE '\\'`;
        sql.push(`(${like.join(' AND ')} AND ${whole})`);
        param.push(escapeLike(phrase));
      }
    }
    const search: Search = {
      kind: 'like',
      sql: `(${sql.join(' OR ')})`,
      param,
      phrases: {
        all: phrases,
        indexed: phrases.every((p) => [...p].length >= 3),
        long: phrases.every((p) => [...p].length > SHORT),
      },
    };
    // One phrase only (a term of digits alone has no second one): the range of the suffixes
    // starting with it, up to the same text with its last character one higher (byte order).
    if (phrases.length === 1 && SUFFIX_TERM.test(text))
      search.suffixRange = [
        text,
        text.slice(0, -1) + String.fromCharCode(text.charCodeAt(text.length - 1) + 1),
      ];
    return search;
  }
  if (phrases.every((p) => [...p].length >= 3)) {
    return {
      kind: 'match',
      sql: 'patient_search MATCH ?',
      param: [phrases.map((p) => `"${p.replace(/"/g, '""')}"`).join(' OR ')],
    };
  }
  return {
    kind: 'like',
    sql: `(${phrases.map(() => `search_text LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    param: phrases.map((p) => `%${escapeLike(p)}%`),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The most pieces a phrase asks the trigram index for. */
const MOST_PIECES = 6;
/** A phrase this long or shorter is a few trigrams: the index is asked for all of it. */
const SHORT = 8;

/**
 * What of a folded phrase the PostgreSQL trigram index is asked for: substrings of the phrase, so
 * every row holding the phrase holds them all, and the phrase itself is checked on the few rows
 * they leave. The whole phrase when it is eight characters or fewer; otherwise the three letters
 * at each end of its longest words (a word of five letters or fewer whole), words with digits
 * first, at most six.
 *
 * Why not the whole phrase: the index intersects one posting list per trigram of the pattern, and
 * a full name or an e-mail address is twenty or more trigrams, many of them in thousands of rows
 * (`ez `, `ari`) or in every row (`exa`, `com` of the clinic's usual e-mail domain). At 100,000
 * patients that took a millisecond a search, a third of it with these pieces (docs/benchmarks.md).
 * For the same reason the domain of an e-mail address is left to the final check: patients share
 * a handful of providers.
 */
export function indexPieces(phrase: string): string[] {
  if ([...phrase].length <= SHORT) return [phrase];
  const at = phrase.indexOf('@');
  const words = (at > 0 ? phrase.slice(0, at) : phrase).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  // A word of one or two characters ("maria de la cruz", "612 34 56 78") gives the index trigrams
  // with the spaces around it, rarer than any piece would be: such a phrase goes to it whole.
  if (words.length === 0 || words.some((w) => [...w].length < 3)) return [phrase];
  words.sort((a, b) => Number(/\d/.test(b)) - Number(/\d/.test(a)) || b.length - a.length);
  const pieces: string[] = [];
  for (const word of words) {
    const letters = [...word];
    if (letters.length <= 5) pieces.push(word);
    else pieces.push(letters.slice(0, 3).join(''), letters.slice(-3).join(''));
  }
  return [...new Set(pieces)].slice(0, MOST_PIECES);
}

/**
 * PostgreSQL: a term's matches read from the suffix table (migration 0018), exactly the patients
 * whose folded text holds it, as an array the list's own index is then walked through.
 */
export const FEW_MATCHES = `patients.seq = ANY (ARRAY(SELECT seq FROM patient_search_suffixes
  WHERE suffix >= ? AND suffix < ? AND shared_prefix < ?))`;

/**
 * PostgreSQL: how many patients hold a term, counted from the suffix table's index alone (migration
 * 0018): one row per patient, the first of its suffixes that start with the term (0020).
 */
export const SUFFIX_COUNT = `SELECT count(*) FROM patient_search_suffixes
  WHERE suffix >= ? AND suffix < ? AND shared_prefix < ?`;

/**
 * PostgreSQL: the parameters of a term's rows in the suffix table, for FEW_MATCHES and SUFFIX_COUNT:
 * its key range, and its length, under which only the first of a patient's suffixes that start
 * with it shares a prefix with the one before (migration 0020), so each patient is one row.
 */
export const suffixParams = ([from, to]: [string, string]): [string, string, number] => [
  from,
  to,
  from.length,
];

/**
 * PostgreSQL: a search with many matches (the other side of `readsMatchesFirst`), tested on each
 * patient as the list's order is walked, until a page is full. Written with strpos and not LIKE:
 * the planner has nothing to weigh then (no trigram index to cost, no pattern to run over the
 * column's statistics: planning a walked page took 0.108 ms with LIKE, 0.064 with strpos), and it
 * estimates a third of the table, so it always walks the order's index, as the count decided.
 */
export function walkOf(phrases: readonly string[]): { sql: string; params: string[] } {
  const test = phrases.map(() => 'strpos(search_text, ?::text) > 0');
  return { sql: `(${test.join(' OR ')})`, params: [...phrases] };
}

/**
 * PostgreSQL: a search's matches read first (the trigram index, then each match checked), as an
 * array the list's own index is walked through. For a phrase of three to eight characters the
 * suffix table does not count (a space or a sign in it, or a phone number beside its digits):
 * most are a name or a number few patients hold, and a common one costs about twice what its
 * total's count costs anyway. Left to the planner, such a LIKE may be walked instead on a guess
 * of how many patients hold it, and a walk for a phrase almost nobody holds reads the whole
 * table (1.5 s at a million patients, docs/benchmarks.md).
 */
export const matchesOf = (search: Search): { sql: string; params: string[] } => ({
  sql: `patients.seq = ANY (ARRAY(SELECT seq FROM patients WHERE ${search.sql}))`,
  params: search.param,
});

/**
 * Whether a list of a term with `matches` among `rows` patients is cheaper read from its matches
 * than by walking the list's order until a page is full. The walk reads about
 * (limit + 1) × rows / matches patients to find a page; reading the matches costs one index entry
 * each in the created order (whose index then stops at the page), and about three times that in
 * another order, where every match is fetched and sorted. The two are equal where
 * matches² × weight = (limit + 1) × rows: at 100,000 patients and pages of 20, about 1,450 matches
 * in the created order and 840 in another (measured in docs/benchmarks.md). Near that point both
 * cost well under a millisecond; far from it, the wrong one costs ten times more.
 */
export function readsMatchesFirst(at: {
  matches: number;
  rows: number;
  limit: number;
  /** Listed in the created order (by `seq`), or in another (name, date of birth). */
  createdOrder: boolean;
}): boolean {
  const weight = at.createdOrder ? 1 : 3;
  return at.matches * at.matches * weight < (at.limit + 1) * at.rows;
}
