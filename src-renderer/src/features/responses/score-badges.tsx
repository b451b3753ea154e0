import { useTranslation } from 'react-i18next';
import type { InstrumentScore, SeverityBand } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Badge } from '../../ui/layout';

export const BAND_TONE: Record<SeverityBand, 'success' | 'info' | 'warning' | 'danger'> = {
  minimal: 'success',
  mild: 'info',
  moderate: 'warning',
  moderately_severe: 'danger',
  severe: 'danger',
};

/** The instruments' own names (PHQ-9, GAD-7 are the same in every language). */
export const INSTRUMENT_NAMES: Record<InstrumentScore['instrument'], string> = {
  phq9: 'PHQ-9',
  gad7: 'GAD-7',
};

/**
 * A response's scores as badges: "14 · Moderada" toned by severity, or "Incompleto" when an item
 * is unanswered. The instrument's name leads when the form holds more than one.
 */
export function ScoreBadges(props: { scores: readonly InstrumentScore[] }) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const named = props.scores.length > 1;
  return (
    <span className="responses-scores">
      {props.scores.map((score) => {
        const name = INSTRUMENT_NAMES[score.instrument];
        return (
          <span key={score.instrument} className="responses-score">
            {named && <span className="responses-score-name">{name}</span>}
            {score.total !== undefined && score.band ? (
              <Badge tone={BAND_TONE[score.band]}>
                {t('score.value', {
                  total: format.number(score.total),
                  band: t(`bands.${score.band}`),
                })}
              </Badge>
            ) : (
              <span className="muted">
                {t('score.incomplete')}
                <span className="visually-hidden">
                  {' '}
                  {t('score.incompleteLabel', {
                    name,
                    answered: format.number(score.answered),
                    items: format.number(score.items),
                  })}
                </span>
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
