import 'i18next';
import type { Resources } from './resources';

// Typed keys: `t('patients:title')` is checked against the Spanish catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
