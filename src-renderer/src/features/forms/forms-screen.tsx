import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useStore } from 'zustand';
import type { FormSummary } from '../../../../src-preload/contract';
import { useApp, useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { SelectField } from '../../ui/field';
import { Badge, PageHeader } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { describeError, EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useArchiveForm, useFormList, useRemoveForm, useRestoreForm } from './forms-queries';
import { createFormsStore, type FormFilter, type FormNotice } from './forms-store';
import { InstrumentDialog } from './instrument-dialog';
import { useFormErrorText } from './use-form-error-text';
import './forms.css';

export function FormsScreen() {
  const { t } = useTranslation('forms');
  const [, navigate] = useLocation();
  const store = useFeatureStore(createFormsStore);
  const state = useStore(store);
  const list = useFormList(state.filter);
  const [removing, setRemoving] = useState<FormSummary | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    const { enter, leave } = store.getState();
    enter();
    return leave;
  }, [store]);

  const rows = list.data ?? [];
  let body;
  if (list.data === undefined) {
    body = list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : <LoadingState />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState title={t(`list.empty.${state.filter}`)}>
        {state.filter !== 'archived' && (
          <>
            <p>{t('list.emptyHint')}</p>
            <Button variant="primary" onClick={() => navigate('/forms/new')}>
              {t('newForm')}
            </Button>
          </>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <FormsTable rows={rows} busy={state.busy} onRemove={setRemoving} />
        <LoadMoreFooter
          hasMore={list.hasMore}
          loading={list.loadingMore}
          error={list.moreError}
          onMore={list.loadMore}
        />
      </>
    );
  }

  return (
    <div className="forms-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button onClick={() => setAdding(true)}>{t('instruments.add')}</Button>
            <Link href="/forms/new" className="btn btn-primary">
              {t('newForm')}
            </Link>
          </>
        }
      />
      <InstrumentDialog open={adding} onClose={() => setAdding(false)} />
      <div className="forms-toolbar">
        <SelectField
          label={t('list.filter')}
          value={state.filter}
          onChange={(e) => store.getState().setFilter(e.target.value as FormFilter)}
        >
          {(['active', 'archived', 'all'] as const).map((f) => (
            <option key={f} value={f}>
              {t(`list.filters.${f}`)}
            </option>
          ))}
        </SelectField>
        {list.refreshing && rows.length > 0 && (
          <span className="forms-updating muted" role="status">
            <span className="spinner" aria-hidden="true" /> {t('list.updating')}
          </span>
        )}
      </div>
      <Notice notice={state.notice} />
      {state.actionError && <ActionError {...state.actionError} />}
      {list.error && rows.length > 0 && <ErrorState error={list.error} onRetry={list.refetch} />}
      <div className="card forms-card">{body}</div>
      {removing && <RemoveDialog form={removing} onDone={() => setRemoving(null)} />}
    </div>
  );
}

function Notice(props: { notice: FormNotice | undefined }) {
  const { t } = useTranslation('forms');
  const restore = useRestoreForm();
  const { notice } = props;
  return (
    <div className="forms-notice" role="status">
      {notice && (
        <p className="notice">
          {t(`notices.${notice.kind}`, { name: notice.name })}
          {notice.kind === 'archived' && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void restore({ id: notice.id, name: notice.name })}
            >
              {t('notices.undo')}
            </Button>
          )}
        </p>
      )}
    </div>
  );
}

function ActionError(props: { name: string; error: Parameters<typeof describeError>[1] }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  return (
    <p className="notice notice-danger" role="alert">
      {props.error.code === 'form_in_use'
        ? `${props.name}: ${t('errors.inUse')}`
        : `${props.name}: ${describeError(tc, props.error)}`}
    </p>
  );
}

