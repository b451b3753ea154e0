import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { FormResponse, ResponseDetail } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Badge, Card, PageHeader } from '../../ui/layout';
import { ErrorState, LoadingState } from '../../ui/states';
import { fullName } from '../patients';
import { formatAnswer, type FormattedAnswer } from './answer-format';
import { useMarkResponses, useResponse } from './responses-queries';
import { BAND_TONE, INSTRUMENT_NAMES } from './score-badges';
import './responses.css';

/** One response in full: who, which form, when, its scores, and every question with its answer. */
export function ResponsePage(props: { id: string }) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const response = useResponse(props.id);
  const data = response.data;
  // Opening a response is reading it (the inbox shows it as read from now on).
  const { mutate: mark } = useMarkResponses();
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) mark({ ids: [props.id], read: true });
  }, [loaded, props.id, mark]);

  if (!data) {
    const back = (
      <Link href="/forms" className="responses-back">
        <span aria-hidden="true">← </span>
        {t('backToForms')}
      </Link>
    );
    if (response.error?.code === 'resource_missing') {
      return (
        <div className="responses-page">
          {back}
          <div className="state state-empty">
            <h1 className="state-title">{t('response.notFound')}</h1>
            <p>{t('response.notFoundHint')}</p>
          </div>
        </div>
      );
    }
    return (
      <div className="responses-page">
        {back}
        {response.error ? (
          <ErrorState error={response.error} onRetry={() => void response.refetch()} />
        ) : (
          <LoadingState />
        )}
      </div>
    );
  }

  const name = fullName(data.patient);
  const responsesHref = `/forms/${data.formId}/responses`;
  const patientHref = `/patients/${data.patient.id}`;
  const answers = new Map(data.responses.map((a) => [a.fieldId, a.value]));

  return (
    <div className="responses-page">
      <Link href={responsesHref} className="responses-back">
        <span aria-hidden="true">← </span>
        {t('response.backToResponses', { form: data.formName })}
      </Link>
      <PageHeader
        title={t('response.title', { name })}
        description={data.formName}
        actions={
          <>
            <Button onClick={() => window.print()}>{t('response.print')}</Button>
            <Link href={patientHref} className="btn btn-secondary">
              {t('response.openPatient', { name })}
            </Link>
          </>
        }
      />
      <Card>
        <dl className="responses-facts">
          <div>
            <dt>{t('response.form')}</dt>
            <dd>
              <Link href={responsesHref}>{data.formName}</Link>
              {data.formStatus === 'archived' && <Badge>{t('archived')}</Badge>}
            </dd>
          </div>
          <div>
            <dt>{t('response.patient')}</dt>
            <dd>
              <Link href={patientHref}>{name}</Link>
            </dd>
          </div>
          <div>
            <dt>{t('response.completedAt')}</dt>
            <dd>
              <time dateTime={data.completedAt}>{format.dateTime(data.completedAt)}</time>
            </dd>
          </div>
          {data.scores.map((score) => (
            <div key={score.instrument}>
              <dt>
                {t('response.scores')} {INSTRUMENT_NAMES[score.instrument]}
              </dt>
              <dd>
                {score.total !== undefined && score.band ? (
                  <Badge tone={BAND_TONE[score.band]}>
                    {t('response.scoreLine', {
                      total: format.number(score.total),
                      max: format.number(score.max),
                      band: t(`bands.${score.band}`),
                    })}
                  </Badge>
                ) : (
                  t('response.incompleteLine', {
                    answered: format.number(score.answered),
                    items: format.number(score.items),
                  })
                )}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title={t('response.answers')} label={t('response.answers')}>
        <AnswerList fields={data.fields} answers={answers} />
      </Card>
      {data.removedFields.length > 0 && (
        <Card title={t('response.removedTitle')} label={t('response.removedTitle')}>
          <p className="muted">{t('response.removedHint')}</p>
          <AnswerList
            fields={data.removedFields.map((f) => ({
              id: f.fieldId,
              type: f.type,
              label: f.fieldId,
            }))}
            answers={answers}
          />
        </Card>
      )}
    </div>
  );
}

type AnswerValue = FormResponse['responses'][number]['value'];

function AnswerList(props: {
  fields: readonly Pick<
    ResponseDetail['fields'][number],
    'id' | 'type' | 'label' | 'min' | 'max'
  >[];
  answers: Map<string, AnswerValue>;
}) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  return (
    <dl className="responses-answers">
      {props.fields.map((field, i) => {
        const value = props.answers.get(field.id);
        const shown: FormattedAnswer | undefined =
          value === undefined ? undefined : formatAnswer(field, value, t, format);
        return (
          <div key={field.id} className="responses-answer">
            <dt>
              <span className="responses-answer-number" aria-hidden="true">
                {i + 1}.
              </span>{' '}
              {field.label}
            </dt>
            <dd>
              {shown === undefined ? (
                <span className="muted">{t('response.unanswered')}</span>
              ) : shown.kind === 'list' ? (
                <ul className="responses-answer-list">
                  {shown.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : (
                <span className="responses-answer-text">{shown.text}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
