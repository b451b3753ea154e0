import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

/** The patient import from CSV (domain/patient-import.ts): the window sends the file's bytes. */
export function patientImportOperations({ core }: OperationDeps): GroupHandlers<'patientImport'> {
  return {
    preview: op({ run: (input) => core.patientImport.preview(input) }),
    run: op({ run: (input) => core.patientImport.run(input) }),
  };
}

/** The CSV exports (domain/desk-exports.ts): desktop operations, like responses.exportCsv. */
export function exportOperations({ core }: OperationDeps): GroupHandlers<'exports'> {
  return {
    patients: op({ run: (input) => core.exports.patients(input) }),
    deliveries: op({ run: (input) => core.exports.deliveries(input) }),
    calls: op({ run: (input) => core.exports.calls(input) }),
    alerts: op({ run: (input) => core.exports.alerts(input) }),
    ledger: op({ run: (input) => core.exports.ledger(input) }),
  };
}
