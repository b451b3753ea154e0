import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type AppLanguage } from './messages';
import { NAMESPACES, resourcesFor } from './resources';

/**
 * A fresh i18next instance (one per app, and one per test), with every catalogue bundled: the app
 * works offline and switches language at run time without loading anything.
 */
export function createI18n(language: AppLanguage = 'es'): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'es',
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, resourcesFor(l)])),
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
