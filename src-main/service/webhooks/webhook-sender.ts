import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';
import type { AttemptError } from '../store/queries/webhook-attempts';
import {
  BlockedAddressError,
  checkUrlSyntax,
  guardedLookup,
  hostOf,
  isPublicAddress,
  systemResolver,
  type Resolver,
} from './webhook-url-policy';

/** The receiver contract: a 2xx within 10 seconds (interface spec, Limits). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a response is kept with the attempt. */
export const RESPONSE_EXCERPT_BYTES = 4096;
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
  /** Whether sandbox targets (http://localhost, private addresses) may be reached; read per send. */
  sandbox: () => boolean;
  timeoutMs?: number;
  /** Name resolution for the SSRF guard (tests substitute one). */
  resolve?: Resolver;
}

/**
 * Sends one webhook request with undici and reports what happened, never throwing for the
 * receiver's sake (only for a shutdown, which is not the receiver's fault). Redirects are not
 * followed (undici's request() never follows them), so a 3xx is a failure, as api-decisions §9
 * says. Outside sandbox mode the connection goes through a lookup that refuses non-public
 * addresses, so a name that re-resolves to 127.0.0.1 after registration cannot be reached.
 */
export function createWebhookSender(options: SenderOptions) {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const resolve = options.resolve ?? systemResolver;
  const common = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connections: 8 };
  const guarded = new Agent({ ...common, connect: { lookup: guardedLookup(resolve) } });
  const open = new Agent(common);

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
    const host = hostOf(checked.url);
    if (!sandbox && ipaddr.isValid(host) && !isPublicAddress(host)) {
      return {
        succeeded: false,
        error: 'blocked_address',
        errorDetail: `${host} is not a public address`,
        durationMs: elapsed(),
      };
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await request(checked.url, {
        method: 'POST',
        headers,
        body,
        dispatcher: sandbox ? open : guarded,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const excerpt = await readExcerpt(response.body);
      const status = response.statusCode;
      const outcome: SendOutcome = {
        succeeded: status >= 200 && status < 300,
        statusCode: status,
        responseBody: excerpt,
        durationMs: elapsed(),
      };
      if (status >= 300 && status < 400) {
        outcome.error = 'redirect';
        const location = response.headers.location;
        outcome.errorDetail = `The receiver answered ${status}; redirects are not followed${location ? ` (Location: ${String(location)})` : ''}.`;
      } else if (!outcome.succeeded) {
        outcome.error = 'http_error';
        outcome.errorDetail = `The receiver answered ${status}; only a 2xx is a success.`;
      }
      return outcome;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { succeeded: false, ...classify(error, timeout, timeoutMs), durationMs: elapsed() };
    }
  }

  return {
    send,
    timeoutMs,
    async close(): Promise<void> {
      await Promise.all([guarded.close(), open.close()]);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

/** Keeps the first 4 KiB of the response body (as text) and reads on a little to reuse the socket. */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  for await (const chunk of body) {
    read += chunk.length;
    if (kept < RESPONSE_EXCERPT_BYTES) {
      const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept);
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

function classify(
  error: unknown,
  timeout: AbortSignal,
  timeoutMs: number,
): { error: AttemptError; errorDetail: string } {
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  const blocked = chain.find((e) => e instanceof BlockedAddressError);
  if (blocked) return { error: 'blocked_address', errorDetail: blocked.message };
  const codes = chain.map((e) => (e as { code?: string }).code);
  if (
    timeout.aborted ||
    codes.includes('UND_ERR_HEADERS_TIMEOUT') ||
    codes.includes('UND_ERR_BODY_TIMEOUT') ||
    codes.includes('UND_ERR_CONNECT_TIMEOUT')
  ) {
    return {
      error: 'timeout',
      errorDetail: `No complete answer within ${timeoutMs / 1000} seconds.`,
    };
  }
  const first = chain[0] as { code?: string; message?: string } | undefined;
  const detail = chain
    .map((e) => (e as { message?: string }).message)
    .filter(Boolean)
    .join(': ');
  return {
    error: 'connection_error',
    errorDetail: (first?.code ? `${first.code}: ` : '') + (detail || 'The request failed.'),
  };
}
