import type {
  CreditBreakdown,
  CreditBreakdownLine,
  LedgerRowView,
  Page,
  PatientRef,
} from '../contract';
import type { LedgerEntry, LedgerKind } from '../schemas/billing';
import type { BreakdownInput } from '../schemas/desk-export';
import type { Channel } from '../schemas/form-schedule';
import type { Queries } from '../store/queries';
import type { Credits } from './credits';
import { normalise } from './date-range';
import { readLedgerReason } from './ledger-reasons';
import type { PatientNames } from './patient-names';

const RESOURCES: Record<string, CreditBreakdownLine['resource']> = {
  conversation: 'conversation',
  form_schedule: 'delivery',
  call: 'call',
};

/**
 * The credits screen's reads: ledger entries with their reason's code and the patient behind the
 * resource they paid for, and where credits came from and went over a period.
 */
export function createCreditViews(deps: { q: Queries; credits: Credits; names: PatientNames }) {
  const { q, credits } = deps;

  /** Entries with their reasons read back and their patients' names, two queries a page. */
  async function rows(entries: readonly LedgerEntry[]): Promise<LedgerRowView[]> {
    const owners = new Map(
      (
        await q.overview.resourcePatients(
          entries.flatMap((e) => (e.resourceId ? [e.resourceId] : [])),
        )
      ).map((r) => [r.id, r.patient_id]),
    );
    const withPatients = await deps.names.withPatients(
      entries.map((e) => ({ id: e.id, patientId: owners.get(e.resourceId ?? '') })),
    );
    const patients = new Map<string, PatientRef>(
      withPatients.filter((w) => w.patientId).map((w) => [w.id, w.patient]),
    );
    return entries.map((entry) => {
      const patient = patients.get(entry.id);
      return { ...entry, why: readLedgerReason(entry.reason), ...(patient ? { patient } : {}) };
    });
  }

  return {
    rows,
    page: async (page: Page<LedgerEntry>): Promise<Page<LedgerRowView>> => ({
      ...page,
      data: await rows(page.data),
    }),

    async breakdown(input: BreakdownInput): Promise<CreditBreakdown> {
      const account = await q.creditAccount.get();
      if (!account) throw new Error('The credit account has not been opened');
      const balance = await credits.balance();
      const from = input.from ? normalise('from', input.from) : account.period_start;
      const to = input.to ? normalise('to', input.to) : balance.resetsAt;
      const lines = (await q.overview.creditBreakdown(from, to)).map((r): CreditBreakdownLine => ({
        kind: r.kind as LedgerKind,
        resource: r.resource_type ? (RESOURCES[r.resource_type] ?? 'other') : 'none',
        ...(r.channel ? { channel: r.channel as Channel } : {}),
        entries: r.entries,
        amount: r.amount,
      }));
      return {
        from,
        to,
        lines,
        balance: balance.balance,
        monthlyAllowance: balance.monthlyAllowance,
        usedThisMonth: balance.usedThisMonth,
        allowanceLeft: account.allowance_balance,
        topUpLeft: account.topup_balance,
        periodStart: account.period_start,
        resetsAt: balance.resetsAt,
      };
    },
  };
}

export type CreditViews = ReturnType<typeof createCreditViews>;
