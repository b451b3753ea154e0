import Database from 'better-sqlite3-multiple-ciphers';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../src-main/service/store/db';
import { CLINIC_TABLES } from '../../src-main/service/store/clinic-reset';
import { migrations } from '../../src-main/service/store/migrations';

/*
 * The PostgreSQL migration set (store/migrations-postgres) against SQLite's: applied in order on a
 * fresh database, it must make the schema SQLite's migrations make. Compared from the catalogues
 * (tables, views, columns, keys, indexes, foreign keys, CHECK counts, triggers) and by behaviour:
 * the same rows refused by every CHECK and trigger with the same messages, the same generated JSON
 * byte for byte, the same data migrations, and the trigram index that stands in for SQLite's FTS5
 * table. Needs ENGAGE_DESK_TEST_POSTGRES_URL, a role that may CREATE DATABASE; skipped without.
 */

const url = process.env.ENGAGE_DESK_TEST_POSTGRES_URL;
const PG_DIR = join(import.meta.dirname, '../../src-main/service/store/migrations-postgres');

/** SQLite objects with no PostgreSQL twin: the FTS5 index and the triggers that feed it. */
const FTS_TABLE = /^patient_search(_|$)/;
const FTS_TRIGGERS = new Set(['patients_search_insert', 'patients_search_update']);
/** The twin of patient_search. */
const TRIGRAM_INDEX = 'patients_search_trgm';
/**
 * PostgreSQL objects with no SQLite twin: the table of search suffixes that counts a search's
 * matches from an index (0018; SQLite's FTS5 table counts them itself) and the triggers that feed it.
 */
const SUFFIX_TABLE = 'patient_search_suffixes';
const SUFFIX_TRIGGERS = new Set([
  'patients_search_suffixes_insert',
  'patients_search_suffixes_update',
]);

type Param = string | number | bigint | null;
/** Columns to insert; an undefined one is left to its default. */
type Row = Record<string, Param | undefined>;
type Step = readonly [sql: string, params?: readonly Param[]];
type Outcome =
  | { ok: true; rows: Record<string, unknown>[] }
  | { ok: false; message: string; constraint?: string | undefined };

/** One engine, spoken to with `?` placeholders. */
interface Side {
  rows<T = Record<string, unknown>>(sql: string, params?: readonly Param[]): Promise<T[]>;
  /** Runs the steps and undoes them: the last step's rows, or the first error. */
  attempt(steps: readonly Step[]): Promise<Outcome>;
}

function sqliteSide(db: Db): Side {
  const exec = (sql: string, params: readonly Param[] = []) => {
    const statement = db.prepare(sql);
    if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
    statement.run(...params);
    return [];
  };
  return {
    rows: async <T>(sql: string, params?: readonly Param[]) => exec(sql, params) as T[],
    attempt: async (steps) => {
      db.exec('SAVEPOINT attempt');
      try {
        let rows: Record<string, unknown>[] = [];
        for (const [sql, params] of steps) rows = exec(sql, params);
        return { ok: true, rows };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      } finally {
        db.exec('ROLLBACK TO attempt');
        db.exec('RELEASE attempt');
      }
    },
  };
}

const dollars = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const pgParams = (params: readonly Param[] = []) =>
  params.map((p) => (typeof p === 'bigint' ? p.toString() : p));

function postgresSide(client: pg.Client): Side {
  const query = async (sql: string, params?: readonly Param[]) =>
    (await client.query(dollars(sql), pgParams(params))).rows as Record<string, unknown>[];
  return {
    rows: async <T>(sql: string, params?: readonly Param[]) => (await query(sql, params)) as T[],
    attempt: async (steps) => {
      await client.query('BEGIN');
      try {
        let rows: Record<string, unknown>[] = [];
        for (const [sql, params] of steps) rows = await query(sql, params);
        return { ok: true, rows };
      } catch (error) {
        const e = error as pg.DatabaseError;
        return { ok: false, message: e.message, constraint: e.constraint };
      } finally {
        await client.query('ROLLBACK');
      }
    },
  };
}

const insert = (table: string, row: Row): Step => {
  const given = Object.entries(row).filter(
    (entry): entry is [string, Param] => entry[1] !== undefined,
  );
  return [
    `INSERT INTO ${table} (${given.map(([c]) => c).join(', ')}) VALUES (${given.map(() => '?').join(', ')})`,
    given.map(([, value]) => value),
  ];
};

/** Service-clock timestamps, a minute apart. */
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9) + minute * 60_000).toISOString();

/** Text the JSON renderings must escape exactly as SQLite does (and leave alone what it does). */
const TRICKY = [
  'Núria Gal·la Ñúñez',
  'O\'Brien "the \\ back"',
  'line one\nline two\r\n\ttabbed',
  'ctl \u0001\u0008\u000b\u000c\u001b\u001f\u007f end',
  'emoji 😀🏥 and 日本語 and ﬁ',
  '</script> / \u2028\u2029 \ufeff',
  '',
];
const t = (i: number) => TRICKY[i % TRICKY.length]!;
/** Stored JSON is spliced as written: minified or not, numbers as the service wrote them. */
const ARRAYS = ['[]', '["vip","diabètic"]', '[ "spaced" , "a\\"q" ]', '["😀","\\u00e9","\\/"]'];
const OBJECTS = [
  '{}',
  '{"weight":72.5,"n":-12,"big":12345678901234567890,"tiny":1e-7,"nested":{"a":[1,2.50,null,true,false]}}',
  ' { "spaced" : [ 1 , 2 ] } ',
  '{"text":"a \\"quoted\\" \\\\ word\\n","emoji":"😀","esc":"\\u00e9"}',
];

const patients: Row[] = TRICKY.map((_, i) => ({
  id: `pat_${i + 1}`,
  first_name: t(i),
  last_name: t(i + 3),
  email: i % 2 ? `${t(i)}@example.org` : null,
  phone: i % 3 ? '+34 612 345 678' : null,
  date_of_birth: i % 2 ? '1980-02-29' : null,
  status: i % 4 === 3 ? 'inactive' : 'active',
  tags: ARRAYS[i % ARRAYS.length]!,
  metadata: OBJECTS[i % OBJECTS.length]!,
  created_at: at(i),
  updated_at: at(i + 100),
  search_text: `${t(i).toLowerCase()}\n\n612345678`,
  sort_name: t(i + 3).toLowerCase(),
}));

