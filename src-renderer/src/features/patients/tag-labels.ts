import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A tag as the window shows it: the label of a well-known slug in the UI language ("post-op" is
 * "Postoperatorio" in Spanish), or the tag as it was typed. Tags stay what they are in the record
 * and over the API; only their display is translated.
 */
export function useTagLabel(): (tag: string) => string {
  const { t, i18n } = useTranslation('patients');
  return useCallback(
    (tag: string) =>
      i18n.exists(`tagLabels.${tag}`, { ns: 'patients' })
        ? t(`tagLabels.${tag}` as 'tagLabels.diabetes')
        : tag,
    [t, i18n],
  );
}
