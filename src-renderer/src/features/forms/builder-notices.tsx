import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { FormSummary } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { INSTRUMENT_NAMES } from '../responses';

/**
 * What the builder says above the form: archived (read-only, with a restore), already answered,
 * a validated instrument (locked wording, with a copy link), or the copy of one.
 */
export function BuilderNotices(props: {
  form: FormSummary | undefined;
  copyOf: FormSummary | undefined;
  restoring: boolean;
  onRestore: () => void;
}) {
  const { t } = useTranslation('forms');
  const format = useFormat();
  const { form, copyOf } = props;
  const archived = form?.status === 'archived';
  const validated = form?.instrument;
  return (
    <>
      {archived && (
        <div className="notice notice-warning forms-archived" role="status">
          <span>{t('builder.archived')}</span>
          <Button size="sm" busy={props.restoring} onClick={props.onRestore}>
            {t('builder.restore')}
          </Button>
        </div>
      )}
      {form && form.responseCount > 0 && !archived && (
        <p className="notice">
          {t('builder.inUse', {
            count: form.responseCount,
            formatted: format.number(form.responseCount),
          })}
        </p>
      )}
      {validated && (
        <div className="notice forms-validated" role="note">
          <span>
            {t('instruments.lockedNotice', {
              instrument: INSTRUMENT_NAMES[validated.key],
              language: t(`instruments.languages.${validated.language}`),
            })}
          </span>
          <Link href={`/forms/new?copy=${encodeURIComponent(form.id)}`} className="btn btn-sm">
            {t('instruments.copy')}
          </Link>
        </div>
      )}
      {copyOf?.instrument && <p className="notice notice-warning">{t('instruments.copyNotice')}</p>}
    </>
  );
}
