import { Agent, request } from 'undici';
import type { AttemptError } from '../store/queries/webhook-attempts';
import {
  BlockedAddressError,
  checkUrlSyntax,
  guardedLookup,
  isLoopbackTarget,
  systemResolver,
  type Resolver,
} from './webhook-url-policy';

/** The receiver contract: a 2xx within 10 seconds (interface spec, Limits). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a response is kept with the attempt (none from a receiver on this machine). */
export const RESPONSE_EXCERPT_BYTES = 4096;
/**
 * Every failure to get an HTTP answer, in the same words: refused, reset, timed out, not TLS,
 * not HTTP, a name that does not resolve. Telling them apart (let alone with errno codes) would
 * turn webhooks into a port scanner of the machines the service can reach.
 */
export const CONNECTION_FAILED = `Could not connect to the receiver, or it sent no complete HTTP answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`;
/** A connection refused by the address rules (the address itself is not repeated). */
export const ADDRESS_BLOCKED =
  'The host resolves to an address webhooks may not reach (private, link-local, reserved, or this machine under another name); nothing was sent.';
/** Read past the excerpt at most this far, so a keep-alive connection can be reused. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

export interface SendOutcome {
  succeeded: boolean;
  statusCode?: number;
  error?: AttemptError;
  errorDetail?: string;
  responseBody?: string;
  durationMs: number;
}

export interface SenderOptions {
  /** Whether this machine (http://localhost, 127.0.0.1, [::1]) may be reached; read per send. */
  sandbox: () => boolean;
  timeoutMs?: number;
  /** Name resolution for the SSRF guard (tests substitute one). */
  resolve?: Resolver;
}

/**
 * Sends one webhook request with undici and reports what happened, never throwing for the
 * receiver's sake (only for a shutdown, which is not the receiver's fault). Redirects are not
 * followed (undici's request() never follows them), so a 3xx is a failure, as api-decisions §9
 * says. In every mode the URL is checked again as written and the connection goes through a
 * lookup that refuses private, link-local and reserved addresses (and loopback, unless the URL
 * names this machine in sandbox mode), so a name that re-resolves after registration cannot be
 * steered inside. A receiver on this machine gets its status recorded but not its body.
 */
export function createWebhookSender(options: SenderOptions) {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const resolve = options.resolve ?? systemResolver;
  const guarded = new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 8,
    connect: { lookup: guardedLookup(resolve, options.sandbox) },
  });

  async function send(
    target: string,
    headers: Record<string, string>,
    body: Buffer,
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const sandbox = options.sandbox();
    const checked = checkUrlSyntax(target, sandbox);
    if ('error' in checked) {
      return {
        succeeded: false,
        error: 'url_not_allowed',
        errorDetail: checked.error.detail,
        durationMs: elapsed(),
      };
    }
    const keep = isLoopbackTarget(checked.url) ? 0 : RESPONSE_EXCERPT_BYTES;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await request(checked.url, {
        method: 'POST',
        headers,
        body,
        dispatcher: guarded,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const excerpt = await readExcerpt(response.body, keep);
      const status = response.statusCode;
      const outcome: SendOutcome = {
        succeeded: status >= 200 && status < 300,
        statusCode: status,
        ...(keep ? { responseBody: excerpt } : {}),
        durationMs: elapsed(),
      };
      if (status >= 300 && status < 400) {
        outcome.error = 'redirect';
        // Like the body, a local service's Location header is not read back.
        const location = keep ? response.headers.location : undefined;
        outcome.errorDetail = `The receiver answered ${status}; redirects are not followed${location ? ` (Location: ${String(location)})` : ''}.`;
      } else if (!outcome.succeeded) {
        outcome.error = 'http_error';
        outcome.errorDetail = `The receiver answered ${status}; only a 2xx is a success.`;
      }
      return outcome;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { succeeded: false, ...classify(error), durationMs: elapsed() };
    }
  }

  return {
    send,
    timeoutMs,
    async close(): Promise<void> {
      await guarded.close();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

/**
 * Keeps the first `keep` bytes of the response body (as text) and reads on a little to reuse the
 * socket.
 */
export async function readExcerpt(
  body: AsyncIterable<Buffer> & { destroy(): void },
  keep = RESPONSE_EXCERPT_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (kept < keep) {
      const part = chunk.subarray(0, keep - kept);
      chunks.push(part);
      kept += part.length;
    }
    if (read > DRAIN_LIMIT_BYTES) {
      body.destroy();
      break;
    }
  }
  // A multi-byte character cut at the limit becomes U+FFFD rather than invalid text.
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What a failure without an HTTP answer is called: `blocked_address` when the address rules
 * refused the connection, otherwise `connection_error` in one set of words (CONNECTION_FAILED),
 * whatever the cause.
 */
function classify(error: unknown): { error: AttemptError; errorDetail: string } {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  if (chain.some((e) => e instanceof BlockedAddressError)) {
    return { error: 'blocked_address', errorDetail: ADDRESS_BLOCKED };
  }
  return { error: 'connection_error', errorDetail: CONNECTION_FAILED };
}
