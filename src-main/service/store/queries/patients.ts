import type { Engine, SqlStatement as Statement } from '../sql-port';
import type { Sql } from '../sql-port';
import type { ListCondition, ListDefinition } from '../keyset-list';
import { createReadCache } from '../read-cache';
import { foldForSearch, patientSearchText } from '../search-text';
import {
  FEW_MATCHES,
  matchesOf,
  readsMatchesFirst,
  searchCondition,
  SUFFIX_COUNT,
  suffixParams,
  walkOf,
  type Search,
} from '../patient-search-condition';

/** A patient row as the service reads and writes it; tags and metadata are JSON text. */
export interface PatientRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  date_of_birth: string | null;
  status: 'active' | 'inactive';
  tags: string;
  metadata: string;
  created_at: string;
  updated_at: string;
}

/**
 * The API shape of a patient: the api_json column, which SQLite renders from the row whenever it is
 * written (see migration 0001). This is the one place where the row becomes the API's Patient.
 */
export const PATIENT_JSON = 'api_json';

/** The orders a patient list can take (see `listDefinition`). */
export type PatientSort = 'created' | 'name' | 'dateOfBirth';
export type SortDirection = 'asc' | 'desc';

/**
 * The ordering key of each sort, as an indexed SQL expression with the patient's `seq` as the tie
 * breaker (migrations 0001 and 0011). `seq` grows with creation, so it alone is the created order;
 * an unknown date of birth sorts last in both directions.
 */
function orderKeys(sort: PatientSort, direction: SortDirection): ListDefinition['keys'] {
  if (sort === 'name') return ['sort_name', 'seq'];
  if (sort === 'dateOfBirth') {
    const unknown = direction === 'asc' ? '9999-12-31' : '0000-01-01';
    return [`coalesce(date_of_birth, '${unknown}')`, 'seq'];
  }
  return ['seq'];
}

/**
 * The patient list in this order: over the table, or driven by the search index (whose rowid is
 * the patient's seq) when a search of three or more characters narrows it. PostgreSQL has no
 * separate index table: its trigram index on patients.search_text answers the search condition
 * on the table itself (migrations-postgres/0001), so its list is always over the table.
 */
function listDefinition(
  viaIndex: boolean,
  sort: PatientSort,
  direction: SortDirection,
): ListDefinition {
  const keys = orderKeys(sort, direction);
  return {
    name: 'patients',
    from: viaIndex
      ? 'patient_search JOIN patients ON patients.seq = patient_search.rowid'
      : 'patients',
    json: PATIENT_JSON,
    keys: viaIndex && sort === 'created' ? ['patient_search.rowid'] : keys,
    direction,
  };
}

export interface PatientFilters {
  status?: string | undefined;
  search?: string | undefined;
  /** One tag the patient must carry (exact). */
  tag?: string | undefined;
  /** Born on or before this date (YYYY-MM-DD): at least some age. */
  bornOnOrBefore?: string | undefined;
  /** Born after this date: younger than some age. */
  bornAfter?: string | undefined;
  /** Has a response completed at or after this time (ISO 8601). */
  respondedSince?: string | undefined;
  /** Has no response completed at or after this time (never answered included). */
  silentSince?: string | undefined;
  /** The two response conditions count only responses to this form. */
  responseFormId?: string | undefined;
}

/** The tag filter: `tags` holds a JSON array of strings. */
const TAG_CONDITION: Record<Engine, string> = {
  sqlite: 'EXISTS (SELECT 1 FROM json_each(patients.tags) WHERE value = ?)',
  postgres: 'EXISTS (SELECT 1 FROM json_array_elements_text(patients.tags::json) WHERE value = ?)',
};

/**
 * The SQL of every filter but the search (which picks the list's driving table). In another order
 * than creation, the status is written `+status` so that SQLite walks the order's index and stops
 * at a page, instead of taking the status index and sorting every active patient (90,000 here) to
 * find the first hundred: 0.5 ms instead of 100. (PostgreSQL has no unary + on text, and its
 * planner weighs the indexes by their statistics: there the column is written plainly.)
 */
