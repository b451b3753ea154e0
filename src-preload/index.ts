import { contextBridge, ipcRenderer } from 'electron';
import {
  buildBridgeApi,
  IPC_EVENT_CHANNEL,
  IPC_PREFIX,
  type EngageBridge,
  type PushEvent,
  type PushEventName,
  type PushEvents,
} from './contract';

/**
 * The preload: named functions built from the contract's operation list, and a subscription to
 * pushed events. Nothing else crosses into the window: no ipcRenderer, no raw invoke, no channel
 * names chosen by the page.
 */
const api = buildBridgeApi((name, input) => ipcRenderer.invoke(`${IPC_PREFIX}${name}`, input));

const bridge: EngageBridge = {
  ...api,
  on<K extends PushEventName>(event: K, listener: (data: PushEvents[K]) => void) {
    const handler = (_: unknown, message: PushEvent) => {
      if (message.type === event) listener(message.data as PushEvents[K]);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('engage', bridge);
