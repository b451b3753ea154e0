import type { Db } from '../db';
import { createApiKeyQueries } from './api-keys';
import { createCreditAccountQueries } from './credit-account';
import { createCreditLedgerQueries } from './credit-ledger';
import { createEventQueries } from './events';
import { createIdempotencyQueries } from './idempotency-keys';
import { createJobQueries } from './jobs';
import { createPatientQueries } from './patients';
import { createSettingsQueries } from './settings';
import { createChangeToken } from '../read-cache';

/** Every table's prepared statements, prepared once per database. */
export function createQueries(db: Db) {
  const changeToken = createChangeToken(db);
  return {
    /** Changes with every write; read caches are valid while it stays the same. */
    changeToken,
    settings: createSettingsQueries(db),
    apiKeys: createApiKeyQueries(db),
    patients: createPatientQueries(db, changeToken),
    events: createEventQueries(db),
    jobs: createJobQueries(db),
    creditAccount: createCreditAccountQueries(db),
    creditLedger: createCreditLedgerQueries(db),
    idempotency: createIdempotencyQueries(db),
  };
}

export type Queries = ReturnType<typeof createQueries>;
