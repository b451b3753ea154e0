/**
 * Message catalogues are plain objects, one file per language (`features/<f>/messages/es.ts`,
 * `ca.ts`, `en.ts`, joined in its `index.ts`): Spanish is the source (the app's default language),
 * and Catalan and English must have exactly the same keys, which `Translation<typeof es>` enforces
 * at compile time, so a missing string is a type error rather than an English word in the Spanish UI.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};

export interface Catalogue<T> {
  es: T;
  ca: Translation<T>;
  en: Translation<T>;
}

export const LANGUAGES = ['es', 'ca', 'en'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];

/** BCP 47 tags for Intl: the clinic's region, so dates read 24 h and d/m/y. */
export const LOCALE_TAGS: Record<AppLanguage, string> = {
  es: 'es-ES',
  ca: 'ca-ES',
  en: 'en-GB',
};
