import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

/** The sandbox test receiver, seen from the window (webhooks/test-receiver.ts). */
export function receiverOperations({ core }: OperationDeps): GroupHandlers<'receiver'> {
  const receiver = core.testReceiver;
  return {
    url: op({
      run: ({ name }) => receiver.info(name),
    }),
    list: op({
      run: (query) => receiver.list(query),
    }),
    clear: op({ run: () => receiver.clear() }),
    configure: op({
      run: (input) => receiver.configure(input),
    }),
  };
}
