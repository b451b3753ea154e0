import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ImportProblem,
  ImportTarget,
  PatientImportPreview,
  PatientImportReport,
} from '../../../../src-preload/contract';
import { asFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/field';
import { ProgressBar } from '../../ui/layout';
import { describeError } from '../../ui/states';
import { fileErrorText, reasonText, TARGETS } from './import-text';
import { MAX_FILE_BYTES, readAsBase64, usePatientImport } from './transfer-queries';

type Stage =
  | { step: 'choose' }
  | { step: 'reading'; share: number }
  | { step: 'checking' }
  | { step: 'preview'; preview: PatientImportPreview }
  | { step: 'importing'; count: number }
  | { step: 'done'; report: PatientImportReport };

/**
 * Patients from a spreadsheet's CSV (docs/desktop.md, "Patient import"): the window reads the
 * file (File API, so web mode works too), the service reads, maps and checks it without writing
 * (preview), the coordinator fixes the columns, and one operation imports the rows that pass in
 * one transaction. The bar shows the bytes read, then runs without a percentage while the
 * service checks and imports: that work is one request, and the bar does not pretend otherwise.
 */
export function PatientImportDialog(props: { onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const { t: tc } = useTranslation('common');
  const format = useFormat();
  const ops = usePatientImport();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [file, setFile] = useState<string>();
  const [error, setError] = useState<string>();

  const failed = (e: unknown, during: 'check' | 'import') => {
    const failure = asFailure(e);
    const text = fileErrorText(t, failure) ?? describeError(tc, failure);
    setError(during === 'import' ? t('import.failed', { message: text }) : text);
  };

  async function choose(chosen: File | undefined) {
    setError(undefined);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setError(
        t('import.tooLarge', {
          size: `${format.number(Math.round(chosen.size / 104857.6) / 10)} MB`,
        }),
      );
      return;
    }
    setStage({ step: 'reading', share: 0 });
    try {
      const read = await readAsBase64(chosen, (share) => setStage({ step: 'reading', share }));
      setFile(read);
      setStage({ step: 'checking' });
      setStage({ step: 'preview', preview: await ops.preview(read) });
    } catch (e) {
      failed(e, 'check');
      setStage({ step: 'choose' });
    }
  }

  async function remap(preview: PatientImportPreview, index: number, target: ImportTarget) {
    if (!file) return;
    const columns = preview.columns.map((c, i) => (i === index ? target : c));
    setStage({ step: 'checking' });
    try {
      setStage({ step: 'preview', preview: await ops.preview(file, columns) });
    } catch (e) {
      failed(e, 'check');
      setStage({ step: 'preview', preview });
    }
  }

  async function run(preview: PatientImportPreview) {
    if (!file) return;
    setError(undefined);
    setStage({ step: 'importing', count: preview.ready });
    try {
      setStage({ step: 'done', report: await ops.run(file, preview.columns) });
    } catch (e) {
      failed(e, 'import');
      setStage({ step: 'preview', preview });
    }
  }

  const preview = stage.step === 'preview' ? stage.preview : undefined;
  return (
    <Dialog
      open
      wide
      title={t('import.title')}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{t('import.close')}</Button>
          {preview && (
            <Button
              variant="primary"
              disabled={preview.ready === 0 || preview.missing.length > 0}
              onClick={() => void run(preview)}
            >
              {t('import.run', { count: preview.ready })}
            </Button>
          )}
        </>
      }
    >
      <div className="transfer-import">
        {(stage.step === 'choose' || stage.step === 'reading' || stage.step === 'checking') && (
          <div className="field">
            <label className="field-label" htmlFor="import-file">
              {t('import.file')}
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,.txt,text/csv"
              aria-describedby="import-file-hint"
              disabled={stage.step !== 'choose'}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            <span id="import-file-hint" className="field-hint">
              {t('import.fileHint')}
            </span>
          </div>
        )}
        {stage.step === 'reading' && (
          <ProgressBar label={t('import.reading')} value={Math.round(stage.share * 100)} />
        )}
        {stage.step === 'checking' && (
          <>
            <p role="status">{t('import.checking')}</p>
            <ProgressBar label={t('import.progress')} />
          </>
        )}
        {stage.step === 'importing' && (
          <>
            <p role="status">{t('import.importing', { count: stage.count })}</p>
            <ProgressBar label={t('import.progress')} />
          </>
        )}
        {error && (
          <p className="notice notice-danger" role="alert">
            {error}
          </p>
        )}
        {preview && <PreviewBody preview={preview} onRemap={remap} />}
        {stage.step === 'done' && (
          <>
            <p className="notice notice-success" role="status">
              {t('import.done', { count: stage.report.imported, total: stage.report.total })}
            </p>
            {stage.report.problems.length > 0 && (
              <ProblemList title={t('import.skipped')} problems={stage.report.problems} />
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

function PreviewBody(props: {
  preview: PatientImportPreview;
  onRemap: (preview: PatientImportPreview, index: number, target: ImportTarget) => void;
}) {
  const { t } = useTranslation('transfers');
  const { preview } = props;
  const shown = preview.columns.filter((c) => c !== 'ignore');
  return (
    <>
      <p role="status">
        {t('import.read', {
          encoding: preview.encoding.toUpperCase(),
          delimiter: preview.delimiter === '\t' ? 'TAB' : preview.delimiter,
          total: preview.total,
          ready: preview.ready,
        })}
      </p>
      <fieldset className="transfer-mapping">
        <legend>{t('import.mapping')}</legend>
        <p className="muted">{t('import.mappingHint')}</p>
        <div className="transfer-mapping-grid">
          {preview.headers.map((header, i) => (
            <SelectField
              key={`${i}-${header}`}
              label={header || `#${i + 1}`}
              value={preview.columns[i] ?? 'ignore'}
              onChange={(e) => props.onRemap(preview, i, e.target.value as ImportTarget)}
            >
              {TARGETS.map((target) => (
                <option key={target} value={target}>
                  {t(`targets.${target}`)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
      </fieldset>
      {preview.missing.length > 0 && (
        <p className="notice notice-warning" role="alert">
          {t('import.missing', {
            fields: preview.missing.map((m) => t(`targets.${m}`)).join(', '),
          })}
        </p>
      )}
      {preview.sample.length > 0 && (
        <div className="transfer-table-wrap" tabIndex={0} aria-label={t('import.sample')}>
          <table className="table">
            <caption>{t('import.sample')}</caption>
            <thead>
              <tr>
                {shown.map((target) => (
                  <th key={target} scope="col">
                    {t(`targets.${target}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.sample.map(({ line, patient }) => (
                <tr key={line}>
                  {shown.map((target) => (
                    <td key={target}>{sampleValue(patient, target)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.problems.length > 0 && (
        <ProblemList
          title={t('import.problems', { count: preview.problems.length })}
          problems={preview.problems}
        />
      )}
    </>
  );
}

/** A cell of the preview: the value as it will be stored. */
function sampleValue(
  patient: PatientImportPreview['sample'][number]['patient'],
  target: ImportTarget,
): string {
  if (target === 'tags') return (patient.tags ?? []).join(', ');
  if (target === 'mrn' || target === 'sex') return String(patient.metadata?.[target] ?? '');
  if (target === 'ignore') return '';
  return patient[target] ?? '';
}

function ProblemList(props: { title: string; problems: ImportProblem[] }) {
  const { t } = useTranslation('transfers');
  return (
    <section className="transfer-problems" aria-label={props.title}>
      <h3>{props.title}</h3>
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <ul data-testid="import-problems" tabIndex={0} aria-label={props.title}>
        {props.problems.map((problem) => (
          <li key={problem.line}>
            <strong>{t('import.line', { line: problem.line })}</strong>:{' '}
            {problem.reasons.map((r) => reasonText(t, r)).join('; ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
