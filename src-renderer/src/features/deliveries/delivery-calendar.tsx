import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import type { UpcomingDelivery } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Badge, Card } from '../../ui/layout';
import { AsyncView, ErrorState } from '../../ui/states';
import { fullName } from '../patients';
import {
  addDays,
  addMonths,
  addMonthsToDay,
  dayKey,
  fromDayKey,
  monthGrid,
  monthOf,
  startOfWeek,
  weekStartFor,
  type MonthRef,
} from './calendar-model';
import { DAY_LIMIT, useCalendarCounts, useDayDeliveries } from './deliveries-queries';
import { createDeliveriesStore } from './deliveries-store';
import { CHANNEL_TONE } from './delivery-text';
import { useServiceNowMs } from '../../app/service-clock';

function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The day a key moves the focus to, or undefined for keys the grid leaves alone. */
function moveBy(key: string, from: Date, weekStartsOn: number): Date | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(from, -1);
    case 'ArrowRight':
      return addDays(from, 1);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'Home':
      return startOfWeek(from, weekStartsOn);
    case 'End':
      return addDays(startOfWeek(from, weekStartsOn), 6);
    case 'PageUp':
      return addMonthsToDay(from, -1);
    case 'PageDown':
      return addMonthsToDay(from, 1);
    default:
      return undefined;
  }
}

/**
 * Pending deliveries on a month grid (weeks start on the locale's first day: Monday in Spain),
 * with the count per day; choosing a day lists its deliveries. Keyboard: arrows between days,
 * Home/End to the week's ends, Page Up/Down between months, Enter or Space to choose.
 */
