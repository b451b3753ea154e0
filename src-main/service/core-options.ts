import type { AssistantOptions } from './assistant/assistant-settings';
import type { DeliveryOptions } from './delivery/delivery-settings';
import type { Prices } from './domain/pricing';
import type { Plan } from './schemas/billing';
import type { DataKey } from './store/data-key';
import type { SandboxSource } from './store/queries/sandbox-audit';
import type { Resolver } from './webhooks/webhook-url-policy';

export type SeedName = 'demo' | 'empty';

export interface CoreOptions extends DeliveryOptions, AssistantOptions {
  /**
   * A PostgreSQL database (postgres://…) instead of SQLite: a clinic server. The data folder,
   * the data key and the backups are SQLite's and do not apply (PostgreSQL has its own).
   */
  databaseUrl?: string;
  /**
   * Told of each transaction PostgreSQL refused as not serializable (40001) or deadlocked
   * (40P01) and that runs again: the benchmark reports the rate under concurrent spending, an
   * operator may log it. Never called on SQLite, whose one writer takes transactions in turns.
   */
  onStoreRetry?: (code: string) => void;
  /** Directory of the database; ignored with `memory`. */
  dataDir?: string;
  /** Told when the data folder is readable by others (default: a process warning). */
  onFileWarning?: (message: string) => void;
  memory?: boolean;
  /** The data key: the database is encrypted with it (store/data-key.ts); without one it is plain. */
  key?: DataKey;
  /** What a new database starts with (default demo). An existing database is never re-seeded. */
  seed?: SeedName;
  plan?: Plan;
  plans?: Record<Plan, number>;
  prices?: Prices;
  /**
   * The randomness of record ids (default: cryptographic). The parity test gives both engines the
   * same sequence, so that the same clinic has the same ids on each.
   */
  idRandom?: () => number;
  /** Real-time source of the clock (tests); the sandbox offset is kept in the database. */
  realNow?: () => number;
  onJobError?: (kind: string, error: unknown) => void;
  /**
   * `false` leaves the audit trail out (nothing recorded): the benchmark's baseline for what the
   * trail costs a read (bench/audit-bench.ts), never an option of the app or the CLI.
   */
  auditTrail?: boolean;
  /**
   * Sandbox mode: the /sandbox routes (with `sandbox:write`), and webhooks to http://localhost;
   * off, webhook targets must be public HTTPS hosts. Given, it wins over the saved switch (a CLI
   * flag, a test); turning it on over a clinic whose switch was saved off is recorded as coming
   * from `sandboxSource`.
   */
  sandbox?: boolean;
  /**
   * Sandbox mode for a clinic whose switch was never saved (default off: a clinic is real unless
   * said otherwise; the developers' `serve` and web mode say otherwise).
   */
  sandboxDefault?: boolean;
  /**
   * The window's developer mode for a clinic whose switch was never saved (default off: a
   * coordinator never sees the sandbox and developer tools unless someone turns it on; the
   * developers' `serve` and web mode turn it on).
   */
  developerModeDefault?: boolean;
  /** Where an explicit `sandbox` comes from, for the sandbox audit (default `cli`). */
  sandboxSource?: SandboxSource;
  /** Webhook receivers' time limit (default 10 s, the interface spec's; tests shorten it). */
  webhookTimeoutMs?: number;
  /** Webhook requests in flight at once across all webhooks (default 32). */
  webhookConcurrency?: number;
  /** Name resolution for the webhook SSRF guard (default the system resolver; tests fake DNS). */
  webhookResolver?: Resolver;
}
