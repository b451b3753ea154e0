import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvFile, InputOf } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { asFailure } from '../../bridge/bridge';
import { callOperation } from '../../data/bridge-query';
import type { AppLanguage } from '../../i18n/messages';
import { Button } from '../../ui/button';
import { downloadText } from '../../ui/download';
import { describeError } from '../../ui/states';
import './transfers.css';

type Exported = 'deliveries' | 'calls' | 'alerts';

/**
 * "Exportar CSV" for a list screen: the `exports.<what>` operation with the screen's filters, in
 * the window's language, downloaded as the file the service names; what happened is said beside.
 */
export function ExportCsvButton<W extends Exported>(props: {
  what: W;
  filters: Omit<InputOf<'exports', W>, 'language'>;
}) {
  const { t, i18n } = useTranslation('transfers');
  const { t: tc } = useTranslation('common');
  const bridge = useBridge();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string }>();

  async function download() {
    setBusy(true);
    setNote(undefined);
    try {
      const input = {
        ...props.filters,
        language: (i18n.resolvedLanguage ?? 'es') as AppLanguage,
      } as InputOf<'exports', W>;
      const file = (await callOperation(bridge, 'exports', props.what, input)) as CsvFile;
      downloadText(file.filename, file.csv, 'text/csv;charset=utf-8');
      setNote({
        tone: 'ok',
        text: t('export.rows', { count: file.rows, filename: file.filename }),
      });
    } catch (error) {
      setNote({
        tone: 'error',
        text: t('export.failed', { message: describeError(tc, asFailure(error)) }),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="transfer-actions">
      <Button onClick={() => void download()} disabled={busy}>
        {t('export.open')}
      </Button>
      {/* A live region, not a status role: the screen's own status line keeps that name. */}
      <span
        className={note?.tone === 'error' ? 'transfer-note notice-danger' : 'transfer-note muted'}
        aria-live={note?.tone === 'error' ? 'assertive' : 'polite'}
      >
        {note?.text}
      </span>
    </div>
  );
}