/** Rows in every state the JSON renderings tell apart; also the parents the other cases need. */
const FIXTURE: Step[] = [
  ...patients.map((p) => insert('patients', p)),
  ...[
    { id: 'frm_plain', name: t(0), type: 'assessment', description: t(1), fields: ARRAYS[1]! },
    { id: 'frm_unused', name: 'Unused', type: 'survey', fields: '[]', status: 'archived' },
    { id: 'frm_answered', name: 'Answered', type: 'follow_up', fields: ARRAYS[2]! },
    { id: 'frm_responses', name: t(2), type: 'survey', fields: '[]', score_alerts: ARRAYS[3]! },
    {
      id: 'frm_instrument',
      name: 'PHQ-9',
      type: 'assessment',
      description: t(4),
      fields: '[]',
      instrument: '{"id":"phq9","edition":"2001"}',
    },
  ].map((f, i) =>
    insert('clinical_forms', { ...f, created_at: at(10 + i), updated_at: at(20 + i) }),
  ),
  insert('form_answered_fields', { form_id: 'frm_answered', field_id: 'q1', type: 'text' }),
  ...[
    { id: 'ser_count', end_count: 3, remind_after_days: 2, message: t(3) },
    { id: 'ser_until', end_until: '2026-12-31', cancelled_at: at(41) },
    { id: 'ser_empty', end_count: 2, interval_unit: 'day', language: 'ca' },
  ].map((s, i) =>
    insert('form_schedule_series', {
      form_id: 'frm_plain',
      patient_id: 'pat_2',
      channel: 'email',
      language: 'es',
      interval_unit: 'week',
      interval_count: 2,
      occurrences: 3,
      starts_at: at(30),
      created_at: at(30 + i),
      ...s,
    }),
  ),
  ...[
    { id: 'sch_pending', status: 'pending', message: null, credits_consumed: 0 },
    { id: 'sch_sent', status: 'sent', message: t(1), sent_at: at(51), token_hash: 'hash_sent' },
    {
      id: 'sch_failed',
      status: 'failed',
      failed_at: at(52),
      failure_reason: t(2),
      credits_refunded: 1,
    },
    {
      id: 'sch_completed',
      status: 'completed',
      completed_at: at(53),
      response_id: 'resp_1',
      sent_at: at(50),
      token_hash: 'hash_done',
    },
    { id: 'sch_cancelled', status: 'cancelled', cancelled_at: at(54), credits_refunded: 0 },
    {
      id: 'sch_s1',
      status: 'sent',
      sent_at: at(55),
      token_hash: 'hash_s1',
      series_id: 'ser_count',
      series_index: 1,
      remind_after_days: 2,
      reminded_at: at(56),
    },
    {
      id: 'sch_s2',
      status: 'failed',
      failed_at: at(57),
      failure_reason: 'invalid number',
      series_id: 'ser_count',
      series_index: 2,
    },
    { id: 'sch_s2_retry', status: 'pending', series_id: 'ser_count', series_index: 2 },
    { id: 'sch_s3', status: 'cancelled', cancelled_at: at(58), series_id: 'ser_until' },
  ].map((s, i) =>
    insert('form_schedules', {
      form_id: 'frm_plain',
      patient_id: `pat_${(i % 7) + 1}`,
      channel: i % 2 ? 'email' : 'whatsapp',
      language: ['es', 'ca', 'en'][i % 3]!,
      scheduled_at: at(40 + i),
      credits_consumed: 1 + i * 1_000_000_000,
      created_at: at(40 + i),
      updated_at: at(60 + i),
      ...s,
    }),
  ),
  ['UPDATE form_schedules SET retry_of = ? WHERE id = ?', ['sch_s2', 'sch_s2_retry']],
  ['UPDATE form_schedules SET retried_by = ? WHERE id = ?', ['sch_s2_retry', 'sch_s2']],
  insert('form_responses', {
    id: 'resp_1',
    form_id: 'frm_plain',
    patient_id: 'pat_1',
    schedule_id: 'sch_completed',
    responses: '[{"fieldId":"q1","value":"Sí, \\"molt\\"\\n","score":2.5}]',
    completed_at: at(53),
  }),
  insert('form_responses', {
    id: 'resp_2',
    form_id: 'frm_responses',
    patient_id: 'pat_2',
    responses: ARRAYS[2]!,
    completed_at: at(70),
  }),
  insert('outbox', {
    id: 'out_1',
    channel: 'email',
    transport: 'smtp',
    to_address: `${t(0)} <nuria@example.org>`,
    subject: t(1),
    body: t(2),
    html: '<p>hi</p>',
    link: 'https://desk.example/f/abc?x=1&y=2',
    schedule_id: 'sch_sent',
    patient_id: 'pat_1',
    created_at: at(71),
  }),
  insert('outbox', {
    id: 'out_2',
    channel: 'whatsapp',
    transport: 'outbox',
    to_address: '+34612345678',
    body: t(4),
    created_at: at(72),
  }),
  ...[
    { id: 'conv_active', status: 'active', message_count: 1, context: t(0) },
    {
      id: 'conv_ended',
      status: 'ended',
      message_count: 2_147_483_648,
      context: t(1),
      escalated_at: at(81),
      ended_at: at(82),
      end_reason: 'closed',
    },
    {
      id: 'conv_idle',
      status: 'ended',
      message_count: 3,
      context: t(5),
      ended_at: at(83),
      end_reason: 'inactivity',
    },
  ].map((c, i) =>
    insert('conversations', {
      patient_id: 'pat_3',
      language: 'ca',
      credits_consumed: 10 + i,
      last_message_at: at(80 + i),
      created_at: at(80 + i),
      updated_at: at(85 + i),
      ...c,
    }),
  ),
  ...[
    { id: 'msg_1', role: 'assistant', content: t(0) },
    { id: 'msg_2', role: 'patient', content: t(3), escalated: 1, metadata: OBJECTS[1]! },
    { id: 'msg_3', role: 'assistant', content: t(5), metadata: OBJECTS[2]! },
  ].map((m, i) =>
    insert('conversation_messages', {
      conversation_id: 'conv_ended',
      created_at: at(90 + i),
      ...m,
    }),
  ),
  ...[
    { id: 'call_queued', status: 'queued' },
    { id: 'call_ringing', status: 'ringing', ringing_at: at(101) },
    {
      id: 'call_talking',
      status: 'in-progress',
      ringing_at: at(101),
      answered_at: at(102),
      transcript: '[]',
      duration: 30,
    },
    {
      id: 'call_done',
      status: 'completed',
      ringing_at: at(101),
      answered_at: at(102),
      completed_at: at(103),
      transcript: '[{"speaker":"patient","text":"Bé"}]',
      summary: t(1),
      duration: 125,
      credits_consumed: 5,
      metadata: OBJECTS[3]!,
    },
    { id: 'call_failed', status: 'failed', failed_at: at(104), failure_reason: 'busy' },
  ].map((c, i) =>
    insert('calls', {
      patient_id: 'pat_4',
      phone: '+34612345678',
      purpose: t(i),
      language: 'en',
      created_at: at(100 + i),
      updated_at: at(110 + i),
      ...c,
    }),
  ),
  insert('webhooks', {
    id: 'wh_active',
    url: 'https://hooks.example/in?a=1&b="2"',
    events: '["patient.created","form.completed"]',
    secret: 'whsec_1',
    status: 'active',
    stats_since: at(120),
    created_at: at(120),
    updated_at: at(121),
  }),
  insert('webhooks', {
    id: 'wh_disabled',
    url: 'http://127.0.0.1:9/hooks',
    events: ARRAYS[2]!,
    secret: 'whsec_2',
    status: 'disabled',
    disabled_at: at(122),
    disabled_reason: t(1),
    stats_since: at(122),
    created_at: at(122),
    updated_at: at(123),
  }),
  insert('events', {
    id: 'evt_1',
    type: 'patient.created',
    data: OBJECTS[1]!,
    created_at: at(124),
  }),
  insert('events', { id: 'evt_2', type: 'form.completed', data: '"x"', created_at: at(125) }),
  insert('webhook_deliveries', {
    webhook_id: 'wh_active',
    event_id: 'evt_1',
    event_type: 'patient.created',
    status: 'pending',
    next_attempt_at: at(130),
    created_at: at(126),
    updated_at: at(126),
  }),
  insert('webhook_deliveries', {
    webhook_id: 'wh_disabled',
    event_id: 'evt_2',
    event_type: 'form.completed',
    status: 'failed',
    attempt_count: 4,
    failed_at: at(131),
    failure_reason: 'webhook_disabled',
    created_at: at(126),
    updated_at: at(131),
  }),
  ...[
    { id: 'att_1', succeeded: 1, status_code: 200, response_body: t(1), duration_ms: 12 },
    {
      id: 'att_2',
      succeeded: 0,
      status_code: -1,
      error: 'http_error',
      error_detail: t(2),
      duration_ms: 9_007_199_254_740_991,
      trigger: 'manual',
    },
    { id: 'att_3', succeeded: 0, error: 'timeout', duration_ms: 0 },
  ].map((a, i) =>
    insert('webhook_attempts', {
      webhook_id: 'wh_active',
      event_id: 'evt_1',
      trigger: 'automatic',
      url: 'https://hooks.example/in',
      request_headers: i ? OBJECTS[3]! : '{"x-signature":"t=1,v1=abc"}',
      attempted_at: at(132 + i),
      ...a,
    }),
  ),
  insert('notifications', {
    id: 'ntf_1',
    kind: 'webhook_disabled',
    data: OBJECTS[1]!,
    created_at: at(140),
  }),
  insert('notifications', {
    id: 'ntf_2',
    kind: t(1),
    data: '{}',
    created_at: at(141),
    read_at: at(142),
  }),
  ...[
    { id: 'alr_open', state: 'open', source_id: 'conv_active', signs: '["fever"]' },
    {
      id: 'alr_ack',
      state: 'acknowledged',
      source_id: 'conv_ended',
      acknowledged_at: at(151),
      acknowledged_by: '{"type":"desk","name":"Núria"}',
      acknowledge_note: t(2),
    },
    {
      id: 'alr_ack_bare',
      state: 'acknowledged',
      source_id: 'conv_idle',
      acknowledged_at: at(152),
      acknowledged_by: OBJECTS[2]!,
    },
    {
      id: 'alr_resolved',
      state: 'resolved',
      source_type: 'call',
      source_id: 'call_done',
      priority: 'review',
      detail: OBJECTS[1]!,
      acknowledged_at: at(153),
      acknowledged_by: '{"type":"api_key","id":"key_1"}',
      resolved_at: at(154),
      resolved_by: '{"type":"desk"}',
      resolve_note: t(4),
    },
  ].map((a, i) =>
    insert('alerts', {
      patient_id: 'pat_5',
      source_type: 'conversation',
      priority: 'urgent',
      reason_code: 'escalated',
      reason: t(i) || 'reason',
      raised_at: at(150),
      updated_at: at(155 + i),
      ...a,
    }),
  ),
  insert('patient_notes', {
    id: 'note_1',
    patient_id: 'pat_6',
    text: t(1),
    author: t(0),
    created_by: '{"type":"desk"}',
    created_at: at(160),
  }),
  insert('patient_notes', {
    id: 'note_2',
    patient_id: 'pat_6',
    text: t(4),
    author: 'Dr. Puig',
    created_by: OBJECTS[3]!,
    created_at: at(161),
  }),
  ...[
    { id: 'aud_desk', actor_type: 'desk', actor_name: t(0), channel: 'window' },
    {
      id: 'aud_key',
      actor_type: 'api_key',
      actor_id: 'key_1',
      actor_name: t(1),
      channel: 'api',
      count: 9_223_372_036_854_775_807n,
      action: 'patients.exported',
    },
    { id: 'aud_cli', actor_type: 'cli', actor_name: t(2), channel: 'cli', count: 0 },
  ].map((a, i) =>
    insert('audit_events', {
      at: at(170 + i),
      action: 'patient.viewed',
      resource_type: 'patient',
      resource_id: 'pat_1',
      patient_id: 'pat_1',
      ...a,
    }),
  ),
  insert('credit_ledger', {
    id: 'led_1',
    kind: 'grant',
    amount: 500,
    balance_after: 500,
    reason: 'monthly allowance',
    created_at: at(180),
  }),
  insert('sandbox_audit', {
    id: 'sbx_1',
    at: at(181),
    action: 'enabled',
    source: 'cli',
    patients: 7,
  }),
];

/** Every generated JSON column (and the view's), keyed for a stable order. */
const RENDERINGS: Array<[table: string, key: string, column: string]> = [
  ['patients', 'id', 'api_json'],
  ['clinical_forms', 'id', 'api_json'],
  ['form_schedules', 'id', 'api_json'],
  ['form_schedules', 'id', 'resource_json'],
  ['form_responses', 'id', 'api_json'],
  ['outbox', 'id', 'api_json'],
  ['conversations', 'id', 'api_json'],
  ['conversation_messages', 'id', 'api_json'],
  ['calls', 'id', 'api_json'],
  ['webhooks', 'id', 'api_json'],
  ['webhook_attempts', 'id', 'api_json'],
  ['notifications', 'id', 'api_json'],
  ['alerts', 'id', 'api_json'],
  ['patient_notes', 'id', 'api_json'],
  ['audit_events', 'id', 'api_json'],
  ['form_schedule_series_view', 'id', 'api_json'],
];

/**
 * For each table: a valid row (rolled back after) and rows that break one CHECK each. Together
 * they must trip every CHECK constraint PostgreSQL has (asserted by constraint name).
 */
