import type {
  AnalysisPointWithPatient,
  ResponseMeasure,
  ScoreMeasure,
  SeverityBand,
} from '../../../../src-preload/contract';

/** One value of a measure in time, for the trend chart and its table. */
export interface TrendPoint {
  /** completedAt in milliseconds (the chart's x). */
  t: number;
  value: number;
  responseId: string;
  completedAt: string;
}

/** The measure's values in the points that have one, oldest first. */
export function trendSeries(
  points: readonly AnalysisPointWithPatient[],
  measure: Pick<ResponseMeasure, 'key'>,
): TrendPoint[] {
  return points.flatMap((p) => {
    const value = p.values[measure.key];
    return value === undefined
      ? []
      : [
          {
            t: Date.parse(p.completedAt),
            value,
            responseId: p.responseId,
            completedAt: p.completedAt,
          },
        ];
  });
}

const DAY_MS = 86_400_000;

/** The time axis: the series' span with a margin, at least a day each side (one point too). */
export function timeDomain(series: readonly TrendPoint[]): [number, number] {
  if (series.length === 0) return [0, 1];
  const first = series[0]!.t;
  const last = series[series.length - 1]!.t;
  const pad = Math.max(DAY_MS, (last - first) * 0.04);
  return [first - pad, last + pad];
}

/** The value axis: the measure's bounds where it has them, else the values' own range. */
export function valueDomain(
  measure: ResponseMeasure,
  series: readonly TrendPoint[],
): [number, number] {
  const values = series.map((p) => p.value);
  const lo = measure.min ?? Math.min(...values);
  const hi = measure.max ?? Math.max(...values);
  return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
}

/**
 * Fixed ticks where the scale has natural ones: a score's band starts (so the bands read off the
 * axis) and every value of a small slider (a 0–10 pain scale); otherwise recharts picks them.
 */
export function valueTicks(measure: ResponseMeasure): number[] | undefined {
  if (measure.kind === 'score') return [...measure.bands.map((b) => b.min), measure.max];
  const { min, max, step } = measure;
  if (measure.type !== 'slider' || min === undefined || max === undefined || !step)
    return undefined;
  const count = Math.round((max - min) / step) + 1;
  return count <= 11 ? Array.from({ length: count }, (_, i) => clean(min + i * step)) : undefined;
}

/** The severity band of a score measure's value. */
export function bandOf(measure: ScoreMeasure, value: number): SeverityBand | undefined {
  return measure.bands.find((b) => value >= b.min && value <= b.max)?.band;
}

/**
 * The shaded area of each band on the score chart: bands hold whole totals, so each reaches half
 * way to its neighbours and together they fill the axis without a gap.
 */
export function bandAreas(measure: ScoreMeasure): { band: SeverityBand; y1: number; y2: number }[] {
  return measure.bands.map((b) => ({
    band: b.band,
    y1: b.min === measure.min ? b.min : b.min - 0.5,
    y2: b.max === measure.max ? b.max : b.max + 0.5,
  }));
}

export type DistributionBin =
  | {
      key: string;
      kind: 'band';
      band: SeverityBand;
      min: number;
      max: number;
      count: number;
      selected: boolean;
    }
  | { key: string; kind: 'value'; value: number; count: number; selected: boolean }
  | { key: string; kind: 'range'; from: number; to: number; count: number; selected: boolean };

/** One bin per allowed value up to this many; wider scales are grouped into ranges. */
const MAX_VALUE_BINS = 21;
const TARGET_RANGE_BINS = 10;

/** A round bin width (1, 2 or 5 times a power of ten) giving about TARGET_RANGE_BINS bins. */
export function niceWidth(span: number): number {
  const raw = span / TARGET_RANGE_BINS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/** Whole multiples are compared after rounding away binary noise (0.1 + 0.2). */
const clean = (value: number) => Math.round(value * 1e9) / 1e9;

/**
 * The distribution of a measure across patients: each patient's latest value counted once, in
 * the bands of a score, one bin per value of a small scale (a 0–10 slider), or round ranges.
 * `selectedPatientId` marks the bin that patient's value falls in.
 */
export function distributionBins(
  measure: ResponseMeasure,
  latest: readonly AnalysisPointWithPatient[],
  selectedPatientId?: string,
): DistributionBin[] {
  const values = latest.flatMap((p) => {
    const value = p.values[measure.key];
    return value === undefined ? [] : [{ value, selected: p.patient.id === selectedPatientId }];
  });
  if (measure.kind === 'score') {
    return measure.bands.map((b) => {
      const inBand = values.filter((v) => v.value >= b.min && v.value <= b.max);
      return {
        key: b.band,
        kind: 'band',
        band: b.band,
        min: b.min,
        max: b.max,
        count: inBand.length,
        selected: inBand.some((v) => v.selected),
      };
    });
  }
  if (values.length === 0) return [];
  const observed = values.map((v) => v.value);
  const lo = Math.min(measure.min ?? Infinity, ...observed);
  const hi = Math.max(measure.max ?? -Infinity, ...observed);

  const step =
    measure.step ?? (observed.every(Number.isInteger) && Number.isInteger(lo) ? 1 : undefined);
  if (step !== undefined && (hi - lo) / step + 1 <= MAX_VALUE_BINS) {
    const count = Math.round((hi - lo) / step) + 1;
    return Array.from({ length: count }, (_, i) => {
      const value = clean(lo + i * step);
      const here = values.filter((v) => clean(v.value) === value);
      return {
        key: String(value),
        kind: 'value',
        value,
        count: here.length,
        selected: here.some((v) => v.selected),
      };
    });
  }

  const width = niceWidth(hi - lo || 1);
  const start = clean(Math.floor(lo / width) * width);
  const bins = Math.max(1, Math.ceil(clean((hi - start) / width)));
  // The top value falls in the last bin, not one past it (the ranges read from–to inclusive there).
  const indexOf = (value: number) => Math.min(bins - 1, Math.floor(clean((value - start) / width)));
  const counts = Array.from({ length: bins }, () => ({ count: 0, selected: false }));
  for (const v of values) {
    const bin = counts[indexOf(v.value)]!;
    bin.count += 1;
    bin.selected ||= v.selected;
  }
  return counts.map((c, i) => {
    const from = clean(start + i * width);
    return { key: String(from), kind: 'range', from, to: clean(from + width), ...c };
  });
}
