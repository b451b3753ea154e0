import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../ui/field';
import type { CheckedRepeat, RepeatChoice } from './series-plan';

/**
 * The schedule dialog's "repeat every N days/weeks, N times or until a date" and "remind after
 * N days without an answer" (api-decisions "Series"), side by side so the dialog still fits
 * 1366×768 with its cost and button in view.
 */
export function RepeatFields(props: {
  value: RepeatChoice;
  checked: CheckedRepeat;
  onChange: (patch: Partial<RepeatChoice>) => void;
}) {
  const { t } = useTranslation('deliveries');
  const { value, checked, onChange } = props;
  const error = (key: keyof CheckedRepeat['errors']) => {
    const code = checked.errors[key];
    return code ? t(`repeat.errors.${code}`) : undefined;
  };
  return (
    <div className="deliveries-repeat">
      <fieldset className="deliveries-fieldset">
        <legend>{t('repeat.legend')}</legend>
        <label className="deliveries-check">
          <input
            type="checkbox"
            checked={value.repeat}
            onChange={(e) => onChange({ repeat: e.target.checked })}
          />
          <span>{t('repeat.repeat')}</span>
        </label>
        {value.repeat && (
          <div className="deliveries-repeat-fields">
            <div className="deliveries-inline">
              <TextField
                label={t('repeat.every')}
                type="number"
                min={1}
                max={52}
                inputMode="numeric"
                className="deliveries-number"
                value={value.every}
                error={error('every')}
                onChange={(e) => onChange({ every: e.target.value })}
              />
              <SelectField
                label={t('repeat.unit')}
                value={value.unit}
                onChange={(e) => onChange({ unit: e.target.value as RepeatChoice['unit'] })}
              >
                <option value="week">{t('repeat.weeks')}</option>
                <option value="day">{t('repeat.days')}</option>
              </SelectField>
            </div>
            <div className="deliveries-inline">
              <SelectField
                label={t('repeat.ends')}
                value={value.end}
                onChange={(e) => onChange({ end: e.target.value as RepeatChoice['end'] })}
              >
                <option value="count">{t('repeat.afterCount')}</option>
                <option value="until">{t('repeat.onDate')}</option>
              </SelectField>
              {value.end === 'count' ? (
                <TextField
                  label={t('repeat.count')}
                  type="number"
                  min={2}
                  max={52}
                  inputMode="numeric"
                  className="deliveries-number"
                  value={value.count}
                  error={error('end')}
                  onChange={(e) => onChange({ count: e.target.value })}
                />
              ) : (
                <TextField
                  label={t('repeat.until')}
                  type="date"
                  value={value.until}
                  error={error('end')}
                  onChange={(e) => onChange({ until: e.target.value })}
                />
              )}
            </div>
          </div>
        )}
      </fieldset>
      <fieldset className="deliveries-fieldset">
        <legend>{t('repeat.reminderLegend')}</legend>
        <label className="deliveries-check">
          <input
            type="checkbox"
            checked={value.remind}
            onChange={(e) => onChange({ remind: e.target.checked })}
          />
          <span>{t('repeat.remind')}</span>
        </label>
        {value.remind && (
          <TextField
            label={t('repeat.remindDays')}
            type="number"
            min={1}
            max={30}
            inputMode="numeric"
            className="deliveries-number"
            hint={t('repeat.remindHint')}
            value={value.remindDays}
            error={error('remind')}
            onChange={(e) => onChange({ remindDays: e.target.value })}
          />
        )}
      </fieldset>
    </div>
  );
}