export function DeliveryCalendar(props: { onCancel: (delivery: UpcomingDelivery) => void }) {
  const { t } = useTranslation('deliveries');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const store = useFeatureStore(createDeliveriesStore);
  const month = useStore(store, (s) => s.month);
  const day = useStore(store, (s) => s.day);
  const counts = useCalendarCounts(month);
  const serviceNow = useServiceNowMs();
  const weekStartsOn = useMemo(() => weekStartFor(format.locale), [format.locale]);
  const [focusKey, setFocusKey] = useState<string>();
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  useEffect(() => {
    const s = store.getState();
    // The first visit opens the service's current month; later visits keep the month chosen (and
    // read it again, as every query does when its screen opens).
    if (!s.month) s.showMonth(monthOf(new Date(serviceNow())));
    // Only when the view opens: later months are the user's choice.
    // serviceNow is left out on purpose; the clock moving must not turn the page.
  }, [store]);

  useEffect(() => {
    if (!moveFocus.current || !focusKey) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusKey}"]`)?.focus();
  }, [focusKey, month]);

  const names = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric' }),
      weekdayShort: new Intl.DateTimeFormat(format.locale, { weekday: 'short' }),
      weekdayLong: new Intl.DateTimeFormat(format.locale, { weekday: 'long' }),
      full: new Intl.DateTimeFormat(format.locale, { dateStyle: 'full' }),
    }),
    [format.locale],
  );

  if (!month) return <Card label={t('calendar.label')}>{null}</Card>;

  const weeks = monthGrid(month, weekStartsOn);
  const today = dayKey(new Date(serviceNow()));
  const countOf = new Map((counts.data?.days ?? []).map((d) => [d.date, d.count]));
  const inGrid = (key: string | undefined) =>
    key !== undefined && weeks.some((week) => week.some((d) => d.key === key));
  const firstOfMonth = dayKey(new Date(month.year, month.month, 1));
  const tabbable =
    [focusKey, day, today].find(
      (key) => inGrid(key) && fromDayKey(key!).getMonth() === month.month,
    ) ?? firstOfMonth;
  const monthTotal = weeks
    .flat()
    .filter((d) => d.inMonth)
    .reduce((sum, d) => sum + (countOf.get(d.key) ?? 0), 0);
  const title = capitalised(names.month.format(new Date(month.year, month.month, 1)));

  const go = (next: MonthRef, focus?: string) => {
    setFocusKey(focus);
    store.getState().showMonth(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const from = target.dataset.day;
    if (!from) return;
    const next = moveBy(event.key, fromDayKey(from), weekStartsOn);
    if (!next) return;
    event.preventDefault();
    const key = dayKey(next);
    moveFocus.current = true;
    if (next.getMonth() !== month.month || next.getFullYear() !== month.year) {
      go(monthOf(next), key);
    } else {
      setFocusKey(key);
    }
  };

  return (
    <div className="deliveries-calendar-layout">
      <Card label={t('calendar.label')} className="deliveries-calendar">
        <div className="deliveries-calendar-header">
          <Button
            size="sm"
            aria-label={t('calendar.previous')}
            onClick={() => go(addMonths(month, -1))}
          >
            ‹
          </Button>
          <h2 id="deliveries-month-title" aria-live="polite">
            {title}
          </h2>
          <Button size="sm" aria-label={t('calendar.next')} onClick={() => go(addMonths(month, 1))}>
            ›
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => go(monthOf(new Date(serviceNow())), today)}
          >
            {t('calendar.today')}
          </Button>
        </div>
        <p className="muted deliveries-calendar-total" data-testid="calendar-total">
          {counts.isFetching ? (
            <span role="status">
              <span className="spinner" aria-hidden="true" /> {tc('states.loading')}
            </span>
          ) : counts.isError ? null : counts.data ? (
            t('calendar.monthTotal', { count: monthTotal, formatted: format.number(monthTotal) })
          ) : (
            <span role="status">
              <span className="spinner" aria-hidden="true" /> {tc('states.loading')}
            </span>
          )}
        </p>
        {counts.error && !counts.isFetching && (
          <ErrorState error={counts.error} onRetry={() => void counts.refetch()} />
        )}
        {/* The grid stays while a month loads, so the keyboard focus never falls off the page. */}
        <table
          ref={grid}
          role="grid"
          className="deliveries-grid"
          aria-labelledby="deliveries-month-title"
          aria-describedby="deliveries-calendar-hint"
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr>
              {weeks[0]!.map((d) => (
                <th key={d.key} scope="col" abbr={names.weekdayLong.format(d.date)}>
                  {names.weekdayShort.format(d.date)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]!.key}>
                {week.map((d) => {
                  const count = countOf.get(d.key) ?? 0;
                  return (
                    <td
                      key={d.key}
                      role="gridcell"
                      aria-selected={d.key === day}
                      className={[
                        'deliveries-day',
                        d.inMonth ? '' : 'deliveries-day-outside',
                        d.key === today ? 'deliveries-day-today' : '',
                        d.key === day ? 'deliveries-day-selected' : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      <button
                        type="button"
                        data-day={d.key}
                        tabIndex={d.key === tabbable ? 0 : -1}
                        aria-current={d.key === today ? 'date' : undefined}
                        aria-label={t('calendar.dayLabel', {
                          count,
                          formatted: format.number(count),
                          date: names.full.format(d.date),
                        })}
                        onClick={() => {
                          setFocusKey(d.key);
                          store.getState().selectDay(d.key);
                        }}
                        onFocus={() => setFocusKey(d.key)}
                      >
                        <span className="deliveries-day-number" aria-hidden="true">
                          {d.date.getDate()}
                        </span>
                      </button>
                      {/* Beside the button, not in it: the button's visible text is then only
                          the day, which its name contains (WCAG 2.5.3, said by voice control);
                          the count is in the name in words. */}
                      {count > 0 && (
                        <span className="deliveries-day-count" aria-hidden="true">
                          {format.number(count)}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field-hint" id="deliveries-calendar-hint">
          {t('calendar.hint')}
        </p>
      </Card>
      <DayDeliveries onCancel={props.onCancel} countOf={countOf} fullDate={names.full} />
    </div>
  );
}

function DayDeliveries(props: {
  onCancel: (delivery: UpcomingDelivery) => void;
  countOf: Map<string, number>;
  fullDate: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('deliveries');
  const store = useFeatureStore(createDeliveriesStore);
  const day = useStore(store, (s) => s.day);
  if (!day) {
    return (
      <Card className="deliveries-day-panel">
        <p className="muted">{t('calendar.chooseDay')}</p>
      </Card>
    );
  }
  return <DayList key={day} day={day} {...props} />;
}

/** The chosen day's deliveries, each with a cancel button. */
function DayList(props: {
  day: string;
  onCancel: (delivery: UpcomingDelivery) => void;
  countOf: Map<string, number>;
  fullDate: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  const { day } = props;
  const deliveries = useDayDeliveries(day);
  const title = t('calendar.dayTitle', { date: props.fullDate.format(fromDayKey(day)) });
  return (
    <Card title={title} label={title} className="deliveries-day-panel">
      <AsyncView
        state={deliveries}
        isEmpty={(list) => list.length === 0}
        empty={<p className="muted">{t('calendar.noneThatDay')}</p>}
      >
        {(list) => {
          const total = props.countOf.get(day) ?? list.length;
          return (
            <>
              <ul className="deliveries-day-list" aria-label={t('calendar.dayList')}>
                {list.map((delivery) => {
                  const name = fullName(delivery.patient);
                  return (
                    <li key={delivery.id}>
                      <time dateTime={delivery.scheduledAt} className="deliveries-day-time">
                        {format.time(delivery.scheduledAt)}
                      </time>
                      <span className="deliveries-day-who">
                        <Link href={`/patients/${delivery.patientId}`}>{name}</Link>
                        <span className="deliveries-day-what">
                          <span className="muted">{delivery.formName}</span>
                          <Badge tone={CHANNEL_TONE[delivery.channel]}>
                            {t(`channels.${delivery.channel}`)}
                          </Badge>
                        </span>
                      </span>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('list.cancelLabel', {
                          name,
                          date: format.dateTime(delivery.scheduledAt),
                        })}
                        onClick={() => props.onCancel(delivery)}
                      >
                        {t('list.cancel')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
              {total > list.length && list.length >= DAY_LIMIT && (
                <p className="muted">
                  {t('calendar.moreThanShown', {
                    shown: format.number(list.length),
                    total: format.number(total),
                  })}
                </p>
              )}
            </>
          );
        }}
      </AsyncView>
    </Card>
  );
}
