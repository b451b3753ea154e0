import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Text, Tooltip, XAxis, YAxis } from 'recharts';
import type {
  AnalysisPointWithPatient,
  PatientRef,
  ResponseMeasure,
} from '../../../../src-preload/contract';
import { useFormat, type Formatters } from '../../i18n/format';
import { fullName } from '../patients';
import { measureTitle } from './answer-format';
import { AXIS_TICK, ChartFigure } from './chart-figure';
import { distributionBins, type DistributionBin } from './chart-data';

/** A bin's name on the axis and in the table: the band, the value or the range. */
export function binLabel(
  bin: DistributionBin,
  t: TFunction<'responses'>,
  format: Formatters,
): string {
  switch (bin.kind) {
    case 'band':
      return t(`bands.${bin.band}`);
    case 'value':
      return format.number(bin.value);
    case 'range':
      return t('distribution.binRange', {
        from: format.number(bin.from),
        to: format.number(bin.to),
      });
  }
}

/**
 * How one measure spreads across patients: each patient's latest value counted once, as a bar
 * per severity band (scores), per value (small scales) or per range. The selected patient's bar
 * is outlined, and the numbers are also a table for screen readers.
 */
export function DistributionChart(props: {
  measure: ResponseMeasure;
  latest: readonly AnalysisPointWithPatient[];
  selected: PatientRef | undefined;
}) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const { measure, selected } = props;
  const bins = useMemo(
    () => distributionBins(measure, props.latest, selected?.id),
    [measure, props.latest, selected?.id],
  );
  const data = bins.map((bin) => ({ ...bin, label: binLabel(bin, t, format) }));
  const total = bins.reduce((sum, b) => sum + b.count, 0);
  const title = measureTitle(measure, t);
  const top = data.reduce<(typeof data)[number] | undefined>(
    (best, b) => (b.count > (best?.count ?? 0) ? b : best),
    undefined,
  );
  const selectedBin = data.find((b) => b.selected);
  const description = top
    ? [
        t('distribution.description', {
          count: total,
          top: top.label,
          topCount: t('distribution.patientsCount', { count: top.count }),
        }),
        selected && selectedBin
          ? t('distribution.selected', { name: fullName(selected), bin: selectedBin.label })
          : '',
      ]
        .filter(Boolean)
        .join(' ')
    : t('distribution.noValues');

  const fillOf = (bin: DistributionBin) =>
    bin.kind === 'band' ? `var(--band-bar-${bin.band})` : 'var(--chart-2)';

  return (
    <ChartFigure title={title} description={description} measureKey={measure.key}>
      {total > 0 && (
        <>
          <div className="responses-chart-plot" data-testid="distribution-plot">
            <BarChart
              responsive
              style={{ width: '100%', height: 200 }}
              data={data}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
              title={title}
              desc={description}
            >
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis
                dataKey="label"
                interval={0}
                height={36}
                tick={<WrappedTick />}
                tickLine={false}
                axisLine={{ stroke: 'var(--color-border-strong)' }}
              />
              <YAxis
                allowDecimals={false}
                tickFormatter={(value: number) => format.number(value)}
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={false}
                width={36}
              />
              <Tooltip
                cursor={{ fill: 'var(--color-primary-soft)' }}
                formatter={(value) => [
                  t('distribution.patientsCount', { count: Number(value) }),
                  t('distribution.patients'),
                ]}
              />
              <Bar
                isAnimationActive={false}
                dataKey="count"
                name={t('distribution.patients')}
                radius={[3, 3, 0, 0]}
                maxBarSize={48}
              >
                {data.map((bin) => (
                  <Cell
                    key={bin.key}
                    fill={fillOf(bin)}
                    stroke={bin.selected ? 'var(--color-text)' : undefined}
                    strokeWidth={bin.selected ? 2 : 0}
                  />
                ))}
              </Bar>
            </BarChart>
          </div>
          <table className="visually-hidden">
            <caption>{t('distribution.tableCaption', { measure: title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('distribution.bin')}</th>
                <th scope="col">{t('distribution.patients')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((bin) => (
                <tr key={bin.key}>
                  <th scope="row">{bin.label}</th>
                  <td>
                    {format.number(bin.count)}
                    {bin.selected && selected
                      ? ` ${t('distribution.selectedMark', { name: fullName(selected) })}`
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ChartFigure>
  );
}

/** An axis label that wraps within its bar's slot ("Moderadamente grave" is two lines there). */
function WrappedTick(props: {
  x?: number;
  y?: number;
  width?: number;
  visibleTicksCount?: number;
  payload?: { value: string };
}) {
  const slot = (props.width ?? 0) / Math.max(1, props.visibleTicksCount ?? 1);
  return (
    <Text
      x={props.x}
      y={props.y}
      width={Math.max(40, slot - 6)}
      textAnchor="middle"
      verticalAnchor="start"
      fontSize={11}
      fill="var(--color-text-muted)"
    >
      {props.payload?.value ?? ''}
    </Text>
  );
}