const CHECK_CASES: Array<{ table: string; before?: Step[]; valid: Row; bad: Row[] }> = [
  {
    table: 'patients',
    valid: { ...patients[0]!, id: 'pat_chk', created_at: at(10_000) },
    bad: [{ status: 'gone' }, { tags: '{}' }, { metadata: '[]' }],
  },
  {
    table: 'patient_counts',
    before: [['DELETE FROM patient_counts']],
    valid: { status: 'active', n: 0 },
    bad: [{ status: 'archived' }, { n: -1 }],
  },
  {
    table: 'events',
    valid: { id: 'evt_chk', type: 'x', data: '[1]', created_at: at(1) },
    bad: [{ data: '{"a":1' }],
  },
  {
    table: 'jobs',
    valid: { id: 'job_chk', kind: 'x', due_at: at(1), created_at: at(1) },
    bad: [{ payload: 'nope' }, { status: 'waiting' }],
  },
  {
    table: 'credit_account',
    valid: {
      id: 1,
      plan: 'starter',
      monthly_allowance: 100,
      allowance_balance: 60,
      topup_balance: 40,
      balance: 100,
      period_start: at(1),
      resets_at: at(2),
      updated_at: at(1),
    },
    bad: [
      { id: 2 },
      { plan: 'free' },
      { monthly_allowance: -1 },
      { allowance_balance: -1, balance: 39 },
      { topup_balance: -1, balance: 59 },
      { allowance_balance: 0, topup_balance: -1, balance: -1 },
      { low_armed: 2 },
      { balance: 99 },
    ],
  },
  {
    table: 'credit_ledger',
    valid: {
      id: 'led_chk',
      kind: 'consume',
      amount: -1,
      balance_after: 0,
      reason: 'x',
      created_at: at(1),
    },
    bad: [{ kind: 'gift' }, { balance_after: -1 }],
  },
  {
    table: 'idempotency_keys',
    valid: {
      credential_id: 'key_1',
      key: 'k',
      method: 'POST',
      path: '/patients',
      request_hash: 'h',
      state: 'done',
      created_at: at(1),
      expires_at: at(2),
    },
    bad: [{ state: 'lost' }],
  },
  {
    table: 'clinical_forms',
    valid: {
      id: 'frm_chk',
      name: 'x',
      type: 'survey',
      fields: '[]',
      instrument: '{}',
      created_at: at(1),
      updated_at: at(1),
    },
    bad: [
      { type: 'quiz' },
      { status: 'deleted' },
      { fields: '{}' },
      { score_alerts: '{}' },
      { instrument: '[]' },
      { instrument: 'phq9' },
    ],
  },
  {
    table: 'form_schedules',
    valid: {
      id: 'sch_chk',
      form_id: 'frm_plain',
      patient_id: 'pat_1',
      channel: 'email',
      language: 'en',
      status: 'pending',
      scheduled_at: at(1),
      credits_consumed: 1,
      created_at: at(1),
      updated_at: at(1),
    },
    bad: [
      { channel: 'sms' },
      { language: 'fr' },
      { status: 'lost' },
      { credits_consumed: -1 },
      { credits_refunded: -1 },
      { status: 'sent', sent_at: at(2) },
      { status: 'failed', failed_at: at(2) },
      { status: 'cancelled' },
      { status: 'completed', completed_at: at(2) },
      { series_index: 0 },
      { remind_after_days: 0 },
    ],
  },
  {
    table: 'form_responses',
    valid: {
      id: 'resp_chk',
      form_id: 'frm_plain',
      patient_id: 'pat_1',
      responses: '[]',
      completed_at: at(1),
    },
    bad: [{ responses: '{}' }],
  },
  {
    table: 'outbox',
    valid: {
      id: 'out_chk',
      channel: 'email',
      transport: 'outbox',
      to_address: 'a@b',
      body: 'x',
      created_at: at(1),
    },
    bad: [{ channel: 'fax' }, { transport: 'pigeon' }],
  },
  {
    table: 'conversations',
    valid: {
      id: 'conv_chk',
      patient_id: 'pat_1',
      context: 'x',
      language: 'es',
      status: 'active',
      message_count: 1,
      credits_consumed: 10,
      last_message_at: at(1),
      created_at: at(1),
      updated_at: at(1),
    },
    bad: [
      { language: 'de' },
      { status: 'paused' },
      { message_count: 0 },
      { credits_consumed: -1 },
      { status: 'ended', ended_at: at(2), end_reason: 'bored' },
      { status: 'ended', ended_at: at(2) },
      { ended_at: at(2), end_reason: 'closed' },
    ],
  },
  {
    table: 'conversation_messages',
    valid: {
      id: 'msg_chk',
      conversation_id: 'conv_active',
      role: 'patient',
      content: 'x',
      created_at: at(1),
    },
    bad: [{ role: 'system' }, { escalated: 2 }, { metadata: '[]' }],
  },
  {
    table: 'calls',
    valid: {
      id: 'call_chk',
      patient_id: 'pat_1',
      phone: '1',
      purpose: 'x',
      language: 'es',
      status: 'queued',
      created_at: at(1),
      updated_at: at(1),
    },
    bad: [
      { language: 'it' },
      { status: 'lost' },
      { duration: -1 },
      { credits_consumed: -1 },
      { failure_reason: 'bored' },
      { transcript: '{}' },
      { metadata: '[]' },
      { status: 'ringing' },
      { status: 'in-progress', answered_at: at(2) },
      { status: 'completed', completed_at: at(2), transcript: '[]' },
      { status: 'failed', failed_at: at(2), failure_reason: 'busy', duration: 3 },
    ],
  },
  {
    table: 'webhooks',
    valid: {
      id: 'wh_chk',
      url: 'https://x',
      events: '[]',
      secret: 's',
      status: 'active',
      stats_since: at(1),
      created_at: at(1),
      updated_at: at(1),
    },
    bad: [{ events: '"all"' }, { status: 'paused' }, { status: 'disabled', disabled_at: at(2) }],
  },
  {
    table: 'webhook_deliveries',
    valid: {
      webhook_id: 'wh_disabled',
      event_id: 'evt_1',
      event_type: 'x',
      status: 'delivered',
      delivered_at: at(2),
      created_at: at(1),
      updated_at: at(1),
    },
    bad: [
      { status: 'lost', delivered_at: null },
      { attempt_count: 5 },
      { status: 'failed', failed_at: at(2), failure_reason: 'bored', delivered_at: null },
      { next_attempt_at: at(3) },
      { failed_at: at(2), failure_reason: 'retries_exhausted' },
      { delivered_at: null },
    ],
  },
  {
    table: 'webhook_attempts',
    valid: {
      id: 'att_chk',
      webhook_id: 'wh_active',
      event_id: 'evt_1',
      trigger: 'manual',
      succeeded: 1,
      url: 'https://x',
      request_headers: '{}',
      duration_ms: 0,
      attempted_at: at(1),
    },
    bad: [
      { trigger: 'cron' },
      { succeeded: 2, error: 'timeout' },
      { succeeded: 0, error: 'dns' },
      { request_headers: '[]' },
      { duration_ms: -1 },
      { error: 'timeout' },
    ],
  },
  {
    table: 'notifications',
    valid: { id: 'ntf_chk', kind: 'x', data: '{}', created_at: at(1) },
    bad: [{ data: '[]' }],
  },
  {
    table: 'receiver_requests',
    valid: {
      name: 'r',
      received_at: at(1),
      headers: '{}',
      body: '',
      body_size: 0,
      body_truncated: 0,
      verdict: 'unknown_webhook',
      answered: 200,
    },
    bad: [
      { headers: '[]' },
      { body_size: -1 },
      { body_truncated: 2 },
      { verdict: 'fine' },
      { answered: 600 },
      { verdict: 'verified' },
    ],
  },
  {
    table: 'alerts',
    valid: {
      id: 'alr_chk',
      patient_id: 'pat_1',
      source_type: 'call',
      source_id: 'call_chk',
      priority: 'review',
      reason_code: 'x',
      reason: 'x',
      raised_at: at(1),
      updated_at: at(1),
    },
    bad: [
      { source_type: 'email' },
      { priority: 'low' },
      { reason: '' },
      { signs: '{}' },
      { detail: '[]' },
      { state: 'snoozed', acknowledged_at: at(2), acknowledged_by: '{}' },
      { acknowledged_at: at(2), acknowledged_by: '[]', state: 'acknowledged' },
      {
        state: 'resolved',
        acknowledged_at: at(2),
        acknowledged_by: '{}',
        resolved_at: at(3),
        resolved_by: '[]',
      },
      { state: 'acknowledged' },
      // (Acknowledged without `acknowledged_by` renders a NULL api_json, refused before CHECKs.)
      { acknowledged_by: '{}' },
      { state: 'resolved', acknowledged_at: at(2), acknowledged_by: '{}' },
      { resolved_by: '{}' },
    ],
  },
  {
    table: 'sandbox_audit',
    valid: { id: 'sbx_chk', at: at(1), action: 'reset_demo', source: 'api', patients: 0 },
    bad: [{ action: 'wiped' }, { source: 'mail' }, { patients: -1 }],
  },
  {
    table: 'patient_notes',
    valid: {
      id: 'note_chk',
      patient_id: 'pat_1',
      text: 'x',
      author: 'y',
      created_by: '{}',
      created_at: at(1),
    },
    bad: [{ text: '   ' }, { author: '' }, { created_by: '"desk"' }],
  },
  {
    table: 'chat_links',
    valid: {
      token_hash: 'a'.repeat(64),
      conversation_id: 'conv_active',
      channel: 'email',
      outbox_id: 'out_1',
      created_at: at(1),
    },
    bad: [{ token_hash: 'a'.repeat(63) }, { channel: 'sms' }, { outbox_id: null }],
  },
  {
    table: 'form_schedule_series',
    valid: {
      id: 'ser_chk',
      form_id: 'frm_plain',
      patient_id: 'pat_1',
      channel: 'email',
      language: 'es',
      interval_unit: 'day',
      interval_count: 1,
      end_count: 2,
      occurrences: 2,
      starts_at: at(1),
      created_at: at(1),
    },
    bad: [
      { channel: 'sms' },
      { language: 'pt' },
      { interval_unit: 'month' },
      { interval_count: 0 },
      { end_count: 1 },
      { occurrences: 1 },
      { remind_after_days: 0 },
      { end_until: '2027-01-01' },
    ],
  },
  {
    table: 'audit_events',
    valid: {
      id: 'aud_chk',
      at: at(1),
      actor_type: 'desk',
      actor_name: 'x',
      channel: 'window',
      action: 'patient.viewed',
      resource_type: 'patient',
      resource_id: 'p',
      patient_id: 'p',
    },
    bad: [
      { actor_type: 'robot' },
      { actor_id: 'key_1' },
      { actor_name: '' },
      { channel: 'fax' },
      { action: 'viewed' },
      { resource_type: 'Patient' },
      { resource_id: 'r'.repeat(65) },
      { patient_id: 'p'.repeat(65) },
      { count: -1 },
    ],
  },
];

const validRow = (table: string) => CHECK_CASES.find((c) => c.table === table)!.valid;