function FormsTable(props: {
  rows: FormSummary[];
  busy: ReadonlySet<string>;
  onRemove: (form: FormSummary) => void;
}) {
  const { t } = useTranslation('forms');
  const format = useFormat();
  const archive = useArchiveForm();
  const restore = useRestoreForm();
  // In sandbox mode "latest response" is relative to the service clock, which may run ahead.
  const clock = useApp((s) => s.clock);
  const now = clock ? new Date(clock.now) : new Date();
  return (
    <div className="forms-table-wrap">
      <table className="table forms-table" aria-label={t('list.label')}>
        <thead>
          <tr>
            <th scope="col">{t('list.columns.name')}</th>
            <th scope="col">{t('list.columns.type')}</th>
            <th scope="col">{t('list.columns.status')}</th>
            <th scope="col">{t('list.columns.fields')}</th>
            <th scope="col">{t('list.columns.responses')}</th>
            <th scope="col">{t('list.columns.updated')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((form) => {
            const busy = props.busy.has(form.id);
            const archived = form.status === 'archived';
            return (
              <tr key={form.id}>
                <th scope="row" className="forms-name">
                  <Link href={`/forms/${encodeURIComponent(form.id)}`}>{form.name}</Link>
                  {form.instrument && (
                    <>
                      {' '}
                      <Badge tone="info">{t('instruments.badge')}</Badge>
                    </>
                  )}
                </th>
                <td>{t(`types.${form.type}`)}</td>
                <td>
                  <Badge tone={archived ? 'neutral' : 'success'}>
                    {t(`status.${form.status}`)}
                  </Badge>
                </td>
                <td>{format.number(form.fields.length)}</td>
                <td>
                  <span className="forms-count">{format.number(form.responseCount)}</span>
                  {form.lastResponseAt && (
                    <span className="forms-sub muted">
                      <time
                        dateTime={form.lastResponseAt}
                        title={format.dateTime(form.lastResponseAt)}
                      >
                        {t('list.lastResponse', {
                          when: format.relative(form.lastResponseAt, now),
                        })}
                      </time>
                    </span>
                  )}
                  {form.pendingDeliveries > 0 && (
                    <span className="forms-sub muted">
                      {t('list.pending', {
                        count: form.pendingDeliveries,
                        formatted: format.number(form.pendingDeliveries),
                      })}
                    </span>
                  )}
                </td>
                <td>
                  <time dateTime={form.updatedAt} title={format.dateTime(form.updatedAt)}>
                    {format.date(form.updatedAt)}
                  </time>
                </td>
                <td className="forms-actions">
                  <Link
                    href={`/forms/${encodeURIComponent(form.id)}`}
                    className="btn btn-ghost btn-sm"
                    aria-label={t('list.editLabel', { name: form.name })}
                  >
                    {t('list.edit')}
                  </Link>
                  <Link
                    href={`/forms/${encodeURIComponent(form.id)}/responses`}
                    className="btn btn-ghost btn-sm"
                    aria-label={t('list.responsesLabel', { name: form.name })}
                  >
                    {t('list.responses')}
                  </Link>
                  {archived ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      busy={busy}
                      aria-label={t('list.restoreLabel', { name: form.name })}
                      onClick={() => void restore(form)}
                    >
                      {t('list.restore')}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      busy={busy}
                      aria-label={t('list.archiveLabel', { name: form.name })}
                      onClick={() => void archive(form)}
                    >
                      {t('list.archive')}
                    </Button>
                  )}
                  {form.deletable ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="forms-remove"
                      disabled={busy}
                      aria-label={t('list.removeLabel', { name: form.name })}
                      onClick={() => props.onRemove(form)}
                    >
                      {t('list.remove')}
                    </Button>
                  ) : (
                    <span className="visually-hidden">
                      {t('list.keptLabel', { name: form.name })}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RemoveDialog(props: { form: FormSummary; onDone: () => void }) {
  const { t } = useTranslation('forms');
  const store = useFeatureStore(createFormsStore);
  const remove = useRemoveForm();
  const errorText = useFormErrorText();
  const [busy, setBusy] = useState(false);
  const actionError = useStore(store, (s) => s.actionError);
  const [failed, setFailed] = useState(false);
  return (
    <ConfirmDialog
      open
      danger
      busy={busy}
      title={t('remove.title', { name: props.form.name })}
      confirmLabel={t('remove.confirm')}
      onCancel={props.onDone}
      onConfirm={() => {
        setBusy(true);
        setFailed(false);
        void remove(props.form).then((done) => {
          if (done) props.onDone();
          else {
            setFailed(true);
            setBusy(false);
          }
        });
      }}
    >
      <p>{t('remove.body')}</p>
      {failed && actionError && (
        <p className="notice notice-danger" role="alert">
          {actionError.error.code === 'form_in_use'
            ? t('remove.inUse')
            : errorText.problem(actionError.error)}
        </p>
      )}
    </ConfirmDialog>
  );
}
