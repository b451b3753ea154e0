import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATIENT_SELECTION_LIMIT, type Patient } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { describeError } from '../../ui/states';
import { ScheduleDialog } from '../deliveries';
import { PatientExportButton } from '../transfers';
import { PatientRetagDialog, type RetagMode } from './patient-retag-dialog';
import { useLoadPatients, useSelectMatching } from './patients-queries';
import type { PatientQuery, Selection } from './patients-store';
import { useTagLabel } from './tag-labels';

/**
 * What the coordinator does with the ticked patients, and what the selection is: how many, and
 * whether "select all" kept some out (the limit is stated before anything is done). The list
 * offers to widen a page's selection to every patient that matches.
 */
export function PatientBulkBar(props: {
  selection: Selection;
  /** Patients the list's filters match. */
  total: number;
  /** Rows loaded in the list (the header's box ticks these). */
  loaded: number;
  query: PatientQuery;
  onSelectMatching: (ids: string[], total: number, limit: number) => void;
  onClear: () => void;
  /** What to announce on the screen once an action is done. */
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const tagLabel = useTagLabel();
  const matching = useSelectMatching();
  const load = useLoadPatients();
  const [scheduling, setScheduling] = useState<Patient[]>();
  const [retagging, setRetagging] = useState<RetagMode>();
  const { selection, total } = props;
  const count = selection.ids.length;
  const n = (value: number) => format.number(value);
  if (count === 0) return null;

  const limit = selection.matching?.limit;
  const offerAll = !selection.matching && count >= props.loaded && total > count;

  const selectAll = () =>
    matching.mutate(props.query, {
      onSuccess: (found) => props.onSelectMatching(found.ids, found.total, found.limit),
    });

  const sendForm = () =>
    load.mutate(selection.ids, { onSuccess: (patients) => setScheduling(patients) });

  return (
    <div className="patients-bulk" role="region" aria-label={t('bulk.region')}>
      <p className="patients-bulk-count" aria-live="polite">
        <strong>{t('bulk.selected', { count, formatted: n(count) })}</strong>
        {selection.matching && selection.matching.total > count && (
          <span className="muted">
            {' '}
            {t('bulk.limited', {
              formatted: n(count),
              total: n(selection.matching.total),
              limit: n(limit ?? count),
            })}
          </span>
        )}
        {offerAll && (
          <Button size="sm" variant="ghost" busy={matching.isPending} onClick={selectAll}>
            {total > limitOf(matching.data)
              ? t('bulk.selectFirst', { limit: n(limitOf(matching.data)), total: n(total) })
              : t('bulk.selectAll', { count: total, formatted: n(total) })}
          </Button>
        )}
      </p>
      <div className="patients-bulk-actions">
        <Button size="sm" variant="primary" busy={load.isPending} onClick={sendForm}>
          {t('bulk.sendForm')}
        </Button>
        <Button size="sm" onClick={() => setRetagging('add')}>
          {t('bulk.addTag')}
        </Button>
        <Button size="sm" onClick={() => setRetagging('remove')}>
          {t('bulk.removeTag')}
        </Button>
        <PatientExportButton size="sm" scope={{ ids: selection.ids }} label={t('bulk.export')} />
        <Button size="sm" variant="ghost" onClick={props.onClear}>
          {t('bulk.clear')}
        </Button>
      </div>
      {(matching.error || load.error) && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, (matching.error ?? load.error)!)}
        </p>
      )}
      {scheduling && (
        <ScheduleDialog
          initialPatients={scheduling}
          onClose={(notice) => {
            setScheduling(undefined);
            if (notice) props.onNotice(notice);
          }}
        />
      )}
      {retagging && (
        <PatientRetagDialog
          mode={retagging}
          ids={selection.ids}
          onClose={(done) => {
            setRetagging(undefined);
            if (!done) return;
            const { report, tag } = done;
            const parts = [
              t(`bulk.${retagging}Done`, {
                count: report.updated,
                formatted: n(report.updated),
                tag: tagLabel(tag),
              }),
            ];
            if (report.unchanged)
              parts.push(
                t(`bulk.${retagging}Unchanged`, {
                  count: report.unchanged,
                  formatted: n(report.unchanged),
                }),
              );
            const full = report.refused.filter((r) => r.code === 'too_many_tags').length;
            if (full) parts.push(t('bulk.tooManyTags', { count: full, formatted: n(full) }));
            const gone = report.refused.length - full;
            if (gone) parts.push(t('bulk.gone', { count: gone, formatted: n(gone) }));
            props.onNotice(parts.join(' '));
          }}
        />
      )}
    </div>
  );
}

/** The service's selection limit, known once it answered; until then the contract's. */
function limitOf(found: { limit: number } | undefined): number {
  return found?.limit ?? PATIENT_SELECTION_LIMIT;
}
