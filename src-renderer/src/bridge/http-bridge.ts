import {
  buildBridgeApi,
  PUSH_EVENT_NAMES,
  type BridgeResult,
  type EngageBridge,
  type OperationName,
  type PushEventName,
  type PushEvents,
} from '../../../src-preload/contract';
import { createParser } from 'eventsource-parser';

/**
 * The Bridge in web mode (Playwright, `npm run dev:web`, `engage-desk web`): the same contract
 * operations posted to the service's loopback-only bridge route, and pushed events read from its
 * Server-Sent Events stream. Browser code only.
 */
export interface HttpBridgeOptions {
  /** Origin of the service; '' is the page's own origin (the service serves the app). */
  baseUrl?: string;
  /** The per-run token the service put in index.html (see readBridgeToken). */
  token: string;
  /** For tests: the fetch to use. */
  fetch?: typeof fetch;
}

/** Name of the meta tag the service (or the dev server) writes the token into. */
export const BRIDGE_TOKEN_META = 'engage-bridge-token';

/**
 * The bridge token from `<meta name="engage-bridge-token" content="…">`; '' when the page has
 * none (every operation then answers `invalid_token`, which says what is wrong).
 */
export function readBridgeToken(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${BRIDGE_TOKEN_META}"]`);
  return meta?.content ?? '';
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 15_000;

export function createHttpBridge(options: HttpBridgeOptions): EngageBridge {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const auth = { authorization: `Bearer ${options.token}` };

  async function call(name: OperationName, input: unknown): Promise<BridgeResult<unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}/__bridge/ops/${name}`, {
        method: 'POST',
        headers: input === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        ...(input === undefined ? {} : { body: JSON.stringify(input) }),
      });
    } catch {
      return failure('service_unreachable', 'The Engage Desk service cannot be reached.');
    }
    // The bridge answers 200 with the result envelope; anything else is a guard or the server.
    const body = (await response.json().catch(() => undefined)) as
      BridgeResult<unknown> | { code?: string; detail?: string } | undefined;
    if (response.ok && body && 'ok' in body) return body;
    const problem = (body ?? {}) as { code?: string; detail?: string };
    return failure(
      problem.code ?? 'bridge_error',
      problem.detail ?? `The service answered ${response.status}.`,
    );
  }

  const events = createEventStream({
    url: `${baseUrl}/__bridge/events`,
    headers: auth,
    fetch: doFetch,
  });

  return {
    ...buildBridgeApi(call),
    on: (event, listener) => events.on(event, listener),
  };
}

function failure(code: string, message: string): BridgeResult<never> {
  return { ok: false, error: { code, message } };
}

type AnyListener = (data: unknown) => void;

/**
 * One shared streaming connection for every subscriber: opened with the first listener, closed
 * with the last, reopened with growing delays (0.5 s up to 15 s) when it drops. It uses fetch
 * streaming rather than EventSource, which cannot send the Authorization header.
 */
function createEventStream(options: {
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
}) {
  const listeners = new Map<PushEventName, Set<AnyListener>>();
  let controller: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = RECONNECT_FIRST_MS;

  const total = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);

  function dispatch(type: string, data: string): void {
    if (!(PUSH_EVENT_NAMES as readonly string[]).includes(type)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    for (const listener of [...(listeners.get(type as PushEventName) ?? [])]) {
      try {
        listener(parsed);
      } catch (error) {
        console.error(`Listener for ${type} failed`, error);
      }
    }
  }

  async function connect(): Promise<void> {
    const current = new AbortController();
    controller = current;
    try {
      const response = await options.fetch(options.url, {
        headers: { ...options.headers, accept: 'text/event-stream' },
        signal: current.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
      // The text/event-stream format (comments, multi-line data, CR LF) by a maintained parser;
      // `id` and `retry` are not used: reconnection has its own backoff and the window refreshes.
      const parser = createParser({
        onEvent: (message) => dispatch(message.event ?? 'message', message.data),
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      delay = RECONNECT_FIRST_MS; // connected: the next drop starts the backoff afresh
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      /* dropped, refused or aborted: decided below */
    }
    if (current.signal.aborted || controller !== current) return;
    controller = undefined;
    if (total() === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (total() > 0 && !controller) void connect();
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  function disconnect(): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
    controller?.abort();
    controller = undefined;
  }

  return {
    on<K extends PushEventName>(event: K, listener: (data: PushEvents[K]) => void): () => void {
      const set = listeners.get(event) ?? new Set<AnyListener>();
      listeners.set(event, set);
      const entry = listener as AnyListener;
      set.add(entry);
      if (!controller && !retryTimer) void connect();
      return () => {
        set.delete(entry);
        if (total() === 0) disconnect();
      };
    },
  };
}
