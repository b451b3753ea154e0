import { describe, expect, it } from 'vitest';
import type { FieldMeasure } from '../../src-preload/contract';
import {
  bandAreas,
  bandOf,
  distributionBins,
  niceWidth,
  timeDomain,
  trendSeries,
  valueDomain,
  valueTicks,
} from '../../src-renderer/src/features/responses/chart-data';
import { ana, joan, marta, phqMeasure, point } from './responses-fixtures';

const pain: FieldMeasure = {
  kind: 'field',
  key: 'pain',
  fieldId: 'pain',
  type: 'slider',
  label: 'Dolor',
  min: 0,
  max: 10,
  step: 1,
};
const temperature: FieldMeasure = {
  kind: 'field',
  key: 'temp',
  fieldId: 'temp',
  type: 'number',
  label: 'Temperatura',
  min: 34,
  max: 43,
};

describe('trend data', () => {
  it('keeps the points that have the measure, in time order, with their time in ms', () => {
    const points = [
      point('r1', ana, '2026-10-01T10:00:00.000Z', { pain: 8, 'score:phq9': 20 }),
      point('r2', ana, '2026-10-15T10:00:00.000Z', { 'score:phq9': 14 }),
      point('r3', ana, '2026-11-01T10:00:00.000Z', { pain: 0 }),
    ];
    expect(trendSeries(points, pain)).toEqual([
      {
        t: Date.parse('2026-10-01T10:00:00.000Z'),
        value: 8,
        responseId: 'r1',
        completedAt: '2026-10-01T10:00:00.000Z',
      },
      {
        t: Date.parse('2026-11-01T10:00:00.000Z'),
        value: 0,
        responseId: 'r3',
        completedAt: '2026-11-01T10:00:00.000Z',
      },
    ]);
    expect(trendSeries(points, phqMeasure).map((p) => p.value)).toEqual([20, 14]);
  });

  it('pads the time axis, a single point included, and bounds the value axis by the measure', () => {
    const one = trendSeries([point('r1', ana, '2026-10-01T10:00:00.000Z', { pain: 3 })], pain);
    const [lo, hi] = timeDomain(one);
    expect(hi - lo).toBe(2 * 86_400_000);
    expect(valueDomain(pain, one)).toEqual([0, 10]);
    expect(valueDomain(phqMeasure, one)).toEqual([0, 27]);
    const unbounded: FieldMeasure = { ...temperature, min: undefined, max: undefined };
    const temps = trendSeries(
      [
        point('a', ana, '2026-10-01T10:00:00.000Z', { temp: 36.5 }),
        point('b', ana, '2026-10-02T10:00:00.000Z', { temp: 38 }),
      ],
      unbounded,
    );
    expect(valueDomain(unbounded, temps)).toEqual([36.5, 38]);
  });

  it('puts a score’s ticks at its band starts and a small slider’s at every value', () => {
    expect(valueTicks(phqMeasure)).toEqual([0, 5, 10, 15, 20, 27]);
    expect(valueTicks(pain)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(valueTicks({ ...pain, max: 100 })).toBeUndefined();
    expect(valueTicks(temperature)).toBeUndefined();
  });

  it('shades the PHQ-9 bands without a gap, half way between whole totals', () => {
    expect(bandAreas(phqMeasure)).toEqual([
      { band: 'minimal', y1: 0, y2: 4.5 },
      { band: 'mild', y1: 4.5, y2: 9.5 },
      { band: 'moderate', y1: 9.5, y2: 14.5 },
      { band: 'moderately_severe', y1: 14.5, y2: 19.5 },
      { band: 'severe', y1: 19.5, y2: 27 },
    ]);
    expect([0, 4, 5, 14, 15, 19, 20, 27].map((v) => bandOf(phqMeasure, v))).toEqual([
      'minimal',
      'minimal',
      'mild',
      'moderate',
      'moderately_severe',
      'moderately_severe',
      'severe',
      'severe',
    ]);
  });
});

describe('distribution data', () => {
  it('counts each patient’s latest score per severity band and marks the chosen patient', () => {
    const latest = [
      point('r1', ana, '2026-11-01T10:00:00.000Z', { 'score:phq9': 6 }),
      point('r2', joan, '2026-11-02T10:00:00.000Z', { 'score:phq9': 9 }),
      point('r3', marta, '2026-11-03T10:00:00.000Z', { 'score:phq9': 27 }),
    ];
    const bins = distributionBins(phqMeasure, latest, joan.id);
    expect(bins.map((b) => [b.key, b.count, b.selected])).toEqual([
      ['minimal', 0, false],
      ['mild', 2, true],
      ['moderate', 0, false],
      ['moderately_severe', 0, false],
      ['severe', 1, false],
    ]);
  });

  it('gives a small scale one bin per value, and leaves out patients without one', () => {
    const latest = [
      point('r1', ana, '2026-11-01T10:00:00.000Z', { pain: 3 }),
      point('r2', joan, '2026-11-02T10:00:00.000Z', { pain: 3 }),
      point('r3', marta, '2026-11-03T10:00:00.000Z', {}),
    ];
    const bins = distributionBins(pain, latest, ana.id);
    expect(bins).toHaveLength(11);
    expect(bins.map((b) => (b.kind === 'value' ? b.value : NaN))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(bins[3]).toMatchObject({ count: 2, selected: true });
    expect(bins.reduce((sum, b) => sum + b.count, 0)).toBe(2);
    expect(distributionBins(pain, [point('r3', marta, '2026-11-03T10:00:00.000Z', {})])).toEqual(
      [],
    );
  });

  it('groups decimal values into round ranges over the field’s bounds, the top one included', () => {
    const latest = [36.4, 36.9, 37.2, 38.5, 43].map((temp, i) =>
      point(`r${i}`, { ...ana, id: `p${i}` }, '2026-11-01T10:00:00.000Z', { temp }),
    );
    const bins = distributionBins(temperature, latest);
    expect(niceWidth(9)).toBe(1);
    expect(bins.map((b) => (b.kind === 'range' ? [b.from, b.to, b.count] : b.kind))).toEqual([
      [34, 35, 0],
      [35, 36, 0],
      [36, 37, 2],
      [37, 38, 1],
      [38, 39, 1],
      [39, 40, 0],
      [40, 41, 0],
      [41, 42, 0],
      [42, 43, 1],
    ]);
  });
});
