import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { Card, ProgressBar } from '../../ui/layout';
import { AsyncView, describeError } from '../../ui/states';
import { createSandboxStore, offsetParts, type Seed } from './sandbox-store';
import { useAdvanceClock, useResetClinic, useSandboxClock } from './settings-queries';

export const ADVANCE_PRESETS = [
  { key: 'hour', seconds: 3_600 },
  { key: 'day', seconds: 86_400 },
  { key: 'week', seconds: 604_800 },
  { key: 'month', seconds: 2_592_000 },
] as const;

/** "+3 días 4 h respecto a la hora real". */
function useOffsetText(): (offsetSeconds: number) => string {
  const { t } = useTranslation('settings');
  return (offsetSeconds) => {
    const { sign, days, hours, minutes } = offsetParts(offsetSeconds);
    if (sign === 0) return t('tools.offset.none');
    const amount = [
      days ? t('tools.offset.days', { count: days }) : '',
      hours ? t('tools.offset.hours', { count: hours }) : '',
      minutes ? t('tools.offset.minutes', { count: minutes }) : '',
    ]
      .filter(Boolean)
      .join(' ');
    return sign > 0 ? t('tools.offset.ahead', { amount }) : t('tools.offset.behind', { amount });
  };
}

/** The sandbox tools: the service clock, moving it forward and resetting the clinic. */
export function SandboxPanel() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const offsetText = useOffsetText();
  const store = useFeatureStore(createSandboxStore);
  const clock = useSandboxClock();
  const advance = useAdvanceClock();
  const advancing = useStore(store, (s) => s.advancing);
  const advanced = useStore(store, (s) => s.advanced);
  const advanceError = useStore(store, (s) => s.advanceError);
  const resetDone = useStore(store, (s) => s.resetDone);
  const [resetOpen, setResetOpen] = useState(false);
  const advanceId = useId();

  return (
    <Card
      title={t('tools.title')}
      label={t('tools.title')}
      className="settings-card settings-tools"
    >
      <div className="settings-tools-grid">
        <div>
          <h3 className="settings-tools-heading">{t('tools.clock')}</h3>
          <AsyncView state={clock}>
            {(view) => (
              <div data-testid="sandbox-clock">
                <time className="settings-clock" dateTime={view.now}>
                  {format.dateTime(view.now)}
                </time>
                <p className="stat-caption">{offsetText(view.offsetSeconds)}</p>
              </div>
            )}
          </AsyncView>
        </div>
        <div>
          <h3 className="settings-tools-heading" id={advanceId}>
            {t('tools.advance')}
          </h3>
          <p className="field-hint">{t('tools.advanceHint')}</p>
          <div className="settings-presets" role="group" aria-labelledby={advanceId}>
            {ADVANCE_PRESETS.map((preset) => (
              <Button
                key={preset.key}
                busy={advancing === preset.seconds}
                disabled={advancing !== null}
                onClick={() => advance(preset.seconds)}
              >
                {t(`tools.presets.${preset.key}`)}
              </Button>
            ))}
          </div>
          <p className="settings-feedback" role="status">
            {advanced
              ? advanced.jobsRun === 0
                ? t('tools.jobsRunNone')
                : t('tools.jobsRun', { count: advanced.jobsRun })
              : ''}
          </p>
          {advanceError && (
            <p className="notice notice-danger" role="alert">
              {describeError(tc, advanceError)}
            </p>
          )}
        </div>
      </div>
      <div className="settings-reset">
        <div>
          <Button variant="danger" onClick={() => setResetOpen(true)}>
            {t('tools.reset.action')}
          </Button>
          <p className="field-hint">{t('tools.reset.hint')}</p>
        </div>
        <p className="settings-feedback" role="status">
          {resetDone
            ? resetDone.seed === 'empty' && resetDone.patients === 0
              ? t('tools.reset.doneEmpty')
              : t('tools.reset.done', { count: resetDone.patients })
            : ''}
        </p>
      </div>
      {resetOpen && <ResetDialog onClose={() => setResetOpen(false)} />}
    </Card>
  );
}

function ResetDialog(props: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const store = useFeatureStore(createSandboxStore);
  const reset = useResetClinic();
  const resetting = useStore(store, (s) => s.resetting);
  const resetError = useStore(store, (s) => s.resetError);
  const [seed, setSeed] = useState<Seed>('demo');
  const name = useId();
  return (
    <ConfirmDialog
      open
      danger
      busy={resetting}
      title={t('tools.reset.title')}
      confirmLabel={t('tools.reset.confirm')}
      onCancel={() => {
        if (resetting) return;
        store.getState().clearResetError();
        props.onClose();
      }}
      onConfirm={() => void reset(seed).then((ok) => ok && props.onClose())}
    >
      <p className="notice notice-warning">{t('tools.reset.warning')}</p>
      <fieldset className="settings-choices" disabled={resetting}>
        <legend>{t('tools.reset.legend')}</legend>
        {(['demo', 'empty'] as const).map((option) => (
          <label key={option} className="settings-choice">
            <input
              type="radio"
              name={name}
              value={option}
              checked={seed === option}
              onChange={() => setSeed(option)}
            />
            <span className="settings-choice-title">{t(`tools.reset.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      {resetting && (
        <div className="settings-progress">
          <ProgressBar label={t('tools.reset.running')} />
          <p className="muted" aria-hidden="true">
            {t('tools.reset.running')}
          </p>
        </div>
      )}
      {resetError && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, resetError)}
        </p>
      )}
    </ConfirmDialog>
  );
}