/** Values at the edges of a CHECK, where two spellings of one rule could part ways. */
const EDGE_CASES: Array<{ table: string; base: Row; values: Row[] }> = [
  {
    table: 'audit_events',
    base: validRow('audit_events'),
    values: [
      ...[
        'a.b',
        'a.',
        '.a',
        'A.b',
        'a.B',
        'é.a',
        'a\n.b',
        'ab',
        'a.b\n',
        'a..b',
        'a-b.c_d',
        'a.1',
      ].map((action) => ({ action })),
      { action: `a.${'b'.repeat(62)}` },
      { action: `a.${'b'.repeat(63)}` },
      ...['patient', 'p', 'Patient', '', 'p\n', '1p', 'é', 'p_1'].map((resource_type) => ({
        resource_type,
      })),
      { actor_name: '😀'.repeat(200) },
      { actor_name: '😀'.repeat(201) },
      { actor_name: 'é'.repeat(200) },
      { resource_id: '日'.repeat(64) },
      { resource_id: '日'.repeat(65) },
      { actor_type: 'api_key', actor_id: '' },
    ],
  },
  {
    table: 'patient_notes',
    base: validRow('patient_notes'),
    values: ['', ' ', '\t', '\n', '\u00a0', ' x '].map((text) => ({ text })),
  },
  {
    table: 'alerts',
    base: validRow('alerts'),
    values: [{ reason: '' }, { reason: ' ' }, { reason: '😀' }],
  },
];

/** JSON texts json_valid and PostgreSQL's json parser must judge alike. */
const JSON_SAMPLES = [
  ...['', ' ', '1', '"x"', 'null', '[1] x', '{"a":1,"a":2}', '01', '[1,2', '{"a":1}{}'],
  ...['"\\ud800"', '"\\udc00"', '"\\u0000"', '"a\tb"', '[1]\n', ' {"a" : [1 , 2]} ', '-0'],
  ...['1E+2', '"\\x41"', '"\\/"', '1e5', '[[[[[]]]]]', '"😀"', '{"é":"ñ"}'],
  // JSON5, which SQLite's json_valid refuses too:
  ...['[1,]', '{a:1}', "'x'", '0x10', '.5', 'NaN', '/*c*/1', 'Infinity', '1.', '+1'],
];
/** JSON5 texts SQLite's json_type takes and PostgreSQL refuses (see the report of 0001). */
const JSON5_ONLY_SQLITE = ['[1,]', '[0x10]', '/*c*/[]', "['a']"];

const RETENTION_VALUES = [
  ...['1', '5', '9', '10', '19', '29', '30', '0', '31', '05', '5\n', ' 5', '5 ', '+5', '３'],
  ...['100', '', 'six', '2.5', '1e1', '-1', '٣'],
];

/** Years before now, as an ISO timestamp (for the retention guard, which reads the real clock). */
const yearsAgo = (years: number) =>
  new Date(Date.now() - years * 365.25 * 86_400_000).toISOString();

