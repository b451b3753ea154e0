import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchStopping } from '../../src-main/service/stopping-watch';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe('a stop that takes long says what it waits for', () => {
  it('names the step under way and the connections still open, until it is done', async () => {
    // A response that never ends holds the HTTP side's close open.
    const held = createServer((_request, response) => response.writeHead(200).write('…'));
    server = held;
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const { port } = held.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      request({ port, host: '127.0.0.1', path: '/' }, () => resolve()).end();
    });
    held.close();

    const lines: string[] = [];
    const watch = watchStopping(held, (line) => lines.push(line), 20);
    watch.step('the requests in flight and the open connections');
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    expect(lines[0]).toMatch(
      /^Engage Desk: stopping has waited \d+ s, now for the requests in flight and the open connections \(1 connection still open\)\.$/,
    );
    held.closeAllConnections();
    watch.step('the database');
    await vi.waitFor(() => expect(lines.at(-1)).toMatch(/now for the database\.$/));
    watch.done();
    const said = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.length).toBe(said);
  });
});
