import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpBridge, readBridgeToken } from '../../src-renderer/src/bridge/http-bridge';

/** A fetch that answers from a function and records each request. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, init });
    return answer(url, init);
  });
  return { fetch: fn as unknown as typeof fetch, requests };
}

/** An event stream the test writes to chunk by chunk, closed by `end()` or the client's abort. */
function eventStream(signal: AbortSignal | null | undefined) {
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (control = c) });
  const encoder = new TextEncoder();
  signal?.addEventListener('abort', () => {
    try {
      control.error(new DOMException('aborted', 'AbortError'));
    } catch {
      /* already closed */
    }
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => control.enqueue(encoder.encode(text)),
    end: () => control.close(),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HTTP bridge (web mode)', () => {
  it('posts an operation with the token and its JSON input, and returns the envelope', async () => {
    const { fetch, requests } = fakeFetch(() =>
      Response.json({ ok: true, value: { data: [], pagination: {}, total: 0 } }),
    );
    const bridge = createHttpBridge({ baseUrl: 'http://127.0.0.1:9/', token: 'tok', fetch });
    const result = await bridge.patients.list({ search: 'núria', limit: 5 });
    expect(result).toEqual({ ok: true, value: { data: [], pagination: {}, total: 0 } });
    expect(requests[0]!.url).toBe('http://127.0.0.1:9/__bridge/ops/patients.list');
    expect(requests[0]!.init.method).toBe('POST');
    expect(requests[0]!.init.headers).toMatchObject({
      authorization: 'Bearer tok',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(requests[0]!.init.body))).toEqual({ search: 'núria', limit: 5 });
  });

  it('sends no body for operations without input', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ ok: true, value: {} }));
    await createHttpBridge({ token: 't', fetch }).credits.balance();
    expect(requests[0]!.url).toBe('/__bridge/ops/credits.balance');
    expect(requests[0]!.init.body).toBeUndefined();
  });

  it('passes a domain failure through unchanged', async () => {
    const envelope = {
      ok: false,
      error: { code: 'insufficient_credits', message: 'short', details: { balance: 1 } },
    };
    const { fetch } = fakeFetch(() => Response.json(envelope));
    expect(await createHttpBridge({ token: 't', fetch }).credits.topUp({ amount: 1 })).toEqual(
      envelope,
    );
  });

  it("turns the guard's problem document into a failure with its code", async () => {
    const { fetch } = fakeFetch(() =>
      Response.json(
        { code: 'invalid_token', detail: 'The bridge token is wrong.' },
        { status: 401 },
      ),
    );
    expect(await createHttpBridge({ token: 'bad', fetch }).app.info()).toEqual({
      ok: false,
      error: { code: 'invalid_token', message: 'The bridge token is wrong.' },
    });
  });

  it('answers service_unreachable when the network fails, and a generic failure for non-JSON', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    expect((await createHttpBridge({ token: 't', fetch: down.fetch }).app.info()).ok).toBe(false);
    expect(await createHttpBridge({ token: 't', fetch: down.fetch }).app.info()).toMatchObject({
      error: { code: 'service_unreachable' },
    });
    const html = fakeFetch(() => new Response('<html>502</html>', { status: 502 }));
    expect(await createHttpBridge({ token: 't', fetch: html.fetch }).app.info()).toMatchObject({
      ok: false,
      error: { code: 'bridge_error', message: 'The service answered 502.' },
    });
  });

  it('reads pushed events from one shared stream: split chunks, multi-line data, comments, CR LF', async () => {
    let stream!: ReturnType<typeof eventStream>;
    const { fetch, requests } = fakeFetch((_url, init) => {
      stream = eventStream(init.signal);
      return stream.response;
    });
    const bridge = createHttpBridge({ token: 'tok', fetch });
    const changed: unknown[] = [];
    const schedules: unknown[] = [];
    const offChanged = bridge.on('changed', (data) => changed.push(data));
    const offSchedules = bridge.on('schedule.changed', (data) => schedules.push(data));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toBe('/__bridge/events');
    expect(requests[0]!.init.headers).toMatchObject({ authorization: 'Bearer tok' });

    stream.write(': heartbeat\n\nevent: changed\ndata: {"topics":');
    stream.write('["patients"]}\n\n');
    stream.write(
      'event: schedule.changed\r\ndata: {"scheduleId":"sch_1",\r\ndata: "status":"sent"}\r\n\r\n',
    );
    stream.write('event: not-a-contract-event\ndata: {}\n\nevent: changed\ndata: not json\n\n');
    await vi.waitFor(() => expect(schedules).toHaveLength(1));
    expect(changed).toEqual([{ topics: ['patients'] }]);
    expect(schedules).toEqual([{ scheduleId: 'sch_1', status: 'sent' }]);

    // The last unsubscribe closes the stream.
    offChanged();
    expect(requests[0]!.init.signal?.aborted).toBe(false);
    offSchedules();
    expect(requests[0]!.init.signal?.aborted).toBe(true);
  });

  it('reconnects with a growing delay when the stream drops, while someone listens', async () => {
    vi.useFakeTimers();
    const streams: ReturnType<typeof eventStream>[] = [];
    const { fetch, requests } = fakeFetch((_url, init) => {
      const stream = eventStream(init.signal);
      streams.push(stream);
      return stream.response;
    });
    const bridge = createHttpBridge({ token: 't', fetch });
    const got: unknown[] = [];
    const off = bridge.on('clock', (data) => got.push(data));
    await vi.waitFor(() => expect(requests).toHaveLength(1));

    streams[0]!.end();
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    streams[1]!.write(
      'event: clock\ndata: {"now":"2026-11-24T10:00:00.000Z","offsetSeconds":60}\n\n',
    );
    await vi.waitFor(() => expect(got).toHaveLength(1));

    // Nobody listens any more: the stream is closed and not reopened.
    off();
    expect(requests[1]!.init.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(2);
  });

  it('reads the token from the meta tag the service writes', () => {
    document.head.innerHTML = '<meta name="engage-bridge-token" content="abc123">';
    expect(readBridgeToken()).toBe('abc123');
    document.head.innerHTML = '';
    expect(readBridgeToken()).toBe('');
  });
});
