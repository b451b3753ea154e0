import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Patient } from '../../../../src-preload/contract';
import { useApp } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { AsyncView, ErrorState, LoadingState } from '../../ui/states';
import { PatientAlerts } from '../alerts';
import { PatientFormDialog } from './patient-form';
import { ageOn, fullName, preferredLanguage } from './patient-format';
import { usePatient, usePatientTimeline } from './patients-queries';
import { PatientTimeline } from './patient-timeline';
import { StatusBadge } from './patients-table';
import './patients.css';

export function PatientPage(props: { id: string }) {
  const { t } = useTranslation('patients');
  const patient = usePatient(props.id);
  const timeline = usePatientTimeline(props.id);
  const [editing, setEditing] = useState(false);

  const back = (
    <Link href="/patients" className="patients-back">
      <span aria-hidden="true">← </span>
      {t('backToList')}
    </Link>
  );

  const data = patient.data;
  const refresh = () => {
    void patient.refetch();
    void timeline.refetch();
  };

  if (!data) {
    if (patient.error?.code === 'resource_missing') {
      return (
        <div className="patients-page">
          {back}
          <div className="state state-empty patients-not-found">
            <h1 className="state-title">{t('page.notFound')}</h1>
            <p>{t('page.notFoundHint')}</p>
            <Link href="/patients">{t('backToList')}</Link>
          </div>
        </div>
      );
    }
    return (
      <div className="patients-page">
        {back}
        {patient.error ? <ErrorState error={patient.error} onRetry={refresh} /> : <LoadingState />}
      </div>
    );
  }

  return (
    <div className="patients-page">
      {back}
      <PageHeader
        title={
          <span className="patients-page-title">
            {fullName(data)} <StatusBadge status={data.status} />
          </span>
        }
        actions={
          <Button variant="primary" onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
        }
      />
      <PatientAlerts patientId={data.id} />
      {patient.error && <ErrorState error={patient.error} onRetry={refresh} />}
      <div className="patients-page-grid">
        <PatientDetails patient={data} />
        <Card title={t('timeline.title')} label={t('timeline.label')}>
          <AsyncView state={timeline} onRetry={refresh}>
            {(items) => <PatientTimeline items={items} />}
          </AsyncView>
        </Card>
      </div>
      <PatientFormDialog
        open={editing}
        patient={data}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </div>
  );
}

function PatientDetails(props: { patient: Patient }) {
  const { t } = useTranslation('patients');
  const format = useFormat();
  const clock = useApp((s) => s.clock?.now);
  const { patient } = props;
  const language = preferredLanguage(patient);
  const age = patient.dateOfBirth
    ? ageOn(patient.dateOfBirth, clock ? new Date(clock) : new Date())
    : undefined;
  const notSet = <span className="muted">{t('page.notSet')}</span>;
  return (
    <Card title={t('page.details')} label={t('page.details')}>
      <dl className="patients-details">
        <dt>{t('page.phone')}</dt>
        <dd>{patient.phone ? <a href={`tel:${patient.phone}`}>{patient.phone}</a> : notSet}</dd>
        <dt>{t('page.email')}</dt>
        <dd>{patient.email ? <a href={`mailto:${patient.email}`}>{patient.email}</a> : notSet}</dd>
        <dt>{t('page.dateOfBirth')}</dt>
        <dd>
          {patient.dateOfBirth
            ? age === undefined
              ? format.plainDate(patient.dateOfBirth)
              : t('page.dateWithAge', {
                  date: format.plainDate(patient.dateOfBirth),
                  age: t('age', { count: age }),
                })
            : notSet}
        </dd>
        <dt>{t('page.language')}</dt>
        <dd>{language ? t(`languages.${language}`) : notSet}</dd>
        <dt>{t('page.tags')}</dt>
        <dd>
          {patient.tags.length ? (
            <ul className="patients-chips">
              {patient.tags.map((tag) => (
                <li key={tag} className="patients-chip patients-chip-static">
                  {tag}
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">{t('page.noTags')}</span>
          )}
        </dd>
        <dt>{t('page.createdAt')}</dt>
        <dd>{format.dateTime(patient.createdAt)}</dd>
        <dt>{t('page.updatedAt')}</dt>
        <dd>{format.dateTime(patient.updatedAt)}</dd>
      </dl>
    </Card>
  );
}
