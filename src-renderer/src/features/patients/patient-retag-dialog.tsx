import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputOf } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { describeError } from '../../ui/states';
import { usePatientTags, useRetag } from './patients-queries';
import { useTagLabel } from './tag-labels';

export type RetagMode = 'add' | 'remove';
type Report = OutputOf<'patients', 'retag'>;

/**
 * Adds a tag to, or removes it from, every selected patient in one step. The dialog says how many
 * patients it will touch before it acts; the service does all of it or nothing, and answers what
 * changed, what already was so, and who was left out (the 20-tag limit) for the screen to say.
 */
export function PatientRetagDialog(props: {
  mode: RetagMode;
  ids: string[];
  onClose: (report?: { tag: string; report: Report }) => void;
}) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const tagLabel = useTagLabel();
  const tags = usePatientTags().data ?? [];
  const retag = useRetag();
  const listId = useId();
  const [tag, setTag] = useState('');
  const count = props.ids.length;
  const chosen = tag.trim();

  const apply = () => {
    retag.mutate(
      { ids: props.ids, ...(props.mode === 'add' ? { add: [chosen] } : { remove: [chosen] }) },
      { onSuccess: (report) => props.onClose({ tag: chosen, report }) },
    );
  };

  return (
    <Dialog
      open
      title={t(`bulk.${props.mode}Title`)}
      onClose={() => props.onClose()}
      footer={
        <>
          <Button onClick={() => props.onClose()}>{tc('actions.cancel')}</Button>
          <Button variant="primary" busy={retag.isPending} disabled={!chosen} onClick={apply}>
            {t(`bulk.${props.mode}Apply`, { count, formatted: format.number(count) })}
          </Button>
        </>
      }
    >
      <TextField
        label={t('bulk.tag')}
        value={tag}
        list={listId}
        maxLength={50}
        autoFocus
        autoComplete="off"
        onChange={(event) => setTag(event.target.value)}
      />
      <datalist id={listId}>
        {tags.map((x) => (
          <option key={x.tag} value={x.tag}>
            {tagLabel(x.tag)}
          </option>
        ))}
      </datalist>
      <p role="status">
        {chosen
          ? t(`bulk.${props.mode}Says`, {
              count,
              formatted: format.number(count),
              tag: tagLabel(chosen),
            })
          : ''}
      </p>
      {retag.error && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, retag.error)}
        </p>
      )}
    </Dialog>
  );
}
