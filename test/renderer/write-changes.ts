import type { OperationName, Topic } from '../../src-preload/contract';

/**
 * What each write of the contract changes, as the service answers it (`changed`) in the ordinary
 * case: the in-memory bridge of the window's tests answers the same, so a screen refreshes after
 * its write as it does against the service. Not a declaration of the product (that is
 * src-main/service/changes/domain-topics.ts) but the fake's copy of what it produces, held to it
 * by test/service/write-changes-fixture.test.ts, which runs every operation on a real service.
 * An operation not listed is a read: it changes nothing.
 */
export const WRITE_CHANGES: Partial<Record<OperationName, Topic[]>> = {
  'patients.create': ['patients'],
  'patients.update': ['patients'],
  'patients.retag': ['patients'],
  'responses.mark': ['responses'],
  'patientImport.run': ['patients'],
  'notes.create': ['notes'],
  'forms.create': ['forms'],
  'forms.update': ['forms'],
  'forms.archive': ['forms'],
  'forms.restore': ['forms'],
  'forms.addInstrument': ['forms'],
  'forms.remove': ['forms'],
  'schedules.create': ['credits', 'schedules'],
  'schedules.cancel': ['credits', 'schedules'],
  'schedules.retry': ['credits', 'schedules'],
  'series.create': ['credits', 'schedules'],
  'series.cancel': ['credits', 'schedules'],
  'conversations.start': ['conversations', 'credits'],
  'conversations.send': ['conversations', 'credits'],
  'conversations.end': ['conversations'],
  'conversations.sendLink': ['conversations', 'outbox'],
  'calls.start': ['calls', 'credits'],
  'credits.topUp': ['credits'],
  'keys.create': ['keys'],
  'keys.revoke': ['keys'],
  'webhooks.create': ['webhooks'],
  'webhooks.update': ['webhooks'],
  'webhooks.retry': ['webhooks'],
  'webhooks.remove': ['webhooks'],
  'receiver.configure': ['receiver'],
  'receiver.clear': ['receiver'],
  'alerts.acknowledge': ['alerts'],
  'alerts.resolve': ['alerts'],
  'notifications.markRead': ['notifications'],
  'notifications.markAllRead': ['notifications'],
  'settings.update': ['settings'],
  // A backup records its outcome in the settings; so does a new folder.
  'backups.run': ['settings'],
  'backups.setFolder': ['settings'],
  // A clock advance changes the clock, and what the jobs it ran changed (none here: a minute).
  'sandbox.advance': ['clock'],
  'sandbox.reset': [
    'alerts',
    'calls',
    'clock',
    'conversations',
    'credits',
    'forms',
    'keys',
    'notes',
    'notifications',
    'outbox',
    'patients',
    'receiver',
    'responses',
    'schedules',
    'settings',
    'webhooks',
  ],
};