function filterConditions(
  engine: Engine,
  filters: PatientFilters,
  sort: PatientSort = 'created',
  direction: SortDirection = 'desc',
): ListCondition[] {
  const where: ListCondition[] = [];
  const status = sort === 'created' || engine === 'postgres' ? 'status' : '+status';
  if (filters.status) where.push({ sql: `${status} = ?`, params: [filters.status] });
  if (filters.tag) where.push({ sql: TAG_CONDITION[engine], params: [filters.tag] });
  // Sorted by date of birth, an age range is a range of the order's own index key (the patients
  // without a date, which the key places at one end, kept out explicitly): SQLite starts at the
  // range instead of walking every older patient to reach the young ones.
  const birth = sort === 'dateOfBirth' ? orderKeys(sort, direction)[0] : 'date_of_birth';
  if (filters.bornOnOrBefore || filters.bornAfter)
    where.push({ sql: 'date_of_birth IS NOT NULL', params: [] });
  if (filters.bornOnOrBefore)
    where.push({ sql: `${birth} <= ?`, params: [filters.bornOnOrBefore] });
  if (filters.bornAfter) where.push({ sql: `${birth} > ?`, params: [filters.bornAfter] });
  const form = filters.responseFormId;
  const responded = (since: string) => ({
    sql: `EXISTS (SELECT 1 FROM form_responses r WHERE r.patient_id = patients.id AND r.completed_at >= ?${form ? ' AND r.form_id = ?' : ''})`,
    params: form ? [since, form] : [since],
  });
  if (filters.respondedSince) where.push(responded(filters.respondedSince));
  if (filters.silentSince) {
    const c = responded(filters.silentSince);
    where.push({ sql: `NOT ${c.sql}`, params: c.params });
  }
  return where;
}

/** Whether only the kept counters' filters (status, search) are set. */
function countedByKeptCounters(filters: PatientFilters): boolean {
  // Whether there is a condition, not its text: the engine does not matter here.
  return filterConditions('sqlite', { ...filters, status: undefined }).length === 0;
}

/** What the table holds for a patient: the row and what the service derives from it. */
export type StoredPatientRow = PatientRow & { search_text: string; sort_name: string };

/** The row with what the service derives for search and sorting (see migration 0011). */
export const withDerivedColumns = (row: PatientRow): StoredPatientRow => ({
  ...row,
  search_text: patientSearchText(row),
  sort_name: foldForSearch(`${row.last_name} ${row.first_name}`),
});

