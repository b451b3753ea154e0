import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
  title: 'Developers',
  description:
    "Engage Desk's local API for integrations: its reference, a curl example for every operation and the requests it receives, live.",
  connection: {
    title: 'Connection',
    baseUrl: 'Base URL',
    copyBaseUrl: 'Copy the base URL',
    document: 'OpenAPI document',
    copyDocument: 'Copy the OpenAPI document URL',
    keyHint:
      'Every request carries an API key in the Authorization header. Create one under “API keys” and keep it in the ENGAGE_API_KEY variable: the examples use it as is.',
    keysLink: 'Go to API keys',
  },
  tabs: {
    label: 'Developer tools',
    reference: 'API reference',
    curl: 'curl examples',
    log: 'Live requests',
  },
  reference: {
    label: 'API reference',
    note: "Built from the service's own OpenAPI document, offline.",
    noTryIt:
      'To try an operation, copy its curl example: this window does not send requests to the API.',
    loading: 'Loading the API reference…',
  },
  curl: {
    label: 'curl examples',
    filter: 'Filter operations',
    filterHint: 'By method, path or summary, e.g. “POST /patients”.',
    count_one: '{{count}} operation',
    count_other: '{{count}} operations',
    none: 'No operation matches “{{query}}”.',
    copy: 'Copy curl for {{endpoint}}',
    public: 'No key',
    publicHint: 'Needs no API key',
  },
  log: {
    label: 'Requests received',
    intro:
      'The latest requests to the API, newest first. They are kept in memory only while the app is open; keys and bodies are never recorded.',
    pause: 'Pause',
    resume: 'Resume',
    paused_one: 'Paused: {{count}} new request not shown.',
    paused_other: 'Paused: {{count}} new requests not shown.',
    pausedNone: 'Paused: new requests are not shown until you resume.',
    live: 'Live',
    clear: 'Clear',
    cleared: 'The log was cleared.',
    empty: {
      title: 'No request has arrived yet',
      body: 'Copy a curl example, add your key and run it: the request shows up here at once.',
    },
    columns: {
      time: 'Time',
      method: 'Method',
      path: 'Path',
      status: 'Status',
      duration: 'Duration',
      credential: 'Credential',
    },
    duration: '{{value}} ms',
    noCredential: 'No credential',
    viaToken: 'with an access token',
    viaTokenHint: 'Access token issued for the key “{{name}}”',
  },
};
