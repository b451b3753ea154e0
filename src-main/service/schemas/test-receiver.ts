import { Type, type Static } from 'typebox';
import type { ReceiverVerdict } from '../store/queries/receiver-requests';

/**
 * The sandbox's built-in webhook test receiver (POST /sandbox-receiver/{name}) and the desktop
 * operations that read and configure it (contract group `receiver`).
 */

/** Newest requests kept; older ones are dropped as new ones arrive. */
export const RECEIVER_KEEP = 200;

/**
 * The last path segment: letters, digits, `-` and `_`, starting with a letter or digit, so the
 * URL a webhook is registered with and the path the request arrives on are the same text (no
 * percent-encoding, no `.` segments a URL parser would fold away).
 */
export const ReceiverName = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$',
  description: 'Which inbox of the test receiver; any name works, `inbox` is the default.',
  examples: ['inbox'],
});

export const ReceiverParams = Type.Object({ name: ReceiverName }, { additionalProperties: false });

export const ReceiverUrlInput = Type.Object(
  { name: Type.Optional(ReceiverName) },
  { additionalProperties: false },
);
export type ReceiverUrlInput = Static<typeof ReceiverUrlInput>;

export const ReceiverListInput = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECEIVER_KEEP, default: 50 })),
    name: Type.Optional(ReceiverName),
  },
  { additionalProperties: false },
);
export type ReceiverListInput = Static<typeof ReceiverListInput>;

export const ReceiverConfigureInput = Type.Object(
  {
    failing: Type.Boolean({
      description: 'true: answer every request with 500, so deliveries fail and are retried.',
    }),
  },
  { additionalProperties: false },
);
export type ReceiverConfigureInput = Static<typeof ReceiverConfigureInput>;

export type { ReceiverVerdict };

/** Where the receiver listens and how it answers. */
export interface ReceiverInfo {
  /** The URL to register a webhook with (this server's own loopback address). */
  url: string;
  name: string;
  /** Answering 500 to everything (the "make it fail" switch). */
  failing: boolean;
  /** How many requests are kept. */
  keep: number;
}

/** One request as the receiver got it, and what it made of it. */
export interface ReceivedRequest {
  /** Increasing, never reused: a larger number arrived later. */
  seq: number;
  name: string;
  receivedAt: string;
  /** The headers as received (lower-case names); credentials are masked. */
  headers: Record<string, string>;
  /** The body as text, cut after RECEIVER_BODY_BYTES. */
  body: string;
  bodySize: number;
  bodyTruncated: boolean;
  /** X-Service-Delivery and X-Service-Event, when sent. */
  eventId?: string;
  event?: string;
  /** The webhook the request belongs to; `url` is absent once the webhook is deleted. */
  webhook?: { id: string; url?: string };
  verified: boolean;
  verdict: ReceiverVerdict;
  /** The status the receiver answered with. */
  answeredStatus: number;
}
