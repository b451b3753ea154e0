import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PatientRef, TimelineItem } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Badge } from '../../ui/layout';
import { EmptyState } from '../../ui/states';
import { useAlertText } from '../alerts';
import { ScoreBadges } from '../responses';

type T = TFunction<'patients'>;

const ICONS: Record<TimelineItem['kind'], string> = {
  schedule: '✉',
  response: '✓',
  conversation: '❝',
  call: '☎',
  alert: '⚠',
  note: '✎',
};

/** A call's length as people say it: "45 s", "2 min" (started minutes, as they are charged). */
export function callDuration(t: T, seconds: number): string {
  if (seconds < 60) return t('timeline.seconds', { count: seconds });
  return t('timeline.minutes', { count: Math.round(seconds / 60) });
}

/** The sentence for one timeline item, in the UI language. */
export function describeItem(t: T, item: TimelineItem): string {
  switch (item.kind) {
    case 'schedule': {
      const { schedule } = item;
      const sentence = t(`timeline.schedule.${schedule.status}`, {
        form: item.formName,
        channel: t(`timeline.channels.${schedule.channel}`),
      });
      return schedule.failureReason
        ? `${sentence} · ${t(`timeline.failureReasons.${schedule.failureReason}`)}`
        : sentence;
    }
    case 'response':
      return `${t('timeline.response', { form: item.formName })} · ${t('timeline.answers', {
        count: item.response.responses.length,
      })}`;
    case 'alert':
      // Said by the alerts feature, which knows each reason (see PatientTimeline).
      return t('timeline.kinds.alert');
    case 'conversation': {
      const c = item.conversation;
      const state =
        c.status === 'active'
          ? t('timeline.conversationState.active')
          : c.endReason
            ? t(`timeline.conversationState.${c.endReason}`)
            : t('timeline.conversationState.ended');
      return `${t('timeline.conversation', {
        messages: t('timeline.messages', { count: c.messageCount }),
      })} · ${state}`;
    }
    case 'call': {
      const { call } = item;
      if (call.status === 'completed') {
        return t('timeline.call.completed', { duration: callDuration(t, call.duration) });
      }
      if (call.status === 'failed' && call.failureReason) {
        return t(`timeline.call.${call.failureReason}`);
      }
      return t(`timeline.call.${call.status}`);
    }
    case 'note':
      return t('timeline.note', { author: item.note.author });
  }
}

function itemKey(item: TimelineItem): string {
  switch (item.kind) {
    case 'schedule':
      return item.schedule.id;
    case 'response':
      return item.response.id;
    case 'conversation':
      return item.conversation.id;
    case 'call':
      return item.call.id;
    case 'alert':
      return item.alert.id;
    case 'note':
      return item.note.id;
  }
}

/** Where an item is shown in full: a response, a chat or a call (a delivery or note has none). */
function itemHref(item: TimelineItem): string | undefined {
  switch (item.kind) {
    case 'alert':
      return undefined;
    case 'response':
      return `/responses/${encodeURIComponent(item.response.id)}`;
    case 'conversation':
      return `/chats/${encodeURIComponent(item.conversation.id)}`;
    case 'call':
      return `/calls/${encodeURIComponent(item.call.id)}`;
    case 'schedule':
    case 'note':
      return undefined;
  }
}

/** Whether the item is something that went wrong (drawn in the danger colour). */
function failed(item: TimelineItem): boolean {
  if (item.kind === 'schedule') return item.schedule.status === 'failed';
  if (item.kind === 'call') return item.call.status === 'failed';
  // An urgent warning sign nobody has dealt with yet.
  if (item.kind === 'alert')
    return item.alert.priority === 'urgent' && item.alert.state !== 'resolved';
  return false;
}

/** Items grouped by calendar month (local time), keeping the service's newest-first order. */
export function groupByMonth(items: TimelineItem[]): { key: string; items: TimelineItem[] }[] {
  const groups: { key: string; items: TimelineItem[] }[] = [];
  for (const item of items) {
    const at = new Date(item.at);
    const key = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}`;
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, items: [item] });
  }
  return groups;
}

export function PatientTimeline(props: { items: TimelineItem[]; patient: PatientRef }) {
  const { t } = useTranslation('patients');
  const { t: ta } = useTranslation('alerts');
  const format = useFormat();
  const alertText = useAlertText();
  /** The sentence and the link of an item: an alert's come from the alerts feature. */
  const shown = (item: TimelineItem): { sentence: string; href: string | undefined } => {
    if (item.kind !== 'alert') return { sentence: describeItem(t, item), href: itemHref(item) };
    const text = alertText({ ...item.alert, patient: props.patient });
    return {
      sentence: `${ta(`priority.${item.alert.priority}`)} · ${text.reason}`,
      href: text.source.href,
    };
  };
  if (props.items.length === 0) {
    return (
      <EmptyState title={t('timeline.empty')}>
        <p>{t('timeline.emptyHint')}</p>
      </EmptyState>
    );
  }
  const month = new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric' });
  return (
    <div className="patients-timeline">
      {groupByMonth(props.items).map((group) => {
        const title = month.format(new Date(`${group.key}-15T12:00:00`));
        return (
          <section key={group.key} aria-label={title}>
            <h3 className="patients-timeline-month">
              {title.charAt(0).toLocaleUpperCase(format.locale) + title.slice(1)}
            </h3>
            <ol className="patients-timeline-list">
              {group.items.map((item) => (
                <li
                  key={`${item.kind}-${itemKey(item)}`}
                  className={`patients-timeline-item patients-timeline-${item.kind}${
                    failed(item) ? ' patients-timeline-failed' : ''
                  }`}
                  data-testid="timeline-item"
                >
                  <span className="patients-timeline-icon" aria-hidden="true">
                    {ICONS[item.kind]}
                  </span>
                  <div className="patients-timeline-content">
                    <p className="patients-timeline-sentence">
                      <span className="visually-hidden">{t(`timeline.kinds.${item.kind}`)}: </span>
                      {shown(item).href ? (
                        <Link href={shown(item).href!}>{shown(item).sentence}</Link>
                      ) : (
                        shown(item).sentence
                      )}
                      {item.kind === 'alert' && (
                        <>
                          {' '}
                          <Badge tone={item.alert.state === 'resolved' ? 'neutral' : 'danger'}>
                            {ta(`states.${item.alert.state}`)}
                          </Badge>
                        </>
                      )}
                      {item.kind === 'response' && item.scores.length > 0 && (
                        <>
                          {' '}
                          <ScoreBadges scores={item.scores} />
                        </>
                      )}
                      {item.kind === 'conversation' && item.conversation.escalatedAt && (
                        <>
                          {' '}
                          <Badge tone="danger">{t('timeline.escalated')}</Badge>
                        </>
                      )}
                    </p>
                    {item.kind === 'call' && item.call.purpose && (
                      <p className="patients-timeline-detail muted">{item.call.purpose}</p>
                    )}
                    {item.kind === 'note' && (
                      <p className="patients-timeline-note-text">{item.note.text}</p>
                    )}
                    <time className="patients-timeline-time muted" dateTime={item.at}>
                      {format.dateTime(item.at)}
                    </time>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
