/**
 * The service suites that run a second time on PostgreSQL (the `service-postgres` project in
 * vitest.config.ts). Issue 21 grows this list to every suite whose cores open in memory; the ones
 * on a data folder test the desk's SQLite files and stay SQLite's. ENGAGE_DESK_PG_SUITES (file
 * names, comma-separated) runs others instead, while their statements are being paired.
 */
const ON_POSTGRES: readonly string[] = [
  'alerts.test.ts',
  'builtin-assistant.test.ts',
  'change-feed.test.ts',
  'chat-page.test.ts',
  'clinical-forms.test.ts',
  'clock-and-jobs.test.ts',
  'conversations.test.ts',
  'credit-explained.test.ts',
  'credits-consumed-doc.test.ts',
  'demo-forms.test.ts',
  'engagement-operations.test.ts',
  'form-page.test.ts',
  'form-schedule-series.test.ts',
  'form-schedules.test.ts',
  'hardening-credits.test.ts',
  'hardening-idempotency.test.ts',
  'hardening-input.test.ts',
  'hardening-webhook-targets.test.ts',
  'idempotency.test.ts',
  'notifications.test.ts',
  'operations.test.ts',
  'patient-notes.test.ts',
  'patient-timeline.test.ts',
  'patients-sort-filters.test.ts',
  'patients-tag-filter.test.ts',
  'patients.test.ts',
  'permissions.test.ts',
  'response-inbox.test.ts',
  'responses-analysis.test.ts',
  'sandbox-events.test.ts',
  'security-ssrf.test.ts',
  'validated-instruments.test.ts',
  'voice-calls.test.ts',
  'web-bridge.test.ts',
  'webhook-receiver.test.ts',
  'write-topics.test.ts',
];

export const POSTGRES_SUITES: readonly string[] =
  process.env.ENGAGE_DESK_PG_SUITES?.split(',').filter(Boolean) ?? ON_POSTGRES;
