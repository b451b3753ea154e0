import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import type { Bridge } from './bridge/bridge';
import { createHttpBridge, readBridgeToken } from './bridge/http-bridge';
import { createI18n } from './i18n/create-i18n';
import { createAppStore } from './stores/app-store';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

declare global {
  interface Window {
    /** The preload's bridge, present only inside Electron. */
    engage?: Bridge;
  }
}

// The one place that touches window.engage: Electron's preload, or in a plain browser (web mode,
// used by the e2e tests and `npm run dev:web`) the service's internal HTTP bridge.
const bridge: Bridge = window.engage ?? createHttpBridge({ token: readBridgeToken() });
const i18n = createI18n('es');
const appStore = createAppStore(bridge, i18n);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App bridge={bridge} i18n={i18n} appStore={appStore} />
  </StrictMode>,
);