export function createPatientQueries(db: Sql, changeToken: () => string) {
  const insert = db.prepare<StoredPatientRow>(
    `INSERT INTO patients (id, first_name, last_name, email, phone, date_of_birth, status, tags, metadata, created_at, updated_at, search_text, sort_name)
     VALUES (@id, @first_name, @last_name, @email, @phone, @date_of_birth, @status, @tags, @metadata, @created_at, @updated_at, @search_text, @sort_name)`,
  );
  const update = db.prepare<StoredPatientRow>(
    `UPDATE patients SET first_name = @first_name, last_name = @last_name, email = @email, phone = @phone,
       date_of_birth = @date_of_birth, status = @status, tags = @tags, metadata = @metadata, updated_at = @updated_at,
       search_text = @search_text, sort_name = @sort_name
     WHERE id = @id`,
  );
  const byId = db.prepare<[string], PatientRow>(
    `SELECT id, first_name, last_name, email, phone, date_of_birth, status, tags, metadata, created_at, updated_at
     FROM patients WHERE id = ?`,
  );
  const jsonById = db
    .prepare<[string], string>(`SELECT ${PATIENT_JSON} FROM patients WHERE id = ?`)
    .pluck();
  const namesOf = db.prepare<[string], { id: string; first_name: string; last_name: string }>({
    sqlite:
      'SELECT id, first_name, last_name FROM patients WHERE id IN (SELECT value FROM json_each(?))',
    postgres: `SELECT id, first_name, last_name FROM patients
      WHERE id IN (SELECT value FROM json_array_elements_text(?::json))`,
  });
  // What tells one person from another on import (domain/patient-import.ts): every patient's.
  const identities = db.prepare<
    [],
    {
      id: string;
      first_name: string;
      last_name: string;
      email: string | null;
      phone: string | null;
      mrn: unknown;
    }
  >({
    sqlite: `SELECT id, first_name, last_name, email, phone, json_extract(metadata, '$.mrn') AS mrn FROM patients`,
    // ->> gives any value as text; the import compares only a string MRN (a number or an object
    // is no key there), so anything else reads as NULL, which it skips alike.
    postgres: `SELECT id, first_name, last_name, email, phone,
        CASE WHEN json_typeof(metadata::json -> 'mrn') = 'string' THEN metadata::json ->> 'mrn' END AS mrn
      FROM patients`,
  });
  const latest = db.prepare<[], { created_at: string; id: string }>(
    'SELECT created_at, id FROM patients ORDER BY seq DESC LIMIT 1',
  );
  const countByStatus = db
    .prepare<[string], number>('SELECT n FROM patient_counts WHERE status = ?')
    .pluck();
  const countAll = db.prepare<[], number>('SELECT sum(n) FROM patient_counts').pluck();
  // The FTS5 index is SQLite's alone: on PostgreSQL every search is a 'like' one (see
  // searchCondition), counted on the table below or the suffix table, so these two are never
  // prepared there.
  const countMatches =
    db.engine === 'sqlite'
      ? db
          .prepare<[string], number>(
            'SELECT count(*) FROM patient_search WHERE patient_search MATCH ?',
          )
          .pluck()
      : undefined;
  const countMatchesWithStatus =
    db.engine === 'sqlite'
      ? db
          .prepare<[string, string], number>(
            `SELECT count(*) FROM patient_search JOIN patients ON patients.seq = patient_search.rowid
       WHERE patient_search MATCH ? AND status = ?`,
          )
          .pluck()
      : undefined;
  // PostgreSQL, a term the suffix table answers: an index-only count (see SUFFIX_COUNT).
  const countSuffixes =
    db.engine === 'postgres'
      ? db.prepare<[string, string, number], number>(SUFFIX_COUNT).pluck()
      : undefined;
  const countSuffixesWithStatus =
    db.engine === 'postgres'
      ? db
          .prepare<[string, string, number, string], number>(`${SUFFIX_COUNT} AND status = ?`)
          .pluck()
      : undefined;
  const countLike = new Map<string, Statement<unknown[], number>>();
  const idStatements = new Map<string, Statement<unknown[], string>>();
  const jsonByIds = db
    .prepare<[string], string>({
      sqlite: `SELECT ${PATIENT_JSON} FROM json_each(?) AS wanted JOIN patients ON patients.id = wanted.value
       ORDER BY wanted.key`,
      postgres: `SELECT ${PATIENT_JSON}
       FROM json_array_elements_text(?::json) WITH ORDINALITY AS wanted (value, key)
       JOIN patients ON patients.id = wanted.value
       ORDER BY wanted.key`,
    })
    .pluck();
  const countFilteredStatements = new Map<string, Statement<unknown[], number>>();
  // Counting the matches of a common term costs about a millisecond on 100,000 patients, and
  // paging through its results asks for the same total on every page.
  const counts = createReadCache<number>(changeToken);

  async function countSearch(search: Search, status: string | undefined): Promise<number> {
    const key = `${status ?? ''}\n${search.kind}\n${search.param.join('\n')}`;
    return await counts.get(key, () => countSearchUncached(search, status));
  }

  async function countSearchUncached(search: Search, status: string | undefined): Promise<number> {
    let n: number;
    if (search.kind === 'match') {
      n = status
        ? (await countMatchesWithStatus!.get(search.param[0]!, status))!
        : (await countMatches!.get(search.param[0]!))!;
    } else if (search.suffixRange && countSuffixes && countSuffixesWithStatus) {
      const keys = suffixParams(search.suffixRange);
      n = status
        ? (await countSuffixesWithStatus.get(...keys, status))!
        : (await countSuffixes.get(...keys))!;
    } else {
      const sql = `SELECT count(*) FROM patients WHERE ${search.sql}${status ? ' AND status = ?' : ''}`;
      let stmt = countLike.get(sql);
      if (!stmt) {
        stmt = db.prepare<unknown[], number>(sql).pluck();
        countLike.set(sql, stmt);
      }
      n = (await stmt.get(...search.param, ...(status ? [status] : [])))!;
    }
    return n;
  }

  /** Tags, ages and responses have no kept counter: count the rows (bounded by the table). */
  async function countFiltered(filters: PatientFilters): Promise<number> {
    const search = searchCondition(db.engine, filters.search);
    const where = [
      ...(search ? [{ sql: search.sql, params: search.param }] : []),
      ...filterConditions(db.engine, filters),
    ];
    const from =
      search?.kind === 'match'
        ? 'patient_search JOIN patients ON patients.seq = patient_search.rowid'
        : 'patients';
    const sql = `SELECT count(*) FROM ${from} WHERE ${where.map((c) => c.sql).join(' AND ')}`;
    let stmt = countFilteredStatements.get(sql);
    if (!stmt) {
      stmt = db.prepare<unknown[], number>(sql).pluck();
      countFilteredStatements.set(sql, stmt);
    }
    return (await stmt.get(...where.flatMap((c) => c.params))) ?? 0;
  }

  /** Patients in all, or with this status: the kept counters, read again only after a change. */
  const rowCount = (status: string | undefined): Promise<number> =>
    counts.get(
      `rows\n${status ?? ''}`,
      async () => (status ? await countByStatus.get(status) : await countAll.get()) ?? 0,
    );

  /**
   * PostgreSQL: the search condition to list a search with, chosen by the service and not the
   * planner. A term the suffix table answers is counted first (an index-only read the page's
   * total needs anyway, kept in the read cache), then read from its matches when they are few
   * (`FEW_MATCHES`), by walking the list's order and testing each patient otherwise (`walkOf`).
   * A phrase longer than eight characters goes to the trigram index as written (see
   * searchCondition); another is read from that index's matches (`matchesOf`), or walked when
   * too short for it. Left to choose, the planner estimated a `LIKE '%6100%'` from its histogram
   * at about 1% of the table whatever it held, and walked 15,000 rows for a fragment of 159
   * patients in 100,000 (5 ms); with no histogram (migration 0021) it has only the pattern.
   */
  async function searchInList(
    search: Search,
    status: string | undefined,
    sort: PatientSort,
    limit: number,
  ): Promise<ListCondition> {
    if (!search.phrases) return { sql: search.sql, params: search.param };
    if (!search.suffixRange) {
      if (search.phrases.long) return { sql: search.sql, params: search.param };
      return search.phrases.indexed ? matchesOf(search) : walkOf(search.phrases.all);
    }
    const matches = await countSearch(search, status);
    const rows = await rowCount(status);
    return readsMatchesFirst({ matches, rows, limit, createdOrder: sort === 'created' })
      ? { sql: FEW_MATCHES, params: suffixParams(search.suffixRange) }
      : walkOf(search.phrases.all);
  }

  /** The list to run and its conditions for these filters, in this order, for pages of `limit`. */
  async function listQuery(
    filters: PatientFilters,
    order: { sort: PatientSort; direction: SortDirection },
    limit: number,
  ): Promise<{ def: ListDefinition; where: ListCondition[] }> {
    const search = searchCondition(db.engine, filters.search);
    const where: ListCondition[] = [
      ...(search ? [await searchInList(search, filters.status, order.sort, limit)] : []),
      ...filterConditions(db.engine, filters, order.sort, order.direction),
    ];
    return { def: listDefinition(search?.kind === 'match', order.sort, order.direction), where };
  }

  return {
    insert: (row: PatientRow) => insert.run(withDerivedColumns(row)),
    update: (row: PatientRow) => update.run(withDerivedColumns(row)),
    get: (id: string): Promise<PatientRow | undefined> => byId.get(id),
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
    /** Names of these patients in one statement (lists show a name beside each record). */
    names: (ids: readonly string[]) => namesOf.all(JSON.stringify([...new Set(ids)])),
    /** Every patient's id, name, e-mail, phone and metadata.mrn (duplicate checks on import). */
    identities: () => identities.all(),
    /** The newest patient's ordering key; new patients must sort after it. */
    latest: () => latest.get(),

    /** The list to run and its conditions for these filters, in this order. */
    listQuery,

    /** The ids of the first `limit` patients of this list, in its order (a bulk selection). */
    async ids(
      filters: PatientFilters,
      order: { sort: PatientSort; direction: SortDirection },
      limit: number,
    ): Promise<string[]> {
      const { def, where } = await listQuery(filters, order, limit);
      const dir = def.direction === 'asc' ? 'ASC' : 'DESC';
      const from = typeof def.from === 'string' ? def.from : def.from[db.engine];
      const sql = `SELECT patients.id FROM ${from}${where.length ? ` WHERE ${where.map((c) => c.sql).join(' AND ')}` : ''}
        ORDER BY ${def.keys.map((k) => `${k} ${dir}`).join(', ')} LIMIT ?`;
      let stmt = idStatements.get(sql);
      if (!stmt) {
        stmt = db.prepare<unknown[], string>(sql).pluck();
        idStatements.set(sql, stmt);
      }
      return await stmt.all(...where.flatMap((c) => c.params), limit);
    },

    /** These patients as API JSON text, in the order given; unknown ids are left out. */
    jsonByIds: (ids: readonly string[]): Promise<string[]> => jsonByIds.all(JSON.stringify(ids)),

    /** Rows matching the filters: kept counters unless a search or another filter narrows the set. */
    async count(filters: PatientFilters): Promise<number> {
      if (!countedByKeptCounters(filters)) {
        return await counts.get(JSON.stringify(filters), () => countFiltered(filters));
      }
      const search = searchCondition(db.engine, filters.search);
      if (search) return await countSearch(search, filters.status);
      return (filters.status ? await countByStatus.get(filters.status) : await countAll.get()) ?? 0;
    },
  };
}
