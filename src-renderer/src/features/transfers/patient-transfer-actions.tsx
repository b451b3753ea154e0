import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { CsvDownloadButton } from './csv-download-button';
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
  const exportPatients = useExportPatients();
  return (
    <CsvDownloadButton
      run={() => exportPatients(props.scope)}
      done="export.done"
      {...(props.label ? { label: props.label } : {})}
      {...(props.size ? { size: props.size } : {})}
    />
  );
}
