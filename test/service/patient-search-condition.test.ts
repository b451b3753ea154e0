/**
 * What a search asks the PostgreSQL trigram index for. Pieces are only ever a way to find the
 * candidates faster: the results themselves are checked on both engines against the reference
 * of §8 (patients.test.ts). Here, the rules that keep the pieces sound: each is a substring of the
 * folded phrase, so a row holding the phrase holds every piece.
 */
import { describe, expect, it } from 'vitest';
import {
  indexPieces,
  readsMatchesFirst,
  searchCondition,
} from '../../src-main/service/store/patient-search-condition';
import { foldForSearch } from '../../src-main/service/store/search-text';

// Written the way a coordinator types into the search box: names as said at the desk, with and
// without accents, surnames first, e-mail addresses read off a form, phone numbers as dictated.
const typed = [
  'Núria Puig i Soler',
  'maria del carmen garcia',
  'FERNÁNDEZ LÓPEZ, JOSÉ ANTONIO',
  'jose antonio fernandez lopez',
  'Gal·la Vilaseca',
  "o'connor-smith",
  'Mª Àngels Rovira',
  'Encarnación Castells Romero',
  'francisco.camps99964@example.com',
  'pere.marti@gmail.com',
  'j.ruiz@hotmail.es',
  'lucia_ferrer1987@yahoo.es',
  '@hospital.cat',
  'santiago.hernandez.gonzalez',
  '612 34 56 78',
  '+34 612 345 678',
  '(93) 412-88-10',
  '612345678',
  'ana',
  'rodríguez',
  'Zoë Ødegård',
  'Þórunn Ævarsdóttir',
];

/** What `encarnacion castells romero` asks the index for: each word's first and last three. */
const ENCARNACION_PIECES = ['enc', 'ion', 'cas', 'lls', 'rom', 'ero'];

describe('indexPieces', () => {
  it.each(typed)('every piece of %j is a substring of the folded phrase', (raw) => {
    const phrase = foldForSearch(raw);
    const pieces = indexPieces(phrase);
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThanOrEqual(6);
    for (const piece of pieces) expect(phrase).toContain(piece);
  });

  it('asks for a short phrase whole', () => {
    for (const phrase of ['ana', 'garcia', 'pere.mar', '612345']) {
      expect(indexPieces(phrase)).toEqual([phrase]);
    }
  });

  it('asks for the ends of the long words of a full name, not for every trigram', () => {
    expect(indexPieces('encarnacion castells romero')).toEqual(ENCARNACION_PIECES);
    // A word of five letters or fewer is one piece; the longest words come first.
    expect(indexPieces('pilar camps dominguez')).toEqual(['dom', 'uez', 'pilar', 'camps']);
  });

  it('leaves the domain of an e-mail address to the final check, and puts digits first', () => {
    expect(indexPieces('francisco.camps99964@example.com')).toEqual(['cam', '964', 'fra', 'sco']);
    // A search for the domain alone asks for the domain.
    expect(indexPieces('@hospital.cat')).toEqual(['hos', 'tal', 'cat']);
  });

  it('asks for a phrase with a one- or two-letter word whole', () => {
    for (const phrase of ['maria del carmen de la fuente', '612 34 56 78', 'jo@example.com']) {
      expect(indexPieces(phrase)).toEqual([phrase]);
    }
  });

  it('asks for at most six pieces', () => {
    expect(indexPieces('maria dolores fernandez rodriguez gonzalez hernandez')).toHaveLength(6);
  });
});

