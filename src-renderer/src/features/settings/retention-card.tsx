import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSettings, RetentionPreview } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { asFailure } from '../../bridge/bridge';
import { callOperation } from '../../data/bridge-query';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/dialog';
import { SelectField } from '../../ui/field';
import { describeError } from '../../ui/states';
import { SectionCard, useSectionSave } from './section';
import { useDraft } from './use-draft';

/** The periods offered: 1 to 30 whole years, as the service (and the trail's triggers) allow. */
const YEARS = Array.from({ length: 30 }, (_, i) => i + 1);

/**
 * How long the audit trail is kept (docs/data-safety.md), on the Registro de accesos page:
 * one field, its own Save. A shorter period deletes events at the next purge, so before it is
 * saved the window asks the service what would go (`audit.purgePreview`) and says so in a
 * confirmation; the service refuses a shorter period without that confirmation too.
 */
export function RetentionCard(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const bridge = useBridge();
  const section = useSectionSave(['/auditRetentionYears', '/confirmRetention']);
  const current = props.settings.auditRetentionYears;
  const draft = useDraft({ auditRetentionYears: current });
  const next = draft.value.auditRetentionYears;
  const [preview, setPreview] = useState<RetentionPreview>();
  const [asking, setAsking] = useState(false);
  const [previewError, setPreviewError] = useState<string>();

  const save = (confirmRetention: boolean) =>
    void section
      .save({ auditRetentionYears: next, ...(confirmRetention ? { confirmRetention } : {}) })
      .then((saved) => {
        setPreview(undefined);
        if (saved) draft.clear();
      });

  return (
    <>
      <SectionCard
        title={t('retention.title')}
        section={section}
        dirty={draft.dirty}
        onSubmit={() => {
          if (!draft.dirty) return;
          if (next >= current) return save(false);
          // Shorter: what the next purge would delete, in the confirmation, before anything goes.
          setAsking(true);
          setPreviewError(undefined);
          callOperation(bridge, 'audit', 'purgePreview', { years: next })
            .then(setPreview, (error: unknown) =>
              setPreviewError(describeError(tc, asFailure(error))),
            )
            .finally(() => setAsking(false));
        }}
      >
        <SelectField
          label={t('retention.label')}
          hint={t('retention.hint', { count: current })}
          value={String(next)}
          disabled={asking}
          error={section.fieldError('/auditRetentionYears')}
          onChange={(e) => {
            section.touch();
            setPreviewError(undefined);
            draft.set({ auditRetentionYears: Number(e.target.value) });
          }}
        >
          {YEARS.map((years) => (
            <option key={years} value={years}>
              {t('retention.years', { count: years })}
            </option>
          ))}
        </SelectField>
        {previewError && (
          <p className="notice notice-danger settings-error" role="alert">
            {previewError}
          </p>
        )}
      </SectionCard>
      <ConfirmDialog
        open={preview !== undefined}
        title={t('retention.confirmTitle', { count: next })}
        confirmLabel={t('retention.confirm')}
        danger
        busy={section.saving}
        onCancel={() => setPreview(undefined)}
        onConfirm={() => save(true)}
      >
        {preview && (
          <>
            <p>
              {preview.events > 0
                ? t('retention.purges', {
                    count: preview.events,
                    events: format.number(preview.events),
                    patients: format.number(preview.patients),
                    before: format.date(preview.before),
                    oldest: format.date(preview.oldest ?? preview.before),
                  })
                : t('retention.purgesNothing', { count: next })}
            </p>
            <p>{t('retention.when', { count: next })}</p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
