import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvFile } from '../../../../src-preload/contract';
import { asFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { downloadText } from '../../ui/download';
import { describeError } from '../../ui/states';
import './transfers.css';

/**
 * A button that asks the service for a CSV file, downloads it under the name the service gave it,
 * and says beside it what it wrote or why it could not: the one shape of every export button.
 */
export function CsvDownloadButton(props: {
  run: () => Promise<CsvFile>;
  /** The sentence for a written file: patients count as patients, other lists as rows. */
  done: 'export.done' | 'export.rows';
  label?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('transfers');
  const { t: tc } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string }>();

  async function download() {
    setBusy(true);
    setNote(undefined);
    try {
      const file = await props.run();
      downloadText(file.filename, file.csv, 'text/csv;charset=utf-8');
      setNote({ tone: 'ok', text: t(props.done, { count: file.rows, filename: file.filename }) });
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
    <span className="transfer-actions">
      <Button size={props.size} onClick={() => void download()} disabled={busy}>
        {props.label ?? t('export.open')}
      </Button>
      {/* A live region, not a status role: the screen's own status line keeps that name. */}
      <span
        className={note?.tone === 'error' ? 'transfer-note notice-danger' : 'transfer-note muted'}
        aria-live={note?.tone === 'error' ? 'assertive' : 'polite'}
      >
        {note?.text}
      </span>
    </span>
  );
}