describe('searchCondition', () => {
  const placeholders = (sql: string) => sql.match(/\?/g)?.length ?? 0;

  it('on PostgreSQL checks a long phrase whole, with a placeholder for every parameter', () => {
    const search = searchCondition('postgres', 'Encarnación Castells Romero')!;
    expect(search.kind).toBe('like');
    expect(search.sql).toContain(`(search_text || '') LIKE '%' || ?::text || '%'`);
    expect(search.param).toEqual([...ENCARNACION_PIECES, 'encarnacion castells romero']);
    expect(placeholders(search.sql)).toBe(search.param.length);
  });

  it('on PostgreSQL matches a phone number as typed or as its digits', () => {
    const search = searchCondition('postgres', '+34 612 345 678')!;
    // As typed (a two-letter word, so whole), then its digits in pieces and whole.
    expect(search.param).toEqual(['+34 612 345 678', '346', '678', '34612345678']);
    expect(placeholders(search.sql)).toBe(search.param.length);
  });

  it('escapes LIKE wildcards in a phrase asked whole, and checks a long one as typed', () => {
    // Eight characters: asked whole, so `_` and `%` are escaped to be taken literally.
    expect(searchCondition('postgres', 'Mary_j%')!.param).toEqual(['mary\\_j\\%']);
    // Long: the pieces are letters and digits only, and the whole is checked escaped too.
    expect(searchCondition('postgres', 'mary_jane 100%')!.param).toEqual([
      '100',
      'mary',
      'jane',
      'mary\\_jane 100\\%',
    ]);
  });

  it('on PostgreSQL gives a fragment of letters and digits the key range of its suffixes', () => {
    const range = (typed: string) => searchCondition('postgres', typed)!.suffixRange;
    // One word of 3 to 12 ASCII letters or digits once folded: counted from the suffix table.
    expect(range('ria')).toEqual(['ria', 'rib']);
    expect(range('Núñez')).toEqual(['nunez', 'nune{']);
    expect(range('GARCÍA')).toEqual(['garcia', 'garcib']);
    expect(range('puiz')).toEqual(['puiz', 'pui{']);
    expect(range('6129')).toEqual(['6129', '612:']);
    expect(range('Þórunn')).toEqual(['thorunn', 'thoruno']);
    expect(range('Gal·la')).toEqual(['galla', 'gallb']);
    expect(range('abcdefghijkl')).toEqual(['abcdefghijkl', 'abcdefghijkm']);
    // Anything a word's suffix cannot hold whole, or too short to be one, is counted as before:
    // a space or punctuation spans two words, a phone number as read out is two phrases, the
    // suffixes are cut to twelve, and a letter outside a-z is a word separator there.
    for (const other of [
      'ri',
      'puig so',
      'j.ruiz',
      '612 34',
      'abcdefghijklm',
      'Мария',
      'ana-maria',
    ])
      expect(range(other), other).toBeUndefined();
    expect(searchCondition('sqlite', 'ria')!.suffixRange).toBeUndefined();
  });

  it('on PostgreSQL reads a list from its matches when they are fewer than a walk would read', () => {
    const at = (
      matches: number,
      sort: 'created' | 'name' = 'created',
      rows = 100_000,
      limit = 20,
    ) => readsMatchesFirst({ matches, rows, limit, createdOrder: sort === 'created' });
    // `6100` in the benchmark's clinic: 159 of 100,000, where a walk in order read 15,000 rows.
    expect(at(159)).toBe(true);
    expect(at(0)).toBe(true);
    // `garc` (3,368) and `ria` (5,277): a page is a few hundred rows into the walk.
    expect(at(3368)).toBe(false);
    expect(at(5277)).toBe(false);
    // The crossover, about 1,450 in the created order and 840 in another order.
    expect(at(1449)).toBe(true);
    expect(at(1450)).toBe(false);
    expect(at(836, 'name')).toBe(true);
    expect(at(841, 'name')).toBe(false);
    // A bigger page (a bulk selection of up to 10,000) moves it up.
    expect(at(3368, 'created', 100_000, 10_000)).toBe(true);
    // The clinic of patients-sort-filters.test.ts, which lists a fragment both ways.
    expect(at(6, 'created', 80, 4)).toBe(true);
    expect(at(6, 'name', 80, 4)).toBe(true);
    expect(at(60, 'created', 80, 4)).toBe(false);
    expect(at(60, 'name', 80, 4)).toBe(false);
  });

  it('on SQLite is unchanged: one FTS5 MATCH of the quoted phrases', () => {
    expect(searchCondition('sqlite', 'Encarnación Castells')).toEqual({
      kind: 'match',
      sql: 'patient_search MATCH ?',
      param: ['"encarnacion castells"'],
    });
  });

  it('is nothing for an empty or blank search', () => {
    expect(searchCondition('postgres', '')).toBeUndefined();
    expect(searchCondition('sqlite', '   ')).toBeUndefined();
  });
});
