import type { OpenApiDocument, RequestLogEntry } from '../contract';
import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

export function developerOperations({ core }: OperationDeps): GroupHandlers<'developer'> {
  return {
    openapi: op({ run: (): OpenApiDocument => core.apiDocument.get() }),
    requestLog: op({
      run: ({ limit }): RequestLogEntry[] => core.requestLog.list(limit),
    }),
    clearRequestLog: op({
      run: () => ({ cleared: core.requestLog.clear() }),
    }),
  };
}
