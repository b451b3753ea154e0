import type { Statement } from 'better-sqlite3';
import type { Db } from '../db';
import type { ListCondition, ListDefinition } from '../keyset-list';
import { createReadCache } from '../read-cache';
import { foldForSearch, patientSearchText } from '../search-text';

/** A patient row as stored; tags and metadata are JSON text. */
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

export const PATIENT_LIST: ListDefinition = {
  name: 'patients',
  from: 'patients',
  json: PATIENT_JSON,
  keys: ['seq'],
};

/** The same list driven by the search index, whose rowid is the patient's seq. */
const PATIENT_SEARCH_LIST: ListDefinition = {
  name: 'patients',
  from: 'patient_search JOIN patients ON patients.seq = patient_search.rowid',
  json: PATIENT_JSON,
  keys: ['patient_search.rowid'],
};

export interface PatientFilters {
  status?: string | undefined;
  search?: string | undefined;
  /** One tag the patient must carry (exact). */
  tag?: string | undefined;
}

const TAG_CONDITION = 'EXISTS (SELECT 1 FROM json_each(patients.tags) WHERE value = ?)';

export function createPatientQueries(db: Db, changeToken: () => string) {
  type StoredRow = PatientRow & { search_text: string };
  const insert = db.prepare<StoredRow>(
    `INSERT INTO patients (id, first_name, last_name, email, phone, date_of_birth, status, tags, metadata, created_at, updated_at, search_text)
     VALUES (@id, @first_name, @last_name, @email, @phone, @date_of_birth, @status, @tags, @metadata, @created_at, @updated_at, @search_text)`,
  );
  const update = db.prepare<StoredRow>(
    `UPDATE patients SET first_name = @first_name, last_name = @last_name, email = @email, phone = @phone,
       date_of_birth = @date_of_birth, status = @status, tags = @tags, metadata = @metadata, updated_at = @updated_at,
       search_text = @search_text
     WHERE id = @id`,
  );
  const byId = db.prepare<[string], PatientRow>(
    `SELECT id, first_name, last_name, email, phone, date_of_birth, status, tags, metadata, created_at, updated_at
     FROM patients WHERE id = ?`,
  );
  const jsonById = db
    .prepare<[string], string>(`SELECT ${PATIENT_JSON} FROM patients WHERE id = ?`)
    .pluck();
  const namesOf = db.prepare<[string], { id: string; first_name: string; last_name: string }>(
    'SELECT id, first_name, last_name FROM patients WHERE id IN (SELECT value FROM json_each(?))',
  );
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
  >(
    `SELECT id, first_name, last_name, email, phone, json_extract(metadata, '$.mrn') AS mrn FROM patients`,
  );
  const latest = db.prepare<[], { created_at: string; id: string }>(
    'SELECT created_at, id FROM patients ORDER BY seq DESC LIMIT 1',
  );
  const countByStatus = db
    .prepare<[string], number>('SELECT n FROM patient_counts WHERE status = ?')
    .pluck();
  const countAll = db.prepare<[], number>('SELECT sum(n) FROM patient_counts').pluck();
  const countMatches = db
    .prepare<[string], number>('SELECT count(*) FROM patient_search WHERE patient_search MATCH ?')
    .pluck();
  const countMatchesWithStatus = db
    .prepare<[string, string], number>(
      `SELECT count(*) FROM patient_search JOIN patients ON patients.seq = patient_search.rowid
       WHERE patient_search MATCH ? AND status = ?`,
    )
    .pluck();
  const countLike = new Map<string, Statement<unknown[], number>>();
  const countTagged = new Map<string, Statement<unknown[], number>>();
  // Counting the matches of a common term costs about a millisecond on 100,000 patients, and
  // paging through its results asks for the same total on every page.
  const counts = createReadCache<number>(changeToken);

  function countSearch(search: Search, status: string | undefined): number {
    const key = `${status ?? ''}\n${search.kind}\n${search.param.join('\n')}`;
    return counts.get(key, () => countSearchUncached(search, status));
  }

  function countSearchUncached(search: Search, status: string | undefined): number {
    let n: number;
    if (search.kind === 'match') {
      n = status
        ? countMatchesWithStatus.get(search.param[0]!, status)!
        : countMatches.get(search.param[0]!)!;
    } else {
      const sql = `SELECT count(*) FROM patients WHERE ${search.sql}${status ? ' AND status = ?' : ''}`;
      let stmt = countLike.get(sql);
      if (!stmt) {
        stmt = db.prepare<unknown[], number>(sql).pluck();
        countLike.set(sql, stmt);
      }
      n = stmt.get(...search.param, ...(status ? [status] : []))!;
    }
    return n;
  }

  /** A tag has no kept counter: count the rows (a JSON scan per patient, bounded by the table). */
  function countWithTag(filters: PatientFilters): number {
    const search = searchCondition(filters.search);
    const where = [
      ...(search ? [{ sql: search.sql, params: search.param }] : []),
      ...(filters.status ? [{ sql: 'status = ?', params: [filters.status] }] : []),
      { sql: TAG_CONDITION, params: [filters.tag] },
    ];
    const from =
      search?.kind === 'match'
        ? 'patient_search JOIN patients ON patients.seq = patient_search.rowid'
        : 'patients';
    const sql = `SELECT count(*) FROM ${from} WHERE ${where.map((c) => c.sql).join(' AND ')}`;
    let stmt = countTagged.get(sql);
    if (!stmt) {
      stmt = db.prepare<unknown[], number>(sql).pluck();
      countTagged.set(sql, stmt);
    }
    return stmt.get(...where.flatMap((c) => c.params)) ?? 0;
  }

  return {
    insert: (row: PatientRow) => insert.run({ ...row, search_text: patientSearchText(row) }),
    update: (row: PatientRow) => update.run({ ...row, search_text: patientSearchText(row) }),
    get: (id: string): PatientRow | undefined => byId.get(id),
    getJson: (id: string): string | undefined => jsonById.get(id),
    /** Names of these patients in one statement (lists show a name beside each record). */
    names: (ids: readonly string[]) => namesOf.all(JSON.stringify([...new Set(ids)])),
    /** Every patient's id, name, e-mail, phone and metadata.mrn (duplicate checks on import). */
    identities: () => identities.all(),
    /** The newest patient's ordering key; new patients must sort after it. */
    latest: () => latest.get(),

    /** The list to run and its conditions for these filters (search goes through the index). */
    listQuery(filters: PatientFilters): { def: ListDefinition; where: ListCondition[] } {
      const where: ListCondition[] = [];
      const search = searchCondition(filters.search);
      if (search) where.push({ sql: search.sql, params: search.param });
      if (filters.status) where.push({ sql: 'status = ?', params: [filters.status] });
      if (filters.tag) where.push({ sql: TAG_CONDITION, params: [filters.tag] });
      return { def: search?.kind === 'match' ? PATIENT_SEARCH_LIST : PATIENT_LIST, where };
    },

    /** Rows matching the filters: kept counters unless a search narrows the set. */
    count(filters: PatientFilters): number {
      if (filters.tag) return counts.get(JSON.stringify(filters), () => countWithTag(filters));
      const search = searchCondition(filters.search);
      if (search) return countSearch(search, filters.status);
      return (filters.status ? countByStatus.get(filters.status) : countAll.get()) ?? 0;
    },
  };
}

interface Search {
  kind: 'match' | 'like';
  sql: string;
  param: string[];
}

/**
 * Three or more characters use the trigram index (MATCH on quoted phrases); shorter strings cannot
 * form a trigram and are matched with LIKE on the folded text (a scan that stops at a page). A
 * query made only of digits and phone punctuation is also matched against the phone digits, so
 * "612 345" finds +34612345678. Queries are folded like the indexed text.
 */
function searchCondition(raw: string | undefined): Search | undefined {
  const text = raw ? foldForSearch(raw) : '';
  if (!text) return undefined;
  const phrases = [text];
  if (/^[\d\s+().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits && digits !== text) phrases.push(digits);
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
    param: phrases.map((p) => `%${p.replace(/[\\%_]/g, '\\$&')}%`),
  };
}
