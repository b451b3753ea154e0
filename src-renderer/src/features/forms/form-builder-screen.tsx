import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageHeader } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { Builder } from './form-builder';
import { useForm } from './forms-queries';
import './forms.css';

/**
 * `/forms/new` builds a new form, `/forms/new?copy=<id>` starts from a copy of one (a validated
 * instrument's copy is a form of the clinic's own); `/forms/:id` edits one (read-only while
 * archived; a validated instrument's wording is read-only always).
 */
export function FormBuilderScreen(props: { id?: string }) {
  const copy = new URLSearchParams(useSearch()).get('copy');
  if (props.id) return <ExistingForm key={props.id} id={props.id} />;
  return copy ? <ExistingForm key={`copy-${copy}`} id={copy} copy /> : <Builder />;
}

/** The form to edit (or to copy), read first. */
function ExistingForm(props: { id: string; copy?: boolean }) {
  const { t } = useTranslation('forms');
  const form = useForm(props.id);

  if (!form.data && form.error?.code === 'resource_missing') {
    return (
      <div className="forms-builder-screen">
        <PageHeader title={t('builder.editTitle')} />
        <p className="notice notice-danger" role="alert">
          {t('builder.notFound')}
        </p>
        <Link href="/forms" className="btn">
          {t('builder.back')}
        </Link>
      </div>
    );
  }
  return (
    <AsyncView state={form}>
      {(data) => (props.copy ? <Builder copyOf={data} /> : <Builder form={data} />)}
    </AsyncView>
  );
}
