import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { CreditBreakdown, LedgerRowView, Page } from '../../src-preload/contract';
import { ledgerReasonText, readLedgerReason } from '../../src-main/service/domain/ledger-reasons';
import type { LedgerReason } from '../../src-main/service/schemas/ledger-reason';
import { addPatient, formFixture } from './helpers';
import { operationServers } from './operation-harness';

/** The credits screen's ledger rows, breakdown and CSV (docs/api-decisions.md, "Ledger reasons"). */

const START = Date.parse('2026-11-22T09:00:00.000Z');
const operations = operationServers(START);

describe('ledger reasons', () => {
  it('reads back the code and data of every reason the service writes', () => {
    const reasons: LedgerReason[] = [
      { code: 'allowance', plan: 'professional' },
      { code: 'allowanceExpired' },
      { code: 'topUp' },
      { code: 'topUp', note: 'factura 2026/118 (tarjeta)' },
      { code: 'conversationStarted' },
      { code: 'conversationMessage' },
      { code: 'deliveryWhatsapp' },
      { code: 'deliveryEmail' },
      { code: 'deliveryCancelled', expired: 2 },
      { code: 'deliveryFailed' },
      { code: 'callReserved' },
      { code: 'callUnanswered' },
      { code: 'callMinutes', minutes: 3 },
      { code: 'callReservationReturned' },
    ];
    for (const reason of reasons)
      expect(readLedgerReason(ledgerReasonText(reason))).toEqual(reason);
    // The words written before notes had their place, and words the table does not make.
    expect(readLedgerReason('Credit top-up (card ending 4242)')).toEqual({
      code: 'topUp',
      note: 'card ending 4242',
    });
    expect(readLedgerReason('Voice call (1 started minute)')).toEqual({
      code: 'callMinutes',
      minutes: 1,
    });
    expect(readLedgerReason('goodwill')).toEqual({ code: 'other', text: 'goodwill' });
  });
});

describe('credits.ledger and credits.breakdown', () => {
  it('name the patient behind each charge, group the period by kind and channel, and explain the balance', async () => {
    const { ok, server, core } = await operations.setup();
    const { formId, patientId } = await formFixture(server);
    const jordi = await addPatient(core, 'Jordi', 'Vidal Mas', { phone: '+34612000999' });
    await ok('schedules.create', { formId, patientId, channel: 'whatsapp' });
    await ok('schedules.create', { formId, patientId, channel: 'email' });
    const chat = await ok<{ id: string }>('conversations.start', {
      patientId: jordi,
      context: 'Seguimiento',
    });
    await ok('credits.topUp', { amount: 100, reason: 'factura 118' });

    const ledger = await ok<Page<LedgerRowView>>('credits.ledger', {});
    const started = ledger.data.find((e) => e.resourceId === chat.id)!;
    expect(started.why).toEqual({ code: 'conversationStarted' });
    expect(started.patient).toMatchObject({ id: jordi, firstName: 'Jordi' });
    const topUp = ledger.data.find((e) => e.kind === 'grant' && e.amount === 100)!;
    expect(topUp.why).toEqual({ code: 'topUp', note: 'factura 118' });
    expect(topUp.reason).toBe('Credit top-up: factura 118');
    expect(topUp.patient).toBeUndefined();

    const breakdown = await ok<CreditBreakdown>('credits.breakdown', {});
    const consumed = breakdown.lines.filter((l) => l.kind === 'consume');
    expect(consumed).toEqual([
      { kind: 'consume', resource: 'conversation', entries: 1, amount: -10 },
      { kind: 'consume', resource: 'delivery', channel: 'email', entries: 1, amount: -1 },
      { kind: 'consume', resource: 'delivery', channel: 'whatsapp', entries: 1, amount: -2 },
    ]);
    // What the balance is made of: the allowance left (it expires) and top-ups (they do not).
    expect(breakdown.allowanceLeft + breakdown.topUpLeft).toBe(breakdown.balance);
    expect(breakdown.topUpLeft).toBe(100);
    expect(breakdown.usedThisMonth).toBe(13);
    expect(breakdown.monthlyAllowance - breakdown.usedThisMonth).toBe(breakdown.allowanceLeft);
  });

  it('exports the ledger with translated reasons, the patient and the kind filter', async () => {
    const { ok, core } = await operations.setup();
    const ana = await addPatient(core, 'Ana', 'García');
    await ok('conversations.start', { patientId: ana, context: 'Control' });
    const es = await ok<{ csv: string; filename: string; rows: number }>('exports.ledger', {
      kind: 'consume',
      language: 'es',
    });
    expect(es.filename).toBe('creditos-2026-11-22.csv');
    const rows = parse(es.csv, { bom: true }) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(2, 6)).toEqual(['Cargo', 'Conversación iniciada', 'Ana García', ana]);
    expect(rows[1]![8]).toBe('-10');
    const ca = parse((await ok<{ csv: string }>('exports.ledger', { language: 'ca' })).csv, {
      bom: true,
    }) as string[][];
    expect(ca[0]![3]).toBe('Motiu');
    expect(ca.map((r) => r[3])).toContain('Assignació mensual (pla Professional)');
  });

  it('exports given patients whatever the filters say, and refuses an unknown filter value', async () => {
    const { ok, refused, core } = await operations.setup();
    const ana = await addPatient(core, 'Ana', 'García');
    await addPatient(core, 'Pau', 'Roca');
    const picked = parse((await ok<{ csv: string }>('exports.patients', { ids: [ana] })).csv, {
      bom: true,
    }) as string[][];
    expect(picked.slice(1).map((r) => r[0])).toEqual([ana]);
    const searched = await ok<{ rows: number }>('exports.patients', { search: 'roca' });
    expect(searched.rows).toBe(1);
    expect((await refused('exports.patients', { status: 'gone' })).code).toBe('validation_failed');
  });
});
