import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { CreditUsage } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import './credits.css';

/** Totals the chart's description reads out: the period's consumption and its busiest day. */
export function summariseUsage(usage: CreditUsage): {
  total: number;
  peak: { date: string; consumed: number } | undefined;
} {
  let total = 0;
  let peak: { date: string; consumed: number } | undefined;
  for (const day of usage.days) {
    total += day.consumed;
    if (day.consumed > 0 && (!peak || day.consumed > peak.consumed)) peak = day;
  }
  return { total, peak };
}

/**
 * Credits consumed per day over the current period, as a bar chart with a title and description,
 * and the same numbers as a table for screen readers (a chart alone tells them little). Shared by
 * the credits screen and the dashboard.
 */
export function UsageChart(props: {
  usage: CreditUsage;
  height?: number;
  title?: string;
  /** False where a heading just above already says what the chart is (still read out). */
  showTitle?: boolean;
}) {
  const { t } = useTranslation('credits');
  const format = useFormat();
  const titleId = useId();
  const descId = useId();
  const { usage } = props;
  const { total, peak } = summariseUsage(usage);

  // Days are UTC calendar days (YYYY-MM-DD): format them in UTC so none shifts by a time zone.
  const dayTick = useMemo(
    () =>
      new Intl.DateTimeFormat(format.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [format.locale],
  );
  const tick = (value: string) => dayTick.format(new Date(`${value}T00:00:00Z`));

  const title = props.title ?? t('chart.title');
  const description = [
    t('chart.description', {
      from: format.date(usage.periodStart),
      to: format.date(usage.resetsAt),
      total: t('balance.unit', { count: total, value: format.number(total) }),
    }),
    peak
      ? t('chart.peak', {
          date: format.plainDate(peak.date),
          amount: t('balance.unit', { count: peak.consumed, value: format.number(peak.consumed) }),
        })
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <figure className="usage-chart" aria-labelledby={titleId} aria-describedby={descId}>
      <figcaption>
        <span
          className={props.showTitle === false ? 'visually-hidden' : 'usage-chart-title'}
          id={titleId}
        >
          {title}
        </span>
        <span className="usage-chart-desc" id={descId}>
          {description}
        </span>
      </figcaption>
      {total === 0 ? (
        <p className="usage-chart-empty muted">{t('chart.noUsage')}</p>
      ) : (
        <div className="usage-chart-plot" data-testid="usage-chart-plot">
          <BarChart
            responsive
            style={{ width: '100%', height: props.height ?? 220 }}
            data={usage.days}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            title={title}
            desc={description}
          >
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="date"
              tickFormatter={tick}
              tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
              tickLine={false}
              axisLine={{ stroke: 'var(--color-border-strong)' }}
              minTickGap={16}
            />
            <YAxis
              allowDecimals={false}
              tickFormatter={(value: number) => format.number(value)}
              tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
              tickLine={false}
              axisLine={false}
              width={44}
            />
            <Tooltip
              cursor={{ fill: 'var(--color-primary-soft)' }}
              labelFormatter={(label) => format.plainDate(String(label))}
              formatter={(value) => [format.number(Number(value)), t('chart.consumed')]}
            />
            <Bar
              // Drawn at once: an animation would only delay the figures (and screenshots).
              isAnimationActive={false}
              dataKey="consumed"
              name={t('chart.consumed')}
              fill="var(--chart-1)"
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
            />
          </BarChart>
        </div>
      )}
      <table className="visually-hidden">
        <caption>{t('chart.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.date')}</th>
            <th scope="col">{t('chart.consumed')}</th>
          </tr>
        </thead>
        <tbody>
          {usage.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{format.plainDate(day.date)}</th>
              <td>{format.number(day.consumed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
