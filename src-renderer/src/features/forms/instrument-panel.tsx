import { useTranslation } from 'react-i18next';
import type { EditionInfo } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Card } from '../../ui/layout';
import { useEditionName } from './instrument-dialog';

/**
 * What the clinical team reads about a validated instrument and the patient does not: its
 * edition and source, the scoring and its bands, the clinical notes and the authors' permission
 * line (the patient page shows only that line, small, under the form).
 */
export function InstrumentPanel(props: { edition: EditionInfo }) {
  const { t } = useTranslation('forms');
  const { t: tr } = useTranslation('responses');
  const format = useFormat();
  const editionName = useEditionName();
  const { edition } = props;
  const first = edition.options[0];
  const last = edition.options[edition.options.length - 1];
  return (
    <Card
      title={t('instruments.panelTitle')}
      label={t('instruments.panelLabel')}
      className="forms-instrument"
    >
      <dl className="forms-instrument-facts">
        <dt>{t('instruments.source')}</dt>
        <dd>{editionName(edition)}</dd>
        <dt>{t('instruments.review')}</dt>
        <dd>{t(`instruments.checked.${edition.source.checked}`)}</dd>
        <dt>{t('instruments.scoring')}</dt>
        <dd>{t('instruments.scoringText', { first, last, max: format.number(edition.max) })}</dd>
        <dt>{t('instruments.bands')}</dt>
        <dd>
          <ul className="forms-instrument-bands">
            {edition.bands.map((b) => (
              <li key={b.band}>
                {t('instruments.band', {
                  min: format.number(b.min),
                  max: format.number(b.max),
                  name: tr(`bands.${b.band}`),
                })}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('instruments.notes')}</dt>
        <dd>{t(`instruments.notes_${edition.instrument}`, { first })}</dd>
        <dt>{t('instruments.attribution')}</dt>
        <dd lang={edition.language}>{edition.attribution}</dd>
      </dl>
    </Card>
  );
}
