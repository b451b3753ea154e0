import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/app-context';
import { AsyncView, LoadingState } from '../../ui/states';
import { useOpenApiDocument } from './developer-queries';

// Scalar is most of the window's code: it loads the first time the reference is shown. zod's
// jitless switch is loaded (and run) first, in a step of its own: were it a static import of
// scalar-reference, the bundler could evaluate Scalar's shared chunk before it.
const ScalarReference = lazy(async () => {
  await import('./zod-jitless');
  return import('./scalar-reference');
});

export function ApiReferencePanel() {
  const { t } = useTranslation('developer');
  const document = useOpenApiDocument();
  const info = useApp((s) => s.info);
  const language = useApp((s) => s.language);
  const baseUrl = 'data' in info && info.data ? info.data.apiBaseUrl : '';
  return (
    <div className="developer-reference-panel">
      <p className="developer-hint">
        {t('reference.note')} {t('reference.noTryIt')}
      </p>
      <AsyncView state={document}>
        {(doc) => (
          // The reference is the API's own text (English), not the window's: translate="no".
          <section className="developer-reference" aria-label={t('reference.label')} translate="no">
            <Suspense fallback={<LoadingState label={t('reference.loading')} />}>
              <ScalarReference document={doc} baseUrl={baseUrl} language={language} />
            </Suspense>
          </section>
        )}
      </AsyncView>
    </div>
  );
}
