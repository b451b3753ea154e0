import { describe, expect, it } from 'vitest';
import { operationNames } from '../../src-preload/contract';
import { serversClosedAfterEach } from './helpers';
import { withOperations } from './operation-harness';

const { newServer } = serversClosedAfterEach(Date.parse('2026-11-22T09:00:00.000Z'));

describe('the contract, the operation handlers and the web bridge cover the same names', () => {
  it('the handler map serves exactly the contract operations', async () => {
    const { ops } = withOperations(await newServer());
    expect([...ops.names].sort()).toEqual([...operationNames()].sort());
  });

  it('the web bridge has one route per operation and none besides', async () => {
    const server = await newServer({ webBridge: { token: 'test-token' } });
    const { app, operations } = server.service;
    expect([...operations!.names].sort()).toEqual([...operationNames()].sort());
    for (const name of operationNames()) {
      expect(app.hasRoute({ method: 'POST', url: `/__bridge/ops/${name}` }), name).toBe(true);
    }
    // printRoutes draws a tree: a route whose path extends another's (conversations.send and
    // conversations.sendLink) is a child line holding only the rest. Rebuild every full path.
    const stack: { depth: number; path: string }[] = [];
    const bridged: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match =
        /^([│ ├└─]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line) ?? /^([│ ├└─]*)(\S.*)$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length;
      while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
      const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
      stack.push({ depth, path });
      if (match[3]?.includes('POST') && path.startsWith('/__bridge/ops/')) bridged.push(path);
    }
    expect(bridged.sort()).toEqual(
      operationNames()
        .map((name) => `/__bridge/ops/${name}`)
        .sort(),
    );
  });

  it('an unknown name is an unknown_operation result, never a throw', async () => {
    const { ops } = withOperations(await newServer());
    for (const name of ['patients.delete', 'nothing', '__proto__.x', 'patients.constructor']) {
      const result = await ops.run(name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
    }
  });
});
