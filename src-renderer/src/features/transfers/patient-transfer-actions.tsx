import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { downloadText } from '../../ui/download';
import { describeError } from '../../ui/states';
import { PatientImportDialog } from './patient-import-dialog';
import { useExportPatients, type PatientExportScope } from './transfer-queries';
import './transfers.css';

/**
 * The patients screen's import and export buttons. The export takes the list's filters or a
 * selection's ids (`scope`), so a bulk "export selected" is the same button (PatientExportButton).
 */
export function PatientTransferActions(props: { scope: PatientExportScope }) {
  const { t } = useTranslation('transfers');
  const [importing, setImporting] = useState(false);
  return (
    <div className="transfer-actions">
      <Button onClick={() => setImporting(true)}>{t('import.open')}</Button>
      <PatientExportButton scope={props.scope} />
      {importing && <PatientImportDialog onClose={() => setImporting(false)} />}
    </div>
  );
}

/** Downloads the patients `scope` selects as CSV and says what it wrote (or why it could not). */
export function PatientExportButton(props: {
  scope: PatientExportScope;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('transfers');
  const { t: tc } = useTranslation('common');
  const exportPatients = useExportPatients();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string }>();

  async function download() {
    setBusy(true);
    setNote(undefined);
    try {
      const file = await exportPatients(props.scope);
      downloadText(file.filename, file.csv, 'text/csv;charset=utf-8');
      setNote({
        tone: 'ok',
        text: t('export.done', { count: file.rows, filename: file.filename }),
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
