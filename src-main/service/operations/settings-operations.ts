import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

export function settingsOperations({ core }: OperationDeps): GroupHandlers<'settings'> {
  return {
    get: op({ run: () => core.deskSettings.read() }),
    update: op({ run: (input) => core.deskSettings.update(input) }),
  };
}
