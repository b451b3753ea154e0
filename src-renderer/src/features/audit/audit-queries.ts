import type { InputOf } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { pagedOperation, usePagedList } from '../../data/bridge-query';
import { dayRange } from '../calls';
import type { AuditFilter } from './audit-store';

export const AUDIT_PAGE_SIZE = 50;

/** The log's filters as the service reads them (its CSV export takes the same). */
export function auditFilters(filter: AuditFilter): Omit<InputOf<'audit', 'list'>, 'limit'> {
  return {
    ...(filter.patient ? { patientId: filter.patient.id } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.channel ? { channel: filter.channel } : {}),
    ...dayRange(filter.from, filter.to),
  };
}

export function rangeIsValid(filter: Pick<AuditFilter, 'from' | 'to'>): boolean {
  return !filter.from || !filter.to || filter.from <= filter.to;
}

/**
 * The audit trail, newest first, a page at a time. Reads record themselves without telling the
 * window (a read announces nothing), so the list is read afresh each time it is shown; under the
 * `patients` and `notes` topics, a change to a patient or a new note refreshes it too, and under
 * `settings` a change of the retention period (itself an event) does.
 */
export function useAuditEvents(filters: Omit<InputOf<'audit', 'list'>, 'limit'>, enabled = true) {
  const options = pagedOperation(useBridge(), ['patients', 'notes', 'settings'], 'audit', 'list', {
    limit: AUDIT_PAGE_SIZE,
    ...filters,
  });
  return usePagedList({ ...options, enabled });
}
