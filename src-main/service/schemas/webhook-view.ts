import type { Webhook } from './webhook';

/**
 * A webhook as the desktop window gets it (contract `webhooks.list`, `get`, `update`): the API's
 * resource plus the figures the screen shows beside it. Never the secret.
 */
export interface WebhookStats {
  /**
   * Attempts over the trailing 24 hours, counted from the last (re)activation at the earliest:
   * the very figures of the deactivation rule.
   */
  attempts: number;
  failedAttempts: number;
  /** The newest attempt, automatic or manual. */
  lastAttempt?: {
    at: string;
    succeeded: boolean;
    statusCode?: number;
    error?: string;
  };
  pendingDeliveries: number;
  failedDeliveries: number;
  /** A disabled webhook: the figures that switched it off (its reason, as numbers to translate). */
  disabledBy?: { failed: number; total: number };
}

export type WebhookView = Webhook & { stats: WebhookStats };
