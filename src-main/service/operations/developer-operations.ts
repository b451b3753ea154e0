import type { OpenApiDocument, RequestLogEntry } from '../../../src-preload/contract';
import { RequestLogInput } from '../schemas/developer';
import { noInput, op, schemaInput, type GroupHandlers, type OperationDeps } from './operation-kit';

export function developerOperations({ core }: OperationDeps): GroupHandlers<'developer'> {
  return {
    openapi: op({ parse: noInput, run: (): OpenApiDocument => core.apiDocument.get() }),
    requestLog: op({
      parse: schemaInput<{ limit?: number }>(RequestLogInput),
      run: ({ limit }): RequestLogEntry[] => core.requestLog.list(limit),
    }),
    clearRequestLog: op({
      parse: noInput,
      run: () => ({ cleared: core.requestLog.clear() }),
    }),
  };
}
