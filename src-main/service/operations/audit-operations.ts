import type { AuditEvent } from '../schemas/audit-event';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

/** The audit log and a patient's activity (docs/data-safety.md); reading it records nothing. */
export function auditOperations({ core }: OperationDeps): GroupHandlers<'audit'> {
  return {
    list: op({
      run: async (query) =>
        core.views.patientNames.page(pageOf<AuditEvent>(await core.audit.list(query))),
    }),
    exportCsv: op({ run: (input) => core.audit.exportCsv(input) }),
    purgePreview: op({ run: ({ years }) => core.audit.purgePreview(years) }),
  };
}
