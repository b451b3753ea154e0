import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import {
  IPC_PREFIX,
  operationNames,
  type BridgeResult,
  type OperationName,
} from '../service/contract';

/** What main needs from the service's operations (src-main/service/operations). */
export interface OperationRunner {
  run(name: string, input: unknown): Promise<BridgeResult<unknown>>;
}

export interface RegisteredOperations {
  /** Every channel registered, `engage:patients.list` …: the contract coverage test reads it. */
  channels: string[];
  unregister(): void;
}

/** Decides whether an invoke came from our own page (see `appFrameCheck` in ipc/sender.ts). */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

const forbidden: BridgeResult<never> = {
  ok: false,
  error: { code: 'forbidden_sender', message: 'Only the Engage Desk window may call this.' },
};

/**
 * One `ipcMain.handle` per contract operation, all from one loop, so main can neither forget an
 * operation the preload exposes nor answer one it does not. Validation and errors are the
 * operations' job; this only refuses strangers and keeps thrown errors inside the envelope
 * (Electron would flatten them into a bare string).
 */
export function registerOperations(
  operations: OperationRunner,
  isTrustedSender: SenderCheck,
): RegisteredOperations {
  const channels = operationNames().map((name: OperationName) => {
    const channel = `${IPC_PREFIX}${name}`;
    ipcMain.handle(channel, async (event, input: unknown): Promise<BridgeResult<unknown>> => {
      if (!isTrustedSender(event)) return forbidden;
      try {
        return await operations.run(name, input);
      } catch (error) {
        console.error(`IPC ${name} failed:`, error);
        return {
          ok: false,
          error: { code: 'internal_error', message: 'Something went wrong in Engage Desk.' },
        };
      }
    });
    return channel;
  });
  return {
    channels,
    unregister() {
      for (const channel of channels) ipcMain.removeHandler(channel);
    },
  };
}
