import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceArea, Tooltip, XAxis, YAxis } from 'recharts';
import type {
  AnalysisPointWithPatient,
  PatientRef,
  ResponseMeasure,
} from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { fullName } from '../patients';
import { measureTitle } from './answer-format';
import { AXIS_TICK, ChartFigure } from './chart-figure';
import { bandAreas, bandOf, timeDomain, trendSeries, valueDomain, valueTicks } from './chart-data';

const YEAR_MS = 365 * 86_400_000;

/**
 * One measure of one patient over time: a line of their values, on a score chart over its
 * severity bands, with a caption that reads out the first and last values and the same numbers
 * as a table for screen readers.
 */
export function TrendChart(props: {
  measure: ResponseMeasure;
  points: readonly AnalysisPointWithPatient[];
  patient: PatientRef;
}) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const { measure, patient } = props;
  const series = useMemo(() => trendSeries(props.points, measure), [props.points, measure]);
  const title = measureTitle(measure, t);
  const name = fullName(patient);

  const ticks = valueTicks(measure);
  const xDomain = timeDomain(series);
  // Over a year, ticks carry the year too, or two Novembers would read alike.
  const longSpan = xDomain[1] - xDomain[0] > YEAR_MS;
  const tick = useMemo(
    () =>
      new Intl.DateTimeFormat(format.locale, {
        day: 'numeric',
        month: 'short',
        ...(longSpan ? { year: '2-digit' as const } : {}),
      }),
    [format.locale, longSpan],
  );

  /** "14 · Moderada" for a score, "7" for a field. */
  const describe = (value: number) => {
    const band = measure.kind === 'score' ? bandOf(measure, value) : undefined;
    return band
      ? t('score.value', { total: format.number(value), band: t(`bands.${band}`) })
      : format.number(value);
  };

  const first = series[0];
  const last = series[series.length - 1];
  const description =
    first && last
      ? t('trend.description', {
          count: series.length,
          first: format.date(first.completedAt),
          last: format.date(last.completedAt),
          firstValue: describe(first.value),
          lastValue: describe(last.value),
        })
      : t('trend.noValues');

  return (
    <ChartFigure title={title} description={description} measureKey={measure.key}>
      {series.length > 0 && (
        <div className="responses-chart-plot" data-testid="trend-plot">
          <LineChart
            responsive
            style={{ width: '100%', height: 220 }}
            data={series}
            margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
            title={`${title}: ${name}`}
            desc={description}
          >
            {measure.kind === 'score' &&
              bandAreas(measure).map((area) => (
                <ReferenceArea
                  key={area.band}
                  y1={area.y1}
                  y2={area.y2}
                  fill={`var(--band-${area.band})`}
                  fillOpacity={1}
                  ifOverflow="hidden"
                />
              ))}
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={xDomain}
              tickFormatter={(value: number) => tick.format(new Date(value))}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={{ stroke: 'var(--color-border-strong)' }}
              minTickGap={24}
            />
            <YAxis
              type="number"
              domain={valueDomain(measure, series)}
              allowDecimals={measure.kind !== 'score'}
              {...(ticks ? { ticks } : {})}
              tickFormatter={(value: number) => format.number(value)}
              tick={AXIS_TICK}
              tickLine={false}
              axisLine={false}
              width={44}
            />
            <Tooltip
              labelFormatter={(value) => format.dateTime(new Date(Number(value)))}
              formatter={(value) => [describe(Number(value)), title]}
            />
            <Line
              // Drawn at once: an animation would only delay the figures (and screenshots).
              isAnimationActive={false}
              type="linear"
              dataKey="value"
              name={title}
              stroke="var(--chart-1)"
              strokeWidth={2}
              dot={{ r: 3, fill: 'var(--chart-1)' }}
            />
          </LineChart>
        </div>
      )}
      {measure.kind === 'score' && (
        <ul className="responses-bands" aria-label={t('trend.bandsLegend')}>
          {measure.bands.map((b) => (
            <li key={b.band}>
              <span
                className="responses-band-swatch"
                style={{ background: `var(--band-${b.band})` }}
                aria-hidden="true"
              />
              {t('trend.bandRange', {
                band: t(`bands.${b.band}`),
                min: format.number(b.min),
                max: format.number(b.max),
              })}
            </li>
          ))}
        </ul>
      )}
      {series.length > 0 && (
        <table className="visually-hidden">
          <caption>{t('trend.tableCaption', { measure: title, name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('trend.date')}</th>
              <th scope="col">{t('trend.value')}</th>
              {measure.kind === 'score' && <th scope="col">{t('trend.band')}</th>}
            </tr>
          </thead>
          <tbody>
            {series.map((p) => {
              const band = measure.kind === 'score' ? bandOf(measure, p.value) : undefined;
              return (
                <tr key={p.responseId}>
                  <th scope="row">{format.dateTime(p.completedAt)}</th>
                  <td>{format.number(p.value)}</td>
                  {measure.kind === 'score' && <td>{band ? t(`bands.${band}`) : ''}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </ChartFigure>
  );
}
