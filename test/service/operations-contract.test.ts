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
    const routes = app.printRoutes({ commonPrefix: false });
    const bridged = routes.split('\n').filter((line) => line.includes('/__bridge/ops/'));
    expect(bridged).toHaveLength(operationNames().length);
  });

  it('an unknown name is an unknown_operation result, never a throw', async () => {
    const { ops } = withOperations(await newServer());
    for (const name of ['patients.delete', 'nothing', '__proto__.x', 'patients.constructor']) {
      const result = await ops.run(name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
    }
  });
});