/** int8 as a JavaScript number, as the service's adapter reads it. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

describe.skipIf(!url)('the PostgreSQL migrations', () => {
  const database = `engage_desk_migrations_${randomBytes(6).toString('hex')}`;
  const databases = [database, `${database}_partial`, `${database}_suffixes`, `${database}_firsts`];
  let admin: pg.Client;
  let client: pg.Client;
  /** A second database, brought up a few migrations at a time with rows in between. */
  let partial: pg.Client;
  let sqliteDb: Db;
  let sqlite: Side;
  let postgres: Side;
  let linguisticDefault = false;

  const pgFiles = readdirSync(PG_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const pgSql = pgFiles.map((f) => readFileSync(join(PG_DIR, f), 'utf8'));

  const connect = async (name: string) => {
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: target.toString(), types });
    await c.connect();
    return c;
  };
  /** Applies files [from, to), each in a transaction of its own, as the adapter does. */
  const applyPostgres = async (c: pg.Client, from: number, to: number) => {
    for (const sql of pgSql.slice(from, to)) {
      await c.query('BEGIN');
      try {
        await c.query(sql);
        await c.query('COMMIT');
      } catch (error) {
        await c.query('ROLLBACK');
        throw error;
      }
    }
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of databases) {
      // A linguistic default collation where the server has ICU, so that text order matching
      // SQLite's is the schema's doing (COLLATE "C"), not the cluster's.
      try {
        await admin.query(
          `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US'`,
        );
        linguisticDefault = true;
      } catch {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
      }
    }
    client = await connect(databases[0]!);
    partial = await connect(databases[1]!);
    await applyPostgres(client, 0, pgSql.length);
    sqliteDb = openDb({ memory: true }).db;
    sqlite = sqliteSide(sqliteDb);
    postgres = postgresSide(client);
    for (const [sql, params = []] of FIXTURE) {
      sqliteDb.prepare(sql).run(...params);
      await client.query(dollars(sql), pgParams(params));
    }
  });

  afterAll(async () => {
    sqliteDb?.close();
    await client?.end();
    await partial?.end();
    if (admin) {
      for (const name of databases)
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  /** Runs the steps on each engine, undone after. */
  const both = async (steps: readonly Step[]) =>
    [await sqlite.attempt(steps), await postgres.attempt(steps)] as const;

  it('has one file per SQLite migration, with the same number and name', () => {
    expect(pgFiles).toEqual(
      migrations.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}.sql`),
    );
  });

  describe('catalogue', () => {
    const sqliteTables = () =>
      (
        sqliteDb
          .prepare(
            `SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view')
             AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
          )
          .all() as Array<{ name: string; type: 'table' | 'view' }>
      ).filter((r) => !FTS_TABLE.test(r.name));
    const sqliteBaseTables = () =>
      sqliteTables()
        .filter((r) => r.type === 'table')
        .map((r) => r.name);

    it('has the same tables and views', async () => {
      const pgTables = await postgres.rows(
        `SELECT relname AS name, CASE relkind WHEN 'v' THEN 'view' ELSE 'table' END AS type
         FROM pg_class WHERE relnamespace = current_schema()::regnamespace
         AND relkind IN ('r', 'v') ORDER BY relname COLLATE "C"`,
      );
      expect(pgTables.filter((r) => r.name !== SUFFIX_TABLE)).toEqual(sqliteTables());
    });

    it('has the same columns in the same order: types, nullability, defaults, generation', async () => {
      const sqliteColumns = sqliteTables().flatMap(({ name: table, type: kind }) => {
        const columns = sqliteDb.pragma(`table_xinfo(${table})`) as Array<{
          name: string;
          type: string;
          notnull: number;
          dflt_value: string | null;
          pk: number;
          hidden: number;
        }>;
        const keyColumns = columns.filter((c) => c.pk > 0).length;
        return columns.map((c) => ({
          table,
          column: c.name,
          // A view's computed column has no declared type; the view's api_json is text.
          type: { TEXT: 'text', INTEGER: 'bigint', '': 'text' }[c.type] ?? c.type,
          notNull: kind === 'table' && (c.notnull === 1 || c.pk > 0),
          default: c.dflt_value,
          identity: kind === 'table' && c.type === 'INTEGER' && c.pk === 1 && keyColumns === 1,
          generated: c.hidden === 2 || c.hidden === 3,
        }));
      });
      const pgColumns = (
        await postgres.rows<Record<string, string | null>>(
          `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity,
             is_generated
           FROM information_schema.columns WHERE table_schema = current_schema()
           ORDER BY table_name COLLATE "C", ordinal_position`,
        )
      )
        .filter((c) => c.table_name !== SUFFIX_TABLE)
        .map((c) => ({
          table: c.table_name,
          column: c.column_name,
          type: c.data_type,
          notNull: c.is_nullable === 'NO',
          default: c.column_default?.replace(/::text$/, '') ?? null,
          identity: c.is_identity === 'YES',
          generated: c.is_generated === 'ALWAYS',
        }));
      expect(pgColumns).toEqual(sqliteColumns);
    });

    it('has the same primary keys, unique constraints and indexes, partial and expression ones too', async () => {
      const sqliteKeys: string[] = [];
      for (const table of sqliteBaseTables()) {
        const pk = (sqliteDb.pragma(`table_xinfo(${table})`) as Array<{ name: string; pk: number }>)
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name);
        sqliteKeys.push(`${table} PRIMARY KEY (${pk.join(', ')})`);
        const indexes = sqliteDb.pragma(`index_list(${table})`) as Array<{
          name: string;
          unique: number;
          origin: 'c' | 'u' | 'pk';
          partial: number;
        }>;
        for (const index of indexes.filter((i) => i.origin !== 'pk')) {
          const sql = sqliteDb
            .prepare(`SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?`)
            .pluck()
            .get(index.name) as string | null;
          const listed = sql ? indexColumns(sql) : [];
          const columns = (
            sqliteDb.pragma(`index_xinfo(${index.name})`) as Array<{
              name: string | null;
              desc: number;
              key: number;
            }>
          )
            .filter((c) => c.key === 1)
            .map((c, i) => `${c.name ?? normalSql(listed[i]!)}${c.desc ? ' DESC' : ''}`);
          const where = index.partial
            ? ` WHERE ${normalSql(/\bWHERE\b([\s\S]*)$/i.exec(sql!)![1]!)}`
            : '';
          const label = index.origin === 'c' ? `${index.name}: ` : '';
          sqliteKeys.push(
            `${label}${table} ${index.unique ? 'UNIQUE ' : ''}(${columns.join(', ')})${where}`,
          );
        }
      }
      const pgIndexes = await postgres.rows<{
        table: string;
        name: string;
        unique: boolean;
        primary: boolean;
        options: number[];
        predicate: string | null;
        constraint: string | null;
        columns: string[];
      }>(
        `SELECT c.relname AS table, i.relname AS name, x.indisunique AS unique,
           x.indisprimary AS primary, x.indoption::int2[] AS options,
           pg_get_expr(x.indpred, x.indrelid) AS predicate,
           (SELECT contype FROM pg_constraint WHERE conindid = x.indexrelid
             AND conrelid = x.indrelid AND contype IN ('p', 'u')) AS constraint,
           ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true)
             FROM generate_series(1, x.indnkeyatts) k) AS columns
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
         WHERE c.relnamespace = current_schema()::regnamespace AND i.relname <> ?`,
        [TRIGRAM_INDEX],
      );
      const pgKeys = pgIndexes
        .filter((x) => x.table !== SUFFIX_TABLE)
        .map((x) => {
          const columns = x.columns.map(
            (c, i) => `${/^\w+$/.test(c) ? c : normalSql(c)}${x.options[i]! & 1 ? ' DESC' : ''}`,
          );
          if (x.primary) return `${x.table} PRIMARY KEY (${columns.join(', ')})`;
          const label = x.constraint ? '' : `${x.name}: `;
          const where = x.predicate ? ` WHERE ${normalSql(x.predicate)}` : '';
          return `${label}${x.table} ${x.unique ? 'UNIQUE ' : ''}(${columns.join(', ')})${where}`;
        });
      expect(pgKeys.sort()).toEqual(sqliteKeys.sort());
    });

    it('has the same foreign keys', async () => {
      const sqliteKeys = sqliteBaseTables().flatMap((table) => {
        const rows = sqliteDb.pragma(`foreign_key_list(${table})`) as Array<{
          id: number;
          table: string;
          from: string;
          to: string;
          on_delete: string;
          on_update: string;
        }>;
        return [...new Set(rows.map((r) => r.id))].map((id) => {
          const parts = rows.filter((r) => r.id === id);
          const { table: parent, on_delete, on_update } = parts[0]!;
          const from = parts.map((r) => r.from).join(', ');
          const to = parts.map((r) => r.to).join(', ');
          return `${table} (${from}) -> ${parent} (${to}) ON DELETE ${on_delete} ON UPDATE ${on_update}`;
        });
      });
      const action: Record<string, string> = { a: 'NO ACTION', c: 'CASCADE', r: 'RESTRICT' };
      const pgKeys = (
        await postgres.rows<{
          table: string;
          parent: string;
          on_delete: string;
          on_update: string;
          from: string[];
          to: string[];
        }>(
          `SELECT conrelid::regclass::text AS table, confrelid::regclass::text AS parent,
             confdeltype AS on_delete, confupdtype AS on_update,
             ARRAY(SELECT attname::text FROM unnest(conkey) WITH ORDINALITY k (n, o) JOIN pg_attribute
               ON attrelid = conrelid AND attnum = k.n ORDER BY k.o) AS from,
             ARRAY(SELECT attname::text FROM unnest(confkey) WITH ORDINALITY k (n, o) JOIN pg_attribute
               ON attrelid = confrelid AND attnum = k.n ORDER BY k.o) AS to
           FROM pg_constraint WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
        )
      ).map(
        (k) =>
          `${k.table} (${k.from.join(', ')}) -> ${k.parent} (${k.to.join(', ')}) ` +
          `ON DELETE ${action[k.on_delete]!} ON UPDATE ${action[k.on_update]!}`,
      );
      expect(pgKeys.sort()).toEqual(sqliteKeys.sort());
    });

    it('has as many CHECK constraints on each table', async () => {
      const sqliteChecks = Object.fromEntries(
        sqliteBaseTables().map((table) => {
          const sql = sqliteDb
            .prepare(`SELECT sql FROM sqlite_schema WHERE name = ?`)
            .pluck()
            .get(table) as string;
          return [table, sql.replace(/--[^\n]*/g, '').match(/\bCHECK\s*\(/gi)?.length ?? 0];
        }),
      );
      const pgChecks = Object.fromEntries(
        (
          await postgres.rows<{ name: string; n: number }>(
            `SELECT c.relname AS name, count(k.oid) AS n FROM pg_class c
             LEFT JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'c'
             WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
             GROUP BY c.relname`,
          )
        )
          .filter((r) => r.name !== SUFFIX_TABLE)
          .map((r) => [r.name, r.n]),
      );
      expect(pgChecks).toEqual(sqliteChecks);
    });

    it('has the same triggers, on the same events, each for every row', async () => {
      const event = (sql: string) => {
        const m =
          /\b(BEFORE|AFTER)\s+(INSERT|UPDATE|DELETE)(?:\s+OF\s+([\w\s,]+?))?\s+ON\s+(?:\w+\.)?(\w+)/i.exec(
            sql,
          )!;
        const of = m[3] ? ` OF ${m[3].replace(/\s+/g, ' ').trim()}` : '';
        return `${m[1]!.toUpperCase()} ${m[2]!.toUpperCase()}${of} ON ${m[4]}`;
      };
      const sqliteTriggers = (
        sqliteDb
          .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'`)
          .all() as Array<{
          name: string;
          sql: string;
        }>
      )
        .filter((r) => !FTS_TRIGGERS.has(r.name))
        .map((r) => `${r.name}: ${event(r.sql)} FOR EACH ROW`);
      const pgTriggers = (
        await postgres.rows<{ name: string; def: string; row: boolean }>(
          // TRUNCATE guards (0017) are PostgreSQL's own: SQLite has no TRUNCATE.
          `SELECT tgname AS name, pg_get_triggerdef(oid) AS def, (tgtype & 1) = 1 AS row
           FROM pg_trigger WHERE NOT tgisinternal AND (tgtype & 32) = 0`,
        )
      )
        .filter((r) => !SUFFIX_TRIGGERS.has(r.name))
        .map((r) => `${r.name}: ${event(r.def)}${r.row ? ' FOR EACH ROW' : ''}`);
      expect(pgTriggers.sort()).toEqual(sqliteTriggers.sort());
    });

    it('compares text byte by byte as SQLite does, whatever the database default', async () => {
      const collations = await postgres.rows<{ column: string; collation: string | null }>(
        `SELECT table_name || '.' || column_name AS column, collation_name AS collation
         FROM information_schema.columns JOIN information_schema.tables USING (table_schema, table_name)
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND data_type = 'text'`,
      );
      expect(collations.length).toBeGreaterThan(200);
      expect(collations.filter((c) => c.collation !== 'C')).toEqual([]);
      const keys = ['a b', 'ab', 'B', 'a', 'Z', '_x', 'é', 'e', 'f', '10', '9', 'a-b', 'É', '😀'];
      const order = (side: Side) =>
        side.attempt([
          ...keys.map((key): Step => [
            'INSERT INTO settings (key, value) VALUES (?, ?)',
            [key, 'v'],
          ]),
          ['SELECT key FROM settings ORDER BY key'],
        ]);
      const expected = await order(sqlite);
      expect(await order(postgres)).toEqual(expected);
      if (linguisticDefault) {
        // The database's own order is another: the test would tell a column left without "C".
        const own = await client.query('SELECT k AS key FROM unnest($1::text[]) k ORDER BY k', [
          keys,
        ]);
        expect(own.rows).not.toEqual(expected.ok && expected.rows);
      }
    });
  });

  describe('generated JSON', () => {
    it('quotes every string as SQLite json_quote does, character by character', async () => {
      const samples: string[] = [];
      for (let c = 1; c < 0x800; c++) samples.push(String.fromCodePoint(c));
      samples.push('😀', '\u2028', '\u2029', '\ufeff', '\uffff', String.fromCodePoint(0x10ffff));
      samples.push('a"b\\c/d', TRICKY.join('|'));
      const quote = sqliteDb.prepare('SELECT json_quote(?)').pluck();
      const expected = samples.map((s) => quote.get(s));
      const got = await client.query<{ v: string }>(
        'SELECT engage_json_text(s) AS v FROM unnest($1::text[]) WITH ORDINALITY u (s, n) ORDER BY n',
        [samples],
      );
      expect(got.rows.map((r) => r.v)).toEqual(expected);
      expect(await postgres.rows('SELECT engage_json_text(NULL) AS v')).toEqual(
        await sqlite.rows('SELECT json_quote(NULL) AS v'),
      );
    });

    it.each(RENDERINGS)('%s.%s is the same text on both engines', async (table, key, column) => {
      const sql = `SELECT ${key} AS key, ${column} AS json FROM ${table} ORDER BY ${key}`;
      const expected = await sqlite.rows<{ key: string; json: string | null }>(sql);
      expect(expected.length).toBeGreaterThan(1);
      for (const row of expected) if (row.json !== null) JSON.parse(row.json);
      expect(await postgres.rows(sql)).toEqual(expected);
    });
  });

  describe('CHECK constraints', () => {
    it('refuse the same rows on both engines, and each of them refuses one', async () => {
      const tripped = new Set<string>();
      for (const { table, before = [], valid, bad } of CHECK_CASES) {
        const [a, b] = await both([...before, insert(table, valid)]);
        expect({ table, sqlite: a, postgres: b.ok }).toEqual({
          table,
          sqlite: { ok: true, rows: [] },
          postgres: true,
        });
        for (const change of bad) {
          const [x, y] = await both([...before, insert(table, { ...valid, ...change })]);
          expect({ table, change, sqlite: x.ok, postgres: y.ok }).toEqual({
            table,
            change,
            sqlite: false,
            postgres: false,
          });
          if (!y.ok && y.constraint) tripped.add(y.constraint);
        }
      }
      const checks = await postgres.rows<{ name: string }>(
        `SELECT conname AS name FROM pg_constraint
         WHERE contype = 'c' AND connamespace = current_schema()::regnamespace`,
      );
      expect(checks.length).toBeGreaterThan(100);
      expect(checks.map((c) => c.name).filter((name) => !tripped.has(name))).toEqual([]);
    });

    it.each(EDGE_CASES)('agree at the edges: $table', async ({ table, base, values }) => {
      const seen = new Set<boolean>();
      for (const change of values) {
        const [a, b] = await both([insert(table, { ...base, ...change })]);
        expect({ change, postgres: b.ok }).toEqual({ change, postgres: a.ok });
        seen.add(a.ok);
      }
      expect(seen).toEqual(new Set([true, false]));
    });

    it('agree on what is valid JSON and what is an array', async () => {
      for (const data of JSON_SAMPLES) {
        const [a, b] = await both([
          insert('events', { id: 'evt_json', type: 'x', data, created_at: at(1) }),
        ]);
        expect({ data, postgres: b.ok }).toEqual({ data, postgres: a.ok });
        if (JSON5_ONLY_SQLITE.includes(data)) continue;
        const tags = { ...validRow('patients'), tags: data };
        const [c, d] = await both([insert('patients', tags)]);
        expect({ tags: data, postgres: d.ok }).toEqual({ tags: data, postgres: c.ok });
      }
    });

    it('part where SQLite alone takes JSON5 (json_type) or refuses nesting deeper than 1000', async () => {
      for (const tags of JSON5_ONLY_SQLITE) {
        const [a, b] = await both([insert('patients', { ...validRow('patients'), tags })]);
        expect({ tags, sqlite: a.ok, postgres: b.ok }).toEqual({
          tags,
          sqlite: true,
          postgres: false,
        });
      }
      for (const depth of [1000, 1001]) {
        const data = '['.repeat(depth) + ']'.repeat(depth);
        const [a, b] = await both([insert('events', { ...validRow('events'), data })]);
        expect({ depth, sqlite: a.ok, postgres: b.ok }).toEqual({
          depth,
          sqlite: depth <= 1000,
          postgres: true,
        });
      }
    });
  });

  describe('triggers', () => {
    const update = (table: string, set: string, id: string, params: Param[] = []): Step => [
      `UPDATE ${table} SET ${set} WHERE id = ?`,
      [...params, id],
    ];
    const remove = (table: string, id: string): Step => [`DELETE FROM ${table} WHERE id = ?`, [id]];
    const retention = (years: string): Step => [
      `INSERT INTO settings (key, value) VALUES ('audit_retention_years', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [years],
    ];
    const last = patients.at(-1)!;
    const TIME_ORDER = 'patients must be inserted in (created_at, id) order';
    const CREATED = "a patient's seq, id and created_at never change";
    const FORM_IN_USE = 'forms with deliveries or responses are kept: archive them instead';
    const INSTRUMENT = 'a validated instrument keeps its edition, instruction and type';
    const FORWARD = 'an alert only moves forward: open, acknowledged, resolved';
    const NOTE = 'a note is kept as written: add another to correct it';
    const SANDBOX = 'the sandbox audit is kept as written';
    const LEDGER = 'credit_ledger is append-only';
    const PURGE = 'audit_events is append-only: only events past the retention period are purged';
    const RETENTION_KEPT = 'audit_retention_years is kept: set another period instead';
    const RETENTION_RANGE = 'audit_retention_years must be a whole number of years from 1 to 30';

    const CASES: Array<[label: string, steps: Step[], expected: string]> = [
      [
        'patient after the last',
        [insert('patients', { ...last, id: 'pat_z', created_at: at(9) })],
        'ok',
      ],
      [
        'patient before the last',
        [insert('patients', { ...last, id: 'pat_z', created_at: at(0) })],
        TIME_ORDER,
      ],
      [
        'patient at the same time, smaller id',
        [insert('patients', { ...last, id: 'pat_0' })],
        TIME_ORDER,
      ],
      ['patient at the same time, larger id', [insert('patients', { ...last, id: 'pat_9' })], 'ok'],
      ['patient id set', [update('patients', 'id = id', 'pat_1')], CREATED],
      ['patient seq set', [update('patients', 'seq = seq', 'pat_1')], CREATED],
      ['patient created_at set', [update('patients', 'created_at = ?', 'pat_1', [at(5)])], CREATED],
      ['patient renamed', [update('patients', 'first_name = ?', 'pat_1', ['Ana'])], 'ok'],
      [
        'patient deleted',
        [remove('patients', 'pat_1')],
        'patients are kept: set status to inactive instead',
      ],
      [
        'patient counts follow inserts and status changes',
        [
          insert('patients', { ...last, id: 'pat_z', created_at: at(9), status: 'inactive' }),
          update('patients', "status = 'inactive'", 'pat_1'),
          update('patients', "status = 'inactive'", 'pat_1'),
          update('patients', "status = 'active', first_name = 'x'", 'pat_4'),
          ['SELECT status, n FROM patient_counts ORDER BY status'],
        ],
        'ok',
      ],
      ['unused form deleted', [remove('clinical_forms', 'frm_unused')], 'ok'],
      ['form with deliveries deleted', [remove('clinical_forms', 'frm_plain')], FORM_IN_USE],
      [
        'form with answered fields deleted',
        [remove('clinical_forms', 'frm_answered')],
        FORM_IN_USE,
      ],
      ['form with responses deleted', [remove('clinical_forms', 'frm_responses')], FORM_IN_USE],
      [
        'instrument described',
        [update('clinical_forms', "description = 'x'", 'frm_instrument')],
        INSTRUMENT,
      ],
      [
        'instrument retyped',
        [update('clinical_forms', "type = 'survey'", 'frm_instrument')],
        INSTRUMENT,
      ],
      [
        'instrument dropped',
        [update('clinical_forms', 'instrument = NULL', 'frm_instrument')],
        INSTRUMENT,
      ],
      [
        'instrument swapped',
        [update('clinical_forms', `instrument = '{"id":"gad7"}'`, 'frm_instrument')],
        INSTRUMENT,
      ],
      [
        'instrument renamed',
        [update('clinical_forms', "name = 'x', instrument = instrument", 'frm_instrument')],
        'ok',
      ],
      [
        'plain form described',
        [update('clinical_forms', "description = 'd', type = 'survey'", 'frm_plain')],
        'ok',
      ],
      [
        'plain form made an instrument',
        [update('clinical_forms', `instrument = '{"id":"x"}'`, 'frm_plain')],
        'ok',
      ],
      ['schedule deleted', [remove('form_schedules', 'sch_pending')], 'schedules are kept'],
      [
        'schedule cancelled',
        [
          update('form_schedules', "status = 'cancelled', cancelled_at = ?", 'sch_pending', [
            at(9),
          ]),
        ],
        'ok',
      ],
      [
        'response changed',
        [update('form_responses', 'completed_at = completed_at', 'resp_1')],
        'form responses are clinical records and never change',
      ],
      [
        'response deleted',
        [remove('form_responses', 'resp_1')],
        'form responses are clinical records and are kept',
      ],
      ['conversation deleted', [remove('conversations', 'conv_active')], 'conversations are kept'],
      [
        'conversation ended',
        [
          update(
            'conversations',
            "status = 'ended', ended_at = ?, end_reason = 'closed'",
            'conv_active',
            [at(9)],
          ),
        ],
        'ok',
      ],
      [
        'message changed',
        [update('conversation_messages', "content = 'x'", 'msg_1')],
        'messages never change',
      ],
      ['message deleted', [remove('conversation_messages', 'msg_1')], 'messages are kept'],
      ['call deleted', [remove('calls', 'call_queued')], 'calls are kept'],
      ['ledger changed', [update('credit_ledger', 'reason = reason', 'led_1')], LEDGER],
      ['ledger deleted', [remove('credit_ledger', 'led_1')], LEDGER],
      [
        'alert deleted',
        [remove('alerts', 'alr_open')],
        'alerts are kept: acknowledge or resolve them instead',
      ],
      [
        'open alert acknowledged',
        [
          update(
            'alerts',
            "state = 'acknowledged', acknowledged_at = ?, acknowledged_by = '{}'",
            'alr_open',
            [at(9)],
          ),
          ['SELECT state, priority FROM alerts ORDER BY id'],
        ],
        'ok',
      ],
      [
        'open alert reprioritised',
        [update('alerts', "priority = 'review', signs = '[]'", 'alr_open')],
        'ok',
      ],
      [
        'acknowledged alert reopened',
        [
          update(
            'alerts',
            "state = 'open', acknowledged_at = NULL, acknowledged_by = NULL",
            'alr_ack',
          ),
        ],
        FORWARD,
      ],
      [
        'resolved alert unresolved',
        [
          update(
            'alerts',
            "state = 'acknowledged', resolved_at = NULL, resolved_by = NULL",
            'alr_resolved',
          ),
        ],
        FORWARD,
      ],
      [
        'acknowledged alert reprioritised',
        [update('alerts', "priority = 'review'", 'alr_ack')],
        FORWARD,
      ],
      [
        'acknowledged alert given signs',
        [update('alerts', `signs = '["cough"]'`, 'alr_ack_bare')],
        FORWARD,
      ],
      ['alert id changed', [update('alerts', "id = 'alr_new'", 'alr_open')], FORWARD],
      ['alert patient changed', [update('alerts', "patient_id = 'pat_1'", 'alr_open')], FORWARD],
      [
        'alert source type changed',
        [update('alerts', "source_type = 'call'", 'alr_open')],
        FORWARD,
      ],
      ['alert source changed', [update('alerts', "source_id = 'x'", 'alr_open')], FORWARD],
      ['alert raised again', [update('alerts', 'raised_at = updated_at', 'alr_open')], FORWARD],
      [
        'acknowledged alert resolved',
        [
          update('alerts', "state = 'resolved', resolved_at = ?, resolved_by = '{}'", 'alr_ack', [
            at(9),
          ]),
        ],
        'ok',
      ],
      ['resolved alert noted', [update('alerts', "resolve_note = 'n'", 'alr_resolved')], 'ok'],
      ['sandbox audit changed', [update('sandbox_audit', 'patients = 0', 'sbx_1')], SANDBOX],
      ['sandbox audit deleted', [remove('sandbox_audit', 'sbx_1')], SANDBOX],
      ['note changed', [update('patient_notes', "text = 'x'", 'note_1')], NOTE],
      ['note deleted', [remove('patient_notes', 'note_1')], NOTE],
      ['series deleted', [remove('form_schedule_series', 'ser_empty')], 'series are kept'],
      [
        'series cancelled',
        [update('form_schedule_series', 'cancelled_at = ?', 'ser_empty', [at(9)])],
        'ok',
      ],
      [
        'audit event changed',
        [update('audit_events', 'count = 1', 'aud_cli')],
        'audit_events is append-only',
      ],
      ...(
        [
          [0.01, null, PURGE],
          [5, null, PURGE],
          [7, null, 'ok'],
          [2, '1', 'ok'],
          [2, '3', PURGE],
          [29, '30', PURGE],
          [31, '30', 'ok'],
        ] as const
      ).map(([age, years, expected]): [string, Step[], string] => [
        `audit event ${age} years old deleted, ${years ?? 'default 6'} years kept`,
        [
          ...(years ? [retention(years)] : []),
          insert('audit_events', { ...validRow('audit_events'), id: 'aud_old', at: yearsAgo(age) }),
          remove('audit_events', 'aud_old'),
        ],
        expected,
      ]),
      [
        'retention setting deleted',
        [retention('6'), ["DELETE FROM settings WHERE key = 'audit_retention_years'"]],
        RETENTION_KEPT,
      ],
      [
        'retention setting renamed',
        [retention('6'), ["UPDATE settings SET key = 'x' WHERE key = 'audit_retention_years'"]],
        RETENTION_KEPT,
      ],
      [
        'retention setting renamed and out of range at once (both guards trip: the same one answers)',
        [
          retention('6'),
          ["UPDATE settings SET key = key, value = '99' WHERE key = 'audit_retention_years'"],
        ],
        RETENTION_KEPT,
      ],
      ['retention upserted out of range', [retention('6'), retention('0')], RETENTION_RANGE],
      [
        'retention upserted in range',
        [retention('6'), retention('12'), ['SELECT * FROM settings']],
        'ok',
      ],
      [
        'other settings come and go',
        [
          ["INSERT INTO settings (key, value) VALUES ('other', '99')"],
          ["UPDATE settings SET key = 'other2', value = '0' WHERE key = 'other'"],
          ["DELETE FROM settings WHERE key = 'other2'"],
        ],
        'ok',
      ],
      [
        'a webhook deleted takes its deliveries and attempts with it',
        [
          remove('webhooks', 'wh_active'),
          [
            `SELECT (SELECT count(*) FROM webhook_deliveries) AS deliveries,
               (SELECT count(*) FROM webhook_attempts) AS attempts`,
          ],
        ],
        'ok',
      ],
    ];

    it.each(CASES)('%s', async (_label, steps, expected) => {
      const [a, b] = await both(steps);
      if (expected === 'ok') {
        expect(a).toMatchObject({ ok: true });
        expect(b).toEqual(a);
      } else {
        expect(a).toMatchObject({ ok: false, message: expected });
        expect(b).toMatchObject({ ok: false, message: expected });
      }
    });

    it('keep the retention period a whole number of years from 1 to 30, as SQLite does', async () => {
      const taken: string[] = [];
      for (const value of RETENTION_VALUES) {
        const inserted = await both([retention(value)]);
        const updated = await both([
          retention('6'),
          ["UPDATE settings SET value = ? WHERE key = 'audit_retention_years'", [value]],
        ]);
        expect({ value, inserted: inserted[1].ok, updated: updated[1].ok }).toEqual({
          value,
          inserted: inserted[0].ok,
          updated: updated[0].ok,
        });
        if (inserted[0].ok && updated[0].ok) taken.push(value);
      }
      expect(taken).toEqual(['1', '5', '9', '10', '19', '29', '30']);
    });

    it("count retention years back as SQLite's date functions do (29 February less a year is 1 March)", async () => {
      const dates = [
        '2024-02-29T10:20:30.123Z',
        '2028-02-29T00:00:00.000Z',
        '2025-03-31T00:00:00.000Z',
      ];
      dates.push(
        '2024-12-31T23:59:59.999Z',
        '2000-01-01T00:00:00.000Z',
        '2026-08-31T12:00:00.500Z',
      );
      const back = sqliteDb
        .prepare(`SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || ? || ' years')`)
        .pluck();
      for (const when of dates) {
        for (const years of [1, 4, 6, 29, 30]) {
          const [got] = await postgres.rows<{ v: string }>(
            'SELECT engage_years_before(?::timestamp, ?::integer) AS v',
            [when.slice(0, -1), years],
          );
          expect({ when, years, got: got!.v }).toEqual({ when, years, got: back.get(when, years) });
        }
      }
    });
  });

  describe('keys', () => {
    it('refuse the same duplicates and dangling references, partial unique indexes included', async () => {
      const update = (table: string, set: string, id: string): Step => [
        `UPDATE ${table} SET ${set} WHERE id = ?`,
        [id],
      ];
      const acknowledged = { state: 'acknowledged', acknowledged_at: at(1), acknowledged_by: '{}' };
      const cases: Array<[Step, boolean]> = [
        [
          insert('alerts', {
            ...validRow('alerts'),
            source_type: 'conversation',
            source_id: 'conv_active',
          }),
          false,
        ],
        [
          insert('alerts', {
            ...validRow('alerts'),
            source_type: 'conversation',
            source_id: 'conv_ended',
          }),
          true,
        ],
        [
          insert('alerts', {
            ...validRow('alerts'),
            ...acknowledged,
            source_type: 'conversation',
            source_id: 'conv_active',
          }),
          true,
        ],
        [update('form_schedules', "retry_of = 'sch_s2'", 'sch_pending'), false],
        [update('form_schedules', "retry_of = 'sch_failed'", 'sch_pending'), true],
        [update('form_schedules', "token_hash = 'hash_sent'", 'sch_pending'), false],
        [update('form_schedules', "retry_of = 'sch_404'", 'sch_pending'), false],
        [insert('patients', { ...validRow('patients'), id: 'pat_1' }), false],
        [
          insert('form_answered_fields', { form_id: 'frm_answered', field_id: 'q1', type: 'x' }),
          false,
        ],
        [
          insert('form_answered_fields', { form_id: 'frm_answered', field_id: 'q2', type: 'x' }),
          true,
        ],
        [insert('form_answered_fields', { form_id: 'frm_404', field_id: 'q2', type: 'x' }), false],
        [
          insert('webhook_deliveries', {
            ...validRow('webhook_deliveries'),
            webhook_id: 'wh_active',
          }),
          false,
        ],
        [
          insert('webhook_deliveries', { ...validRow('webhook_deliveries'), event_id: 'evt_404' }),
          false,
        ],
        [insert('webhook_attempts', { ...validRow('webhook_attempts'), event_id: 'evt_2' }), false],
        [insert('form_schedules', { ...validRow('form_schedules'), patient_id: 'pat_404' }), false],
        [insert('chat_links', { ...validRow('chat_links'), outbox_id: 'out_404' }), false],
        [insert('response_reads', { response_id: 'resp_1', read_at: at(1) }), true],
        [insert('response_reads', { response_id: 'resp_404', read_at: at(1) }), false],
      ];
      for (const [step, ok] of cases) {
        const [a, b] = await both([step]);
        expect({ step, sqlite: a.ok, postgres: b.ok }).toEqual({ step, sqlite: ok, postgres: ok });
      }
    });
  });

  it('checks a new patient against the newest on the index, never by reading the table (0016)', async () => {
    const last = patients.at(-1)!;
    const scans = async () =>
      (
        await client.query<{ seq_scan: number; idx_scan: number }>(
          `SELECT seq_scan::int AS seq_scan, idx_scan::int AS idx_scan
           FROM pg_stat_xact_user_tables WHERE relname = 'patients'`,
        )
      ).rows[0]!;
    await client.query('BEGIN');
    try {
      // The plan a connection keeps for the check after a few inserts: a generic one. 0001's
      // check read the whole table under it for every new patient.
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      // The view also holds this connection's counts not yet flushed to the shared statistics
      // (PostgreSQL 15 flushes them at most once a second, between transactions): the setup's
      // scans, when the test starts within that second. Within one transaction nothing is
      // flushed, so what the inserts did is the difference.
      const before = await scans();
      for (let i = 0; i < 20; i++) {
        const [sql, params] = insert('patients', {
          ...last,
          id: `pat_zz${String(i).padStart(3, '0')}`,
          created_at: at(100 + i),
        });
        await client.query(dollars(sql), pgParams(params));
      }
      const after = await scans();
      expect(after.seq_scan - before.seq_scan).toBe(0);
      expect(after.idx_scan - before.idx_scan).toBeGreaterThanOrEqual(20);
    } finally {
      await client.query('ROLLBACK');
    }
  });

  describe('TRUNCATE (0017)', () => {
    /** The tables whose rows refuse deletes: a BEFORE DELETE row trigger. */
    const deleteGuarded = async () =>
      (
        await postgres.rows<{ name: string }>(
          `SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
           WHERE NOT t.tgisinternal AND (t.tgtype & 1) = 1 AND (t.tgtype & 2) = 2
             AND (t.tgtype & 8) = 8 ORDER BY 1`,
        )
      ).map((r) => r.name);
    const counts = async (tables: readonly string[]) =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => {
            const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
            return [table, rows[0].n as number] as const;
          }),
        ),
      );
    /** Runs `sql` in a transaction rolled back after: the error's message, or null. */
    const refusal = async (sql: string) => {
      await client.query('BEGIN');
      try {
        await client.query(sql);
        return null;
      } catch (error) {
        return (error as Error).message;
      } finally {
        await client.query('ROLLBACK');
      }
    };

    it('is refused on every table whose rows refuse deletes, saying why', async () => {
      const guarded = await deleteGuarded();
      expect(guarded).toEqual(
        expect.arrayContaining(['credit_ledger', 'audit_events', 'patients']),
      );
      for (const table of guarded)
        expect(await refusal(`TRUNCATE ${table} CASCADE`), table).toMatch(/kept|append-only/);
    });

    it('empties no guarded table through a cascade from another one', async () => {
      const guarded = await deleteGuarded();
      const before = await counts(guarded);
      const tables = (
        await postgres.rows<{ name: string }>(
          `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
        )
      )
        .map((r) => r.name)
        .filter((t) => !guarded.includes(t));
      for (const table of tables) {
        await client.query('BEGIN');
        try {
          await client.query(`TRUNCATE ${table} CASCADE`).catch(() => undefined);
          expect(await counts(guarded), table).toEqual(before);
        } finally {
          await client.query('ROLLBACK');
        }
      }
    });

    it('lets the sandbox reset empty the clinic’s tables, never the trails it keeps', async () => {
      const reset = `SELECT set_config('engage.clinic_reset', 'on', true);
        TRUNCATE ${CLINIC_TABLES.join(', ')}`;
      expect(await refusal(reset)).toBeNull();
      expect(await refusal(`TRUNCATE ${CLINIC_TABLES.join(', ')}`)).not.toBeNull();
      for (const kept of ['audit_events', 'sandbox_audit', 'settings'])
        expect(
          await refusal(
            `SELECT set_config('engage.clinic_reset', 'on', true); TRUNCATE ${kept} CASCADE`,
          ),
          kept,
        ).toMatch(/kept|append-only/);
    });
  });

  describe('data migrations', () => {
    it('0009 gives sandbox:write to keys holding every permission, in the text SQLite writes', async () => {
      const every = ['patients:read', 'patients:write', 'forms:read', 'schedules:write'];
      every.push('conversations:write', 'calls:write', 'credits:read', 'webhooks:write');
      const keys: Row[] = [
        { id: 'key_all', permissions: JSON.stringify(every) },
        {
          id: 'key_spaced',
          permissions: ` [ ${every.map((p) => JSON.stringify(p)).join(' , ')} ] `,
        },
        { id: 'key_twice', permissions: JSON.stringify([...every, 'patients:read']) },
        { id: 'key_some', permissions: JSON.stringify(every.slice(1)) },
        { id: 'key_none', permissions: '[]' },
      ].map((k, i) => ({
        ...k,
        name: t(i),
        key_hash: `hash_${i}`,
        hint: 'sk_…',
        created_at: at(i),
      }));

      const lite = new Database(':memory:');
      migrate(lite, migrations.slice(0, 8));
      for (const key of keys)
        lite.prepare(insert('api_keys', key)[0]).run(...insert('api_keys', key)[1]!);
      migrate(lite);
      const expected = lite.prepare('SELECT id, permissions FROM api_keys ORDER BY id').all();
      lite.close();

      await applyPostgres(partial, 0, 8);
      for (const key of keys) {
        await partial.query(
          dollars(insert('api_keys', key)[0]),
          pgParams(insert('api_keys', key)[1]),
        );
      }
      await applyPostgres(partial, 8, 10);
      const got = await partial.query('SELECT id, permissions FROM api_keys ORDER BY id');
      expect(got.rows).toEqual(expected);
      expect(got.rows.filter((k) => k.permissions.endsWith(',"sandbox:write"]'))).toHaveLength(3);
    });

    it('0011 refuses a PostgreSQL database that already has patients (their fold is JavaScript)', async () => {
      const { sort_name: _sortName, ...patient } = patients[0]!;
      await partial.query(
        dollars(insert('patients', patient)[0]),
        pgParams(insert('patients', patient)[1]),
      );
      await expect(applyPostgres(partial, 10, 11)).rejects.toThrow(
        /cannot fold the sort names of existing patients/,
      );
      const sortName = await partial.query(
        `SELECT 1 FROM information_schema.columns WHERE column_name = 'sort_name'`,
      );
      expect(sortName.rowCount).toBe(0);
    });
  });

  describe('search', () => {
    /** 3,000 patients with distinct search texts (ids after the prefix), created at `minute`. */
    const manyPatients = (prefix: string, minute: number): Step => [
      `INSERT INTO patients (id, first_name, last_name, status, created_at, updated_at, search_text)
       SELECT ? || lpad(n::text, 5, '0'), 'F', 'L', 'active', ?, ?,
         md5(n::text) || chr(10) || 'mail' || n || '@example.org' || chr(10) || n
       FROM generate_series(1, 3000) n`,
      [prefix, at(minute), at(minute)],
    ];

    /** A patient written straight into a database brought up part of the way, by its text. */
    const withSearchText = (
      c: pg.Client,
      id: string,
      status: string,
      minute: number,
      searchText: string,
    ) =>
      c.query(
        `INSERT INTO patients (id, first_name, last_name, status, created_at, updated_at, search_text, sort_name)
         VALUES ($1, 'F', 'L', $2, $3, $3, $4, 'l f')`,
        [id, status, at(minute), searchText],
      );

    it('answers a substring search on patients.search_text from the trigram index', async () => {
      const outcome = await postgres.attempt([
        manyPatients('pat_bulk_', 20_000),
        ['ANALYZE patients'],
        ['SET LOCAL enable_seqscan = off'],
        [
          `EXPLAIN (FORMAT JSON) SELECT seq FROM patients
           WHERE search_text LIKE '%' || ? || '%' ESCAPE '\\'`,
          ['mail2999@'],
        ],
      ]);
      expect(outcome.ok && JSON.stringify(outcome.rows)).toContain(
        `"Index Name":"${TRIGRAM_INDEX}"`,
      );
      const [index] = await postgres.rows<{ def: string }>(
        'SELECT pg_get_indexdef(?::regclass) AS def',
        [TRIGRAM_INDEX],
      );
      expect(index!.def).toContain('USING gin (search_text gin_trgm_ops)');
    });

    it('0021 keeps no histogram of the search text for a LIKE to be run over', async () => {
      // Analyzed with patients in it: the id, unique like the search text, has its histogram,
      // the search text two bounds, under the ten PostgreSQL's pattern estimate needs to read one.
      const outcome = await postgres.attempt([
        manyPatients('pat_stats_', 30_000),
        ['ANALYZE patients'],
        [
          `SELECT attname AS column, array_length(histogram_bounds::text::text[], 1) AS bounds
           FROM pg_stats WHERE tablename = 'patients' AND attname IN ('search_text', 'id')
           ORDER BY attname`,
        ],
      ]);
      expect(outcome.ok && outcome.rows).toEqual([
        { column: 'id', bounds: expect.any(Number) as number },
        { column: 'search_text', bounds: expect.any(Number) as number },
      ]);
      const [id, text] = outcome.ok ? (outcome.rows as Array<{ bounds: number }>) : [];
      expect(id!.bounds).toBeGreaterThan(10);
      expect(text!.bounds).toBeLessThan(10);
    });

    it('0019 keeps only the longest suffixes of each patient, rebuilt from those 0018 wrote', async () => {
      const texts = [
        'sergio martinez llopis\nsergio.martinez7@example.com\n34605850938',
        'ana maria\n\n',
        'marta martin\nmmartin@example.org\n612',
        'nuria gal·la ñu\n\n34612345678',
        'xoquin vazquez-xoquer\n\n',
      ];
      const old = await connect(`${database}_suffixes`);
      try {
        await applyPostgres(old, 0, 18);
        for (const [i, text] of texts.entries())
          await withSearchText(old, `pat_sfx_${i}`, i === 2 ? 'inactive' : 'active', i, text);
        const rows = () =>
          old.query<{ id: string; suffix: string; status: string }>(
            `SELECT p.id, s.suffix, s.status FROM patient_search_suffixes s JOIN patients p USING (seq)
             ORDER BY p.id, s.suffix`,
          );
        // 0018 wrote every suffix: `nez` beside `nez7`, `mar` beside `maria` and `martin`.
        expect((await rows()).rows.some((r) => r.suffix === 'nez')).toBe(true);
        await applyPostgres(old, 18, 19);
        const expected = texts.flatMap((text, i) =>
          longestSuffixes(text).map((suffix) => ({
            id: `pat_sfx_${i}`,
            suffix,
            status: i === 2 ? 'inactive' : 'active',
          })),
        );
        expect((await rows()).rows).toEqual(expected);
        expect(expected.map((r) => r.suffix)).toEqual(
          expect.arrayContaining(['nez7', 'martinez7', 'maria', 'mmartin', '34605850938']),
        );
        expect(expected.map((r) => r.suffix)).not.toContain('nez');
        // The triggers of 0018 call the new function on both texts of an update: a changed
        // e-mail leaves `nez` to the name, and nothing of the old address behind.
        await old.query(
          `UPDATE patients SET search_text = 'sergio martinez llopis\nsergio@example.com\n' WHERE id = 'pat_sfx_0'`,
        );
        const sergio = (await rows()).rows.filter((r) => r.id === 'pat_sfx_0').map((r) => r.suffix);
        expect(sergio).toEqual(longestSuffixes('sergio martinez llopis\nsergio@example.com\n'));
        expect(sergio).toContain('nez');
      } finally {
        await old.end();
      }
    });

    it('0020 marks the first suffix of a patient a term starts, so a count of rows is a count of patients', async () => {
      // Words that share their beginnings with each other, a word twice, runs of digits that
      // repeat themselves: a term starts several suffixes of one patient.
      const texts = [
        'maria martinez marin\nmaria.martinez7@example.com\n34612612612',
        'ana anabel annabel\n\n',
        'sergio sergio serrano\nsergio@example.org\n',
        'xoquin vazquez-xoquer\n\n600600600',
        'bo li\n\n',
      ];
      const firsts = await connect(`${database}_firsts`);
      try {
        await applyPostgres(firsts, 0, 19);
        const insert = (i: number, text: string) =>
          withSearchText(firsts, `pat_first_${i}`, 'active', i, text);
        for (const [i, text] of texts.slice(0, 4).entries()) await insert(i, text);
        await applyPostgres(firsts, 19, 20);
        // Written after 0020, through its trigger, and one changed through the update trigger.
        await insert(4, texts[4]!);
        texts[3] = 'xoquin vazquez\nxvazquez@example.com\n';
        await firsts.query('UPDATE patients SET search_text = $1 WHERE id = $2', [
          texts[3],
          'pat_first_3',
        ]);
        const { rows } = await firsts.query<{ id: string; suffix: string; shared: number }>(
          `SELECT p.id, s.suffix, s.shared_prefix AS shared
           FROM patient_search_suffixes s JOIN patients p USING (seq) ORDER BY p.id, s.suffix`,
        );
        expect(rows).toEqual(
          texts.flatMap((text, i) =>
            suffixFirsts(text).map(({ suffix, shared }) => ({
              id: `pat_first_${i}`,
              suffix,
              shared,
            })),
          ),
        );
        expect(rows.some((r) => r.shared > 3)).toBe(true);
        // Every term the table answers that these patients hold: as many rows sharing less than
        // its length as patients hold it, the count the service asks for.
        const terms = new Set(
          rows.flatMap((r) =>
            Array.from({ length: r.suffix.length - 2 }, (_, k) => r.suffix.slice(0, k + 3)),
          ),
        );
        for (const term of terms) {
          const to = term.slice(0, -1) + String.fromCharCode(term.charCodeAt(term.length - 1) + 1);
          const {
            rows: [count],
          } = await firsts.query<{ n: number }>(
            `SELECT count(*) AS n FROM patient_search_suffixes
             WHERE suffix >= $1 AND suffix < $2 AND shared_prefix < $3`,
            [term, to, term.length],
          );
          const holding = texts.filter((text) =>
            text.split(/[^a-z0-9]+/).some((run) => run.includes(term)),
          );
          expect({ term, n: count!.n }).toEqual({ term, n: holding.length });
        }
        expect(terms.size).toBeGreaterThan(150);
      } finally {
        await firsts.end();
      }
    });

    it('finds the same patients by substring as SQLite does', async () => {
      const sql = `SELECT id FROM patients WHERE search_text LIKE '%' || ? || '%' ESCAPE '\\' ORDER BY seq`;
      for (const query of ['nú', 'gal·la', '612345', 'o\'brien "the', '\\\\', 'zzz']) {
        expect(await postgres.rows(sql, [query])).toEqual(await sqlite.rows(sql, [query]));
      }
    });
  });
});

