import type { BridgeError } from '../../src-preload/contract';
import type { Core } from '../../src-main/service/core';
import type { ServiceOptions } from '../../src-main/service/create-service';
import { createOperations } from '../../src-main/service/operations';
import { serversClosedAfterEach, type TestServer } from './helpers';

/**
 * The desktop operations over a core, run as any transport runs them (the handler map), with two
 * ways to call them that keep the tests short: `ok` gives an operation's value and fails the test
 * on a refusal; `refused` gives a refusal's error and fails the test when the operation succeeds.
 * `ops` is there for a test that looks at the raw result envelope.
 */
export function operationsOn(core: Core, apiBaseUrl = 'http://127.0.0.1:1/api/v1') {
  const ops = createOperations({
    core,
    info: () => ({ apiBaseUrl, version: 'test', mode: 'web' }),
  });
  async function ok<T = any>(name: string, input?: unknown): Promise<T> {
    const result = await ops.run(name, input);
    if (!result.ok) throw new Error(`${name} refused: ${JSON.stringify(result.error)}`);
    return result.value as T;
  }
  async function refused(name: string, input?: unknown): Promise<BridgeError> {
    const result = await ops.run(name, input);
    if (result.ok) throw new Error(`${name} was not refused: ${JSON.stringify(result.value)}`);
    return result.error;
  }
  return { ops, ok, refused };
}

/** A test server with its operations (see operationsOn); `app.info` answers the server's URL. */
export function withOperations(server: TestServer) {
  const { core } = server.service;
  return { server, core, ...operationsOn(core, server.url) };
}

/**
 * For a test file of operations: what serversClosedAfterEach gives, and `setup(options)`, which
 * starts such a server and answers it with its operations (see withOperations).
 */
export function operationServers(start: number) {
  const servers = serversClosedAfterEach(start);
  const setup = async (options: ServiceOptions = {}) =>
    withOperations(await servers.newServer(options));
  return { ...servers, setup };
}

/** One problem of a validation refusal: where (a JSON pointer into the input) and what. */
export interface FieldError {
  pointer?: string;
  /** Instead of a pointer, for a refused query parameter. */
  parameter?: string;
  code: string;
  detail?: string;
}

/** The field errors a refusal carries (`details.errors` of a validation_failed), or none. */
export function fieldErrors(error: BridgeError): FieldError[] {
  return (error.details?.errors ?? []) as FieldError[];
}
