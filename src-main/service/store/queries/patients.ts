import type { Statement } from 'better-sqlite3';
import type { Db } from '../db';
import type { ListCondition, ListDefinition } from '../keyset-list';

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
 * The API shape of a patient, rendered by SQLite. Optional fields that are not known are left out
 * rather than sent as null, as the spec does for optional fields elsewhere. This is the one place
 * where the row becomes the API's Patient.
 */
export const PATIENT_JSON = `'{"id":' || json_quote(id)
  || ',"firstName":' || json_quote(first_name)
  || ',"lastName":' || json_quote(last_name)
  || CASE WHEN email IS NULL THEN '' ELSE ',"email":' || json_quote(email) END
  || CASE WHEN phone IS NULL THEN '' ELSE ',"phone":' || json_quote(phone) END
  || CASE WHEN date_of_birth IS NULL THEN '' ELSE ',"dateOfBirth":' || json_quote(date_of_birth) END
  || ',"status":' || json_quote(status)
  || ',"tags":' || tags
  || ',"metadata":' || metadata
  || ',"createdAt":' || json_quote(created_at)
  || ',"updatedAt":' || json_quote(updated_at) || '}'`;

export const PATIENT_LIST: ListDefinition = {
  name: 'patients',
  from: 'patients',
  json: PATIENT_JSON,
  sort: 'created_at',
  id: 'id',
};

export function createPatientQueries(db: Db) {
  const insert = db.prepare<PatientRow>(
    `INSERT INTO patients (id, first_name, last_name, email, phone, date_of_birth, status, tags, metadata, created_at, updated_at)
     VALUES (@id, @first_name, @last_name, @email, @phone, @date_of_birth, @status, @tags, @metadata, @created_at, @updated_at)`,
  );
  const update = db.prepare<PatientRow>(
    `UPDATE patients SET first_name = @first_name, last_name = @last_name, email = @email, phone = @phone,
       date_of_birth = @date_of_birth, status = @status, tags = @tags, metadata = @metadata, updated_at = @updated_at
     WHERE id = @id`,
  );
  const byId = db.prepare<[string], PatientRow>('SELECT * FROM patients WHERE id = ?');
  const jsonById = db
    .prepare<[string], string>(`SELECT ${PATIENT_JSON} FROM patients WHERE id = ?`)
    .pluck();
  const countByStatus = db
    .prepare<[string], number>('SELECT n FROM patient_counts WHERE status = ?')
    .pluck();
  const countAll = db.prepare<[], number>('SELECT sum(n) FROM patient_counts').pluck();
  const countCache = new Map<string, Statement<unknown[], number>>();

  return {
    insert: (row: PatientRow) => insert.run(row),
    update: (row: PatientRow) => update.run(row),
    get: (id: string): PatientRow | undefined => byId.get(id),
    getJson: (id: string): string | undefined => jsonById.get(id),

    /** SQL conditions for the list filters; search goes through the trigram index. */
    conditions(filters: {
      status?: string | undefined;
      search?: string | undefined;
    }): ListCondition[] {
      const where: ListCondition[] = [];
      if (filters.status) where.push({ sql: 'status = ?', params: [filters.status] });
      const search = searchCondition(filters.search);
      if (search) where.push(search);
      return where;
    },

    /** Rows matching the filters: a cached counter unless a search narrows the set. */
    count(filters: { status?: string | undefined; search?: string | undefined }): number {
      const search = searchCondition(filters.search);
      if (!search)
        return (filters.status ? countByStatus.get(filters.status) : countAll.get()) ?? 0;
      const where = [search];
      if (filters.status) where.push({ sql: 'status = ?', params: [filters.status] });
      const sql = `SELECT count(*) FROM patients WHERE ${where.map((c) => c.sql).join(' AND ')}`;
      let stmt = countCache.get(sql);
      if (!stmt) {
        stmt = db.prepare<unknown[], number>(sql).pluck();
        countCache.set(sql, stmt);
      }
      return stmt.get(...where.flatMap((c) => c.params)) ?? 0;
    },
  };
}

export type PatientQueries = ReturnType<typeof createPatientQueries>;

/**
 * Builds the search condition. Three or more characters use the trigram index (MATCH on a quoted
 * phrase); shorter strings cannot form a trigram and fall back to LIKE on the same index table.
 * A query made only of digits and phone punctuation is also matched against the phone digits, so
 * "612 345" finds +34612345678.
 */
function searchCondition(raw: string | undefined): ListCondition | undefined {
  const text = raw?.trim().replace(/\s+/g, ' ');
  if (!text) return undefined;
  const phrases = [text];
  if (/^[\d\s+().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits && digits !== text) phrases.push(digits);
  }
  if (phrases.every((p) => [...p].length >= 3)) {
    const match = phrases.map((p) => `"${p.replace(/"/g, '""')}"`).join(' OR ');
    return {
      sql: 'rowid IN (SELECT rowid FROM patient_search WHERE patient_search MATCH ?)',
      params: [match],
    };
  }
  const likes = phrases.map(() => `text LIKE ? ESCAPE '\\'`).join(' OR ');
  return {
    sql: `rowid IN (SELECT rowid FROM patient_search WHERE ${likes})`,
    params: phrases.map((p) => `%${foldForLike(p).replace(/[\\%_]/g, '\\$&')}%`),
  };
}

/** LIKE is case-insensitive for ASCII only; fold accents so 'ñ' finds 'n' as MATCH would. */
function foldForLike(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}
