import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../src-preload/contract';
import { SelectField } from '../../ui/field';
import { ErrorState, LoadingState } from '../../ui/states';
import type { PreviewState } from './use-form-preview';

const LANGUAGES: readonly Language[] = ['es', 'ca', 'en'];

/**
 * The patient form page for the draft, as the service renders it, in a frame with every sandbox
 * restriction (`sandbox=""`: no script, no form submission, a unique origin): what the patient
 * sees, and nothing it could do inside the window. A srcdoc frame is not fetched, so the
 * window's CSP needs no frame source for it.
 */
export function FormPreviewPane(props: {
  preview: PreviewState;
  language: Language;
  onLanguage: (language: Language) => void;
}) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { preview } = props;
  return (
    <section className="card forms-preview" aria-labelledby="forms-preview-title">
      <div className="card-header forms-preview-head">
        <div>
          <h2 id="forms-preview-title">{t('preview.title')}</h2>
          <p className="muted forms-preview-description">{t('preview.description')}</p>
        </div>
        <SelectField
          label={t('preview.language')}
          value={props.language}
          onChange={(e) => props.onLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {tc(`language.${language}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="forms-preview-status muted" role="status">
        {preview.pending && preview.html !== undefined && (
          <>
            <span className="spinner" aria-hidden="true" /> {t('preview.updating')}
          </>
        )}
      </p>
      {preview.failure && !preview.pending && (
        <ErrorState title={t('preview.error')} error={preview.failure} onRetry={preview.retry} />
      )}
      {preview.html === undefined ? (
        !preview.failure && <LoadingState />
      ) : (
        <iframe
          className="forms-preview-frame"
          title={t('preview.frame')}
          sandbox=""
          srcDoc={preview.html}
        />
      )}
    </section>
  );
}
