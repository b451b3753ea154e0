import { contextBridge, ipcRenderer } from 'electron';
import type { EngageBridge } from './contract';

const bridge: EngageBridge = {
  apiBaseUrl: () => ipcRenderer.invoke('engage:apiBaseUrl'),
};

contextBridge.exposeInMainWorld('engage', bridge);