/**
 * What migration 0019 keeps of a folded search text, written again here from its definition:
 * the suffixes of three characters or more of each run of a-z and 0-9, cut to twelve, without
 * those that begin a longer one; in byte order.
 */
function longestSuffixes(text: string): string[] {
  const all = new Set<string>();
  for (const run of text.split(/[^a-z0-9]+/))
    for (let i = 0; i + 3 <= run.length; i++) all.add(run.slice(i, i + 12));
  const kept = [...all].filter((s) => ![...all].some((o) => o !== s && o.startsWith(s)));
  return kept.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * What migration 0020 keeps beside each of those suffixes, written again here from its
 * definition: how many characters it shares with the suffix before it (byte order, the same
 * patient), as 0 below three.
 */
function suffixFirsts(text: string): Array<{ suffix: string; shared: number }> {
  return longestSuffixes(text).map((suffix, i, all) => {
    const previous = all[i - 1] ?? '';
    let shared = 0;
    while (shared < suffix.length && previous[shared] === suffix[shared]) shared++;
    return { suffix, shared: shared < 3 ? 0 : shared };
  });
}

/** SQL text compared across engines: no casts to text, no parentheses, one space, lower case. */
function normalSql(sql: string): string {
  return sql
    .replace(/::text/g, '')
    .replace(/[()]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The column list of a CREATE INDEX statement, split at its top-level commas. */
function indexColumns(sql: string): string[] {
  const start = sql.indexOf('(', sql.search(/\bON\b/i));
  const columns: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of sql.slice(start + 1)) {
    if (ch === '(') depth++;
    if (ch === ')' && depth-- === 0) break;
    if (ch === ',' && depth === 0) {
      columns.push(current.trim());
      current = '';
    } else current += ch;
  }
  columns.push(current.trim());
  return columns.map((c) => c.replace(/\s+(ASC|DESC)$/i, ''));
}
