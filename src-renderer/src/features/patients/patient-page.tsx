import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Patient } from '../../../../src-preload/contract';
import { useServiceNow } from '../../app/service-clock';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { AsyncView, ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { PatientAlerts } from '../alerts';
import { PatientActivity } from '../audit';
import { StartCallDialog } from '../calls';
import { StartChatDialog } from '../chats';
import { ScheduleDialog } from '../deliveries';
import { PatientFormDialog } from './patient-form';
import { PatientNoteDialog } from './patient-note-dialog';
import { ageOn, fullName, preferredLanguage, recordDetails } from './patient-format';
import { usePatient, usePatientTimeline } from './patients-queries';
import { PatientTimeline } from './patient-timeline';
import { StatusBadge } from './patients-table';
import { useTagLabel } from './tag-labels';
import './patients.css';

export function PatientPage(props: { id: string }) {
  const { t } = useTranslation('patients');
  const patient = usePatient(props.id);
  const timeline = usePatientTimeline(props.id);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState<'form' | 'chat' | 'call' | 'note'>();
  const [notice, setNotice] = useState('');
  const [, navigate] = useLocation();
  /** Opens one of the page's dialogs; what the last one said makes way. */
  const start = (dialog: 'form' | 'chat' | 'call' | 'note') => {
    setNotice('');
    setOpen(dialog);
  };

  const back = (
    <Link href="/patients" className="patients-back no-print">
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
          <div className="patients-page-actions" role="group" aria-label={t('page.actions')}>
            <Button variant="primary" onClick={() => start('form')}>
              {t('page.sendForm')}
            </Button>
            <Button onClick={() => start('chat')}>{t('page.startChat')}</Button>
            <Button
              onClick={() => start('call')}
              disabled={!data.phone}
              title={data.phone ? undefined : t('page.callNoPhone')}
            >
              {t('page.call')}
            </Button>
            <Button onClick={() => start('note')}>{t('notes.add')}</Button>
            <Button onClick={() => setEditing(true)}>{t('edit')}</Button>
            <Button onClick={() => window.print()}>{t('page.print')}</Button>
          </div>
        }
      />
      {/* Always there, so a screen reader hears what a dialog did as soon as it says it. */}
      <p className={notice ? 'notice' : 'visually-hidden'} role="status">
        {notice}
      </p>
      <PatientAlerts patientId={data.id} />
      {patient.error && <ErrorState error={patient.error} onRetry={refresh} />}
      <div className="patients-page-grid">
        <PatientDetails patient={data} />
        <RecordTabs
          timeline={
            <AsyncView state={timeline} onRetry={refresh}>
              {(items) => <PatientTimeline items={items} patient={data} />}
            </AsyncView>
          }
          activity={<PatientActivity patientId={data.id} />}
        />
      </div>
      {open === 'form' && (
        <ScheduleDialog
          initialPatients={[data]}
          onClose={(done) => {
            setOpen(undefined);
            if (done) setNotice(done);
          }}
        />
      )}
      {open === 'chat' && (
        <StartChatDialog
          patient={data}
          onClose={() => setOpen(undefined)}
          onStarted={(conversation) => navigate(`/chats/${encodeURIComponent(conversation.id)}`)}
        />
      )}
      {open === 'call' && (
        <StartCallDialog
          patient={data}
          onClose={() => setOpen(undefined)}
          onStarted={(call) => navigate(`/calls/${encodeURIComponent(call.id)}`)}
        />
      )}
      {open === 'note' && (
        <PatientNoteDialog
          patient={data}
          onClose={() => setOpen(undefined)}
          onSaved={() => {
            setOpen(undefined);
            setNotice(t('notes.saved'));
          }}
        />
      )}
      <PatientFormDialog
        open={editing}
        patient={data}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </div>
  );
}

type RecordTab = 'timeline' | 'activity';

/**
 * The record's history and who has seen it, as two tabs of one card: the timeline first (what
 * happened to the patient), the activity (the audit trail of this patient) a click away.
 */
function RecordTabs(props: { timeline: ReactNode; activity: ReactNode }) {
  const { t } = useTranslation('patients');
  const { t: ta } = useTranslation('audit');
  const [tab, setTab] = useState<RecordTab>('timeline');
  const [mounted, setMounted] = useState<ReadonlySet<RecordTab>>(new Set(['timeline']));
  const tabs = [
    { key: 'timeline' as const, label: t('timeline.title') },
    { key: 'activity' as const, label: ta('tab') },
  ];
  return (
    <Card title={tab === 'timeline' ? t('timeline.title') : ta('tab')} label={t('timeline.label')}>
      <Tabs
        label={t('timeline.label')}
        tabs={tabs}
        selected={tab}
        onSelect={(key) => {
          setTab(key);
          setMounted((shown) => new Set([...shown, key]));
        }}
        mounted={mounted}
        render={(key) => (key === 'timeline' ? props.timeline : props.activity)}
        listClassName="no-print"
      />
    </Card>
  );
}

function PatientDetails(props: { patient: Patient }) {
  const { t } = useTranslation('patients');
  const tagLabel = useTagLabel();
  const format = useFormat();
  const now = useServiceNow();
  const { patient } = props;
  const language = preferredLanguage(patient);
  const age = patient.dateOfBirth ? ageOn(patient.dateOfBirth, now) : undefined;
  const notSet = <span className="muted">{t('page.notSet')}</span>;
  const record = recordDetails(patient);
  const consentState = (value: boolean | undefined) =>
    t(`page.consentStates.${value === undefined ? 'unknown' : value ? 'given' : 'refused'}`);
  return (
    <Card title={t('page.details')} label={t('page.details')}>
      <dl className="patients-details">
        <dt>{t('page.mrn')}</dt>
        <dd>{record.mrn ?? notSet}</dd>
        <dt>{t('page.physician')}</dt>
        <dd>{record.physician ?? notSet}</dd>
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
        <dt>{t('page.consent')}</dt>
        <dd>
          {t('page.consentWhatsapp', { state: consentState(record.consent.whatsapp) })}
          {' · '}
          {t('page.consentEmail', { state: consentState(record.consent.email) })}
        </dd>
        <dt>{t('page.language')}</dt>
        <dd>{language ? t(`languages.${language}`) : notSet}</dd>
        <dt>{t('page.tags')}</dt>
        <dd>
          {patient.tags.length ? (
            <ul className="patients-chips">
              {patient.tags.map((tag) => (
                <li key={tag} className="patients-chip patients-chip-static">
                  {tagLabel(tag)}
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
