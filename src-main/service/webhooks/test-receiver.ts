import type { IncomingHttpHeaders } from 'node:http';
import { ProblemError } from '../errors';
import type { Clock } from '../jobs/clock';
import {
  RECEIVER_KEEP,
  type ReceivedRequest,
  type ReceiverInfo,
  type ReceiverVerdict,
} from '../schemas/test-receiver';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import type { ReceiverRequestListRow } from '../store/queries/receiver-requests';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  verifySignature,
} from './webhook-signature';

/** Where the receiver listens: outside /api/v1, since the dispatcher sends no credential. */
export const RECEIVER_PREFIX = '/sandbox-receiver';
export const DEFAULT_RECEIVER_NAME = 'inbox';
/** How much of each body is kept (webhook envelopes are a few hundred bytes). */
export const RECEIVER_BODY_BYTES = 32 * 1024;

const FAILING_SETTING = 'test_receiver_failing';
/** Headers a stray client could send with a credential in them: recorded, but not their value. */
const MASKED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface ReceiverAnswer {
  status: number;
  body: Record<string, unknown>;
}

function sandboxOff(): ProblemError {
  return new ProblemError(
    409,
    'sandbox_off',
    'Sandbox mode is off: the test receiver only exists in sandbox mode.',
  );
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function toRequest(row: ReceiverRequestListRow): ReceivedRequest {
  return {
    seq: row.seq,
    name: row.name,
    receivedAt: row.received_at,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    bodySize: row.body_size,
    bodyTruncated: row.body_truncated === 1,
    ...(row.event_id ? { eventId: row.event_id } : {}),
    ...(row.event_type ? { event: row.event_type } : {}),
    ...(row.webhook_id
      ? { webhook: { id: row.webhook_id, ...(row.webhook_url ? { url: row.webhook_url } : {}) } }
      : {}),
    verified: row.verdict === 'verified',
    verdict: row.verdict,
    answeredStatus: row.answered,
  };
}

/**
 * The sandbox's own webhook receiver, so a coordinator can watch signed deliveries arrive without
 * running anything. A request is matched to the webhooks registered with this very URL (this
 * server's loopback address and port, this path), narrowed by the delivery id when it names one
 * of their deliveries, and verified with their secrets through the service's own signing module
 * (constant-time comparison). Each request is kept, newest `keep` only, and answered 200, or 500
 * while the "make it fail" switch is on, so failed attempts and retries can be seen too.
 */
export function createTestReceiver(deps: {
  db: Sql;
  clock: Clock;
  q: Queries;
  sandbox: () => boolean;
  /** This server's own address, e.g. http://127.0.0.1:4010. */
  baseUrl: () => string;
}) {
  const { db, clock, q } = deps;

  function requireSandbox(): void {
    if (!deps.sandbox()) throw sandboxOff();
  }

  const failing = async () => (await q.settings.get(FAILING_SETTING)) === '1';

  function urlFor(name: string): string {
    return `${deps.baseUrl()}${RECEIVER_PREFIX}/${name}`;
  }

  /** The webhooks whose URL is this receiver's `name` on this server. */
  async function registeredHere(name: string) {
    const own = new URL(deps.baseUrl());
    const path = `${RECEIVER_PREFIX}/${name}`;
    return (await q.webhooks.targets()).filter((target) => {
      let url: URL;
      try {
        url = new URL(target.url);
      } catch {
        return false;
      }
      return (
        url.protocol === 'http:' &&
        LOOPBACK_HOSTS.has(url.hostname) &&
        url.port === own.port &&
        url.pathname.replace(/\/+$/, '') === path
      );
    });
  }

  async function judge(
    name: string,
    eventId: string | undefined,
    signature: string | undefined,
    body: Buffer,
  ): Promise<{ webhookId: string | null; verdict: ReceiverVerdict }> {
    const here = await registeredHere(name);
    if (!here.length) return { webhookId: null, verdict: 'unknown_webhook' };
    // The delivery id says which of them sent it; a made-up one narrows nothing.
    const sent: typeof here = [];
    if (eventId)
      for (const w of here) if (await q.webhookDeliveries.get(w.id, eventId)) sent.push(w);
    const candidates = sent.length ? sent : here;
    const attributed = candidates.length === 1 ? candidates[0]!.id : null;
    if (!signature) return { webhookId: attributed, verdict: 'signature_missing' };
    const match = candidates.find((w) => verifySignature(w.secret, body, signature));
    if (match) return { webhookId: match.id, verdict: 'verified' };
    return { webhookId: attributed, verdict: 'signature_mismatch' };
  }

  async function info(name = DEFAULT_RECEIVER_NAME): Promise<ReceiverInfo> {
    return { url: urlFor(name), name, failing: await failing(), keep: RECEIVER_KEEP };
  }

  return {
    isOn: deps.sandbox,

    /** One request to POST /sandbox-receiver/{name}: recorded, then answered. */
    async receive(input: {
      name: string;
      headers: IncomingHttpHeaders;
      body: Buffer;
    }): Promise<ReceiverAnswer> {
      if (!deps.sandbox()) throw sandboxOff();
      const { name, body } = input;
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(input.headers)) {
        if (value === undefined) continue;
        const text = Array.isArray(value) ? value.join(', ') : value;
        headers[key] = MASKED_HEADERS.has(key) ? '…' : text;
      }
      const eventId = single(input.headers[DELIVERY_HEADER])?.slice(0, 64);
      const event = single(input.headers[EVENT_HEADER])?.slice(0, 64);
      const answer = await db.transaction(async () => {
        const { webhookId, verdict } = await judge(
          name,
          eventId,
          single(input.headers[SIGNATURE_HEADER]),
          body,
        );
        const isFailing = await failing();
        const status = isFailing ? 500 : 200;
        const excerpt = body.subarray(0, RECEIVER_BODY_BYTES);
        await q.receiverRequests.insert(
          {
            name,
            received_at: clock.nowIso(),
            headers: JSON.stringify(headers),
            // A multi-byte character cut at the limit becomes U+FFFD rather than invalid text.
            body: excerpt.toString('utf8'),
            body_size: body.length,
            body_truncated: body.length > excerpt.length ? 1 : 0,
            event_id: eventId ?? null,
            event_type: event ?? null,
            webhook_id: webhookId,
            verdict,
            answered: status,
          },
          RECEIVER_KEEP,
        );
        const verified = verdict === 'verified';
        return {
          status,
          body: isFailing
            ? {
                received: true,
                verified,
                failing: true,
                detail: 'The test receiver is switched to fail: it answers 500 on purpose.',
              }
            : { received: true, verified },
        };
      });
      return answer;
    },

    async info(name?: string): Promise<ReceiverInfo> {
      requireSandbox();
      return await info(name);
    },

    async list(query: { limit?: number; name?: string }): Promise<ReceivedRequest[]> {
      requireSandbox();
      return (await q.receiverRequests.latest(query.limit ?? 50, query.name)).map(toRequest);
    },

    async clear(): Promise<{ cleared: number }> {
      requireSandbox();
      const cleared = await q.receiverRequests.clear();
      return { cleared };
    },

    async configure(input: { failing: boolean }): Promise<ReceiverInfo> {
      requireSandbox();
      await q.settings.set(FAILING_SETTING, input.failing ? '1' : '0');
      return await info();
    },
  };
}
