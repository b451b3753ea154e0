import { describe, expect, it } from 'vitest';
import { operationNames, type OperationName, type Topic } from '../../src-preload/contract';
import { WRITE_CHANGES } from '../renderer/write-changes';
import { join } from 'node:path';
import { createOperations } from '../../src-main/service/operations';
import { serversClosedAfterEach, tempDataDir } from './helpers';
import { operationsOn } from './operation-harness';

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-22T09:00:00.000Z'));

/**
 * The window's unit tests run on an in-memory bridge, which answers each write with the topics
 * test/renderer/write-changes.ts says it changed, as the service does. This runs every write of
 * the contract on a real service (the demo clinic) and holds that file to what the service says,
 * so the fake cannot drift from it: a new write, or a write that changes something else, fails
 * here until the file says the same.
 */
describe('the in-memory bridge says what each write changes, as the service does', () => {
  it('every write of the contract changes what write-changes.ts says, and no read changes anything', async () => {
    const server = await newServer({ seed: 'demo' });
    const { ops } = operationsOn(server.service.core, server.url);
    const said = new Map<OperationName, Topic[]>();
    /** The first of `formIds` with responses. */
    async function withResponses(formIds: string[]): Promise<string> {
      for (const formId of formIds) {
        if ((await run('responses.list', { formId, limit: 1 })).data.length) return formId;
      }
      throw new Error('the demo clinic has no responses');
    }
    async function run<T = any>(name: OperationName, input?: unknown): Promise<T> {
      const result = await ops.run(name, input);
      if (!result.ok) throw new Error(`${name} refused: ${JSON.stringify(result.error)}`);
      // What the first call of each operation changed: the ordinary case the fake answers.
      if (!said.has(name)) said.set(name, result.changed ?? []);
      return result.value as T;
    }

    const patients = (await run('patients.list', { limit: 1 })).data as { id: string }[];
    const ana = patients[0]!.id;
    // A minute of the demo clinic's day, before anything of this test is due.
    await run('sandbox.advance', { seconds: 60 });
    const patient = await run('patients.create', {
      firstName: 'Aina',
      lastName: 'Vidal',
      email: 'aina.vidal@example.org',
      phone: '+34600111222',
    });
    await run('patients.update', { id: patient.id, patch: { lastName: 'Serra' } });
    const tagged = await run('patients.matching', { tag: 'diabetes', sort: 'name' });
    await run('patients.byIds', { ids: tagged.ids.slice(0, 3) });
    await run('patients.retag', { ids: [patient.id], add: ['seguimiento'] });
    await run('notes.create', { patientId: patient.id, text: 'Prefiere las tardes' });
    const inbox = await run('responses.inbox', { limit: 2 });
    await run('responses.mark', { ids: [inbox.data[0].id], read: true });
    await run('notes.list', { patientId: patient.id });

    const form = await run('forms.create', {
      name: 'Seguiment',
      fields: [{ id: 'pain', type: 'slider', label: 'Dolor', required: true, min: 0, max: 10 }],
    });
    await run('forms.update', { id: form.id, patch: { name: 'Seguiment setmanal' } });
    await run('forms.archive', { id: form.id });
    await run('forms.restore', { id: form.id });
    const instrument = await run('forms.addInstrument', { edition: 'phq9-es-us' });
    await run('forms.remove', { id: instrument.id });

    const later = await run('schedules.create', {
      formId: form.id,
      patientId: patient.id,
      channel: 'email',
      scheduledAt: '2026-11-29T09:00:00.000Z',
    });
    await run('schedules.cancel', { id: later.id });
    const series = await run('series.create', {
      formId: form.id,
      patientId: patient.id,
      channel: 'email',
      startsAt: '2026-11-29T09:00:00.000Z',
      recurrence: { interval: 'week', intervalCount: 2, count: 3 },
    });
    await run('series.get', { id: series.id });
    await run('series.cancel', { id: series.id });
    // The sandbox's invalid number fails a WhatsApp delivery when it falls due; it is retried
    // by e-mail.
    const unreachable = await run('patients.create', {
      firstName: 'Pol',
      lastName: 'Mas',
      email: 'pol.mas@example.org',
      phone: '+34600009999',
    });
    const failing = await run('schedules.create', {
      formId: form.id,
      patientId: unreachable.id,
      channel: 'whatsapp',
    });
    await run('sandbox.advance', { seconds: 1 });
    await run('schedules.retry', { id: failing.id, channel: 'email' });

    const chat = await run('conversations.start', {
      patientId: patient.id,
      context: 'Seguimiento',
    });
    await run('conversations.send', { id: chat.id, content: 'Hola, hoy estoy algo mejor' });
    await run('conversations.linkOptions', { id: chat.id });
    await run('conversations.sendLink', { id: chat.id, channel: 'email' });
    await run('conversations.end', { id: chat.id });
    // A warning sign in another chat raises an alert (acknowledged, then resolved, below).
    const worried = await run('conversations.start', { patientId: ana, context: 'Seguimiento' });
    await run('conversations.send', {
      id: worried.id,
      content: 'desde esta mañana me aprieta el pecho y me cuesta respirar',
    });
    await run('calls.start', { patientId: patient.id, purpose: 'Control tras la cirugía' });
    await run('credits.topUp', { amount: 100, reason: 'Recarga' });

    const key = await run('keys.create', { name: 'Desk', permissions: ['patients:read'] });
    await run('keys.revoke', { id: key.id });

    const hook = await run('webhooks.create', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['patient.created'],
    });
    await run('webhooks.update', { id: hook.id, patch: { events: ['patient.created'] } });
    await run('receiver.configure', { failing: true });
    await run('receiver.clear');

    const alerts = (await run('alerts.list', { state: 'open' })).data as { id: string }[];
    expect(alerts.length).toBeGreaterThan(0);
    await run('alerts.acknowledge', { id: alerts[0]!.id, note: 'Llamada hecha' });
    await run('alerts.resolve', { id: alerts[0]!.id });

    const notices = (await run('notifications.list', {})).data as { id: string }[];
    expect(notices.length).toBeGreaterThan(0);
    await run('notifications.markRead', { id: notices[0]!.id });
    await run('notifications.markAllRead');

    await run('developer.clearRequestLog');
    await run('settings.update', { clinicName: 'Clínica Sant Pau' });
    await run('settings.update', { auditRetentionYears: 8 });

    // A clock advance changes the clock, and what the jobs it ran changed: here the webhook's
    // attempts run out, which the retry then starts again.
    await server.service.core.patients.create({ firstName: 'Pau', lastName: 'Roca' });
    await run('sandbox.advance', { seconds: 3 * 3600 });
    await server.service.core.runner.idle();
    const failed = await run('webhooks.failedDeliveries');
    expect(failed).toHaveLength(1);
    await run('webhooks.retry', { id: hook.id, eventId: failed[0].eventId });
    await run('webhooks.get', { id: hook.id });
    await run('webhooks.deliveries', { id: hook.id });
    await run('webhooks.remove', { id: hook.id });

    // The reads, each once (they answer no `changed`).
    await run('app.info');
    await run('patients.get', { id: ana });
    await run('patients.tags');
    await run('patients.timeline', { id: ana });
    const forms = (await run('forms.list', {})).data as { id: string }[];
    await run('forms.get', { id: forms[0]!.id });
    await run('forms.preview', { definition: { name: 'Borrador', fields: [] } });
    await run('forms.instruments');
    const answered = await withResponses(forms.map((f) => f.id));
    const responses = (await run('responses.list', { formId: answered })).data as { id: string }[];
    await run('responses.get', { id: responses[0]!.id });
    await run('responses.recent', {});
    await run('responses.analysis', { formId: answered });
    await run('responses.exportCsv', { formId: answered, language: 'es' });
    const schedules = (await run('schedules.list', {})).data as { id: string }[];
    await run('schedules.get', { id: schedules[0]!.id });
    await run('schedules.upcoming', {});
    await run('schedules.calendar', {
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      timeZone: 'Europe/Madrid',
    });
    await run('outbox.list', {});
    const chats = (await run('conversations.list', {})).data as { id: string }[];
    await run('conversations.attention', {});
    await run('conversations.get', { id: chats[0]!.id });
    const calls = (await run('calls.list', {})).data as { id: string }[];
    await run('calls.get', { id: calls[0]!.id });
    await run('credits.balance');
    await run('credits.ledger', {});
    await run('credits.breakdown', {});
    await run('credits.usage');
    const file = Buffer.from('Nombre;Apellidos;Móvil\r\nRosa;Vila Pons;612 000 111\r\n').toString(
      'base64',
    );
    await run('patientImport.preview', { file });
    await run('patientImport.run', { file });
    await run('exports.patients', {});
    await run('exports.deliveries', {});
    await run('exports.calls', {});
    await run('exports.alerts', {});
    await run('exports.ledger', {});
    await run('credits.prices');
    await run('keys.list');
    await run('webhooks.list', {});
    await run('receiver.url', {});
    await run('receiver.list', {});
    const open = (await run('alerts.list', {})).data as { id: string }[];
    await run('alerts.get', { id: open[0]!.id });
    await run('alerts.counts');
    await run('alerts.ofPatient', { id: ana });
    // Reading the audit trail records nothing and changes nothing (reads record without telling).
    await run('audit.list', { patientId: ana });
    await run('audit.exportCsv', {});
    await run('audit.purgePreview', { years: 2 });
    await run('notifications.unreadCount');
    await run('developer.openapi');
    await run('developer.requestLog', {});
    await run('settings.get');
    await run('sandbox.clock');
    await run('sandbox.reset', { seed: 'demo' });

    // Settings > Data needs a database on disk, and a host for the folder dialog and the restore.
    const { dir, cleanup } = tempDataDir();
    try {
      const disk = await newServer({ seed: 'empty', dataDir: join(dir, 'data') });
      const restores: string[] = [];
      const onDisk = createOperations({
        core: disk.service.core,
        info: () => ({ apiBaseUrl: disk.url, version: 'test', mode: 'web' }),
        host: {
          chooseFolder: async () => dir,
          chooseArchive: async () => join(dir, 'clinic.engagedesk'),
          restore: (file) => void restores.push(file),
        },
      });
      const runOnDisk = async <T = any>(name: OperationName, input?: unknown): Promise<T> => {
        const result = await onDisk.run(name, input);
        if (!result.ok) throw new Error(`${name} refused: ${JSON.stringify(result.error)}`);
        if (!said.has(name)) said.set(name, result.changed ?? []);
        return result.value as T;
      };
      await runOnDisk('backups.status');
      await runOnDisk('backups.chooseFolder');
      await runOnDisk('backups.setFolder', { folder: dir });
      const made = await runOnDisk('backups.run');
      await runOnDisk('backups.list');
      await runOnDisk('backups.inspect', { file: made.file });
      await runOnDisk('backups.restore', { file: made.file });
      // Moving the clinic: an export writes a file, an import is a restore; neither says a topic.
      const archive = { file: join(dir, 'clinic.engagedesk'), passphrase: 'una frase de paso' };
      await runOnDisk('archives.chooseExportFile');
      await runOnDisk('archives.chooseImportFile');
      await runOnDisk('archives.export', archive);
      await runOnDisk('archives.inspect', archive);
      await runOnDisk('archives.import', archive);
    } finally {
      cleanup();
    }

    // Every operation of the contract was run (a new one fails here until this test runs it).
    expect(operationNames().filter((name) => !said.has(name))).toEqual([]);
    const writes = Object.keys(WRITE_CHANGES) as OperationName[];
    const reads = [...said.keys()].filter((name) => !(name in WRITE_CHANGES));
    expect(Object.fromEntries(reads.map((name) => [name, said.get(name)]))).toEqual(
      Object.fromEntries(reads.map((name) => [name, []])),
    );
    expect(Object.fromEntries(writes.map((name) => [name, said.get(name)]))).toEqual(WRITE_CHANGES);
  });
});
