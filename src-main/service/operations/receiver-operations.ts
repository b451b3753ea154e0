import {
  ReceiverConfigureInput,
  ReceiverListInput,
  ReceiverUrlInput,
} from '../schemas/test-receiver';
import { noInput, op, schemaInput, type GroupHandlers, type OperationDeps } from './operation-kit';

/** The sandbox test receiver, seen from the window (webhooks/test-receiver.ts). */
export function receiverOperations({ core }: OperationDeps): GroupHandlers<'receiver'> {
  const receiver = core.testReceiver;
  return {
    url: op({
      parse: schemaInput<ReceiverUrlInput>(ReceiverUrlInput),
      run: ({ name }) => receiver.info(name),
    }),
    list: op({
      parse: schemaInput<ReceiverListInput>(ReceiverListInput),
      run: (query) => receiver.list(query),
    }),
    clear: op({ parse: noInput, run: () => receiver.clear(), topics: ['receiver'] }),
    configure: op({
      parse: schemaInput<ReceiverConfigureInput>(ReceiverConfigureInput),
      run: (input) => receiver.configure(input),
      topics: ['receiver'],
    }),
  };
}
