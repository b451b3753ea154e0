import { describe, expect, it } from 'vitest';
import { CORPUS_CA } from './corpus-ca';
import { CORPUS_EN } from './corpus-en';
import { CORPUS_ES } from './corpus-es';
import { metrics, run, table } from './corpus-metrics';
import { BLIND_CA } from './blind-ca';
import { BLIND_EN } from './blind-en';
import { BLIND_ES } from './blind-es';
import { HOLDOUT_CA } from './holdout-ca';
import { HOLDOUT_EN } from './holdout-en';
import { HOLDOUT_ES } from './holdout-es';

/**
 * The triage measured on labelled corpora of patient messages, each written by an author who had
 * not seen the lexicon (docs/clinical-safety.md records the table this prints, and what each
 * corpus measured the first time it was run). The thresholds are the clinical bar: no emergency
 * missed, urgent signs found in at least 95 of 100, at most 3 in 100 ordinary messages
 * escalated, and no number the patient did not write.
 */
const corpora = {
  es: [...CORPUS_ES, ...HOLDOUT_ES, ...BLIND_ES],
  ca: [...CORPUS_CA, ...HOLDOUT_CA, ...BLIND_CA],
  en: [...CORPUS_EN, ...HOLDOUT_EN, ...BLIND_EN],
};
const results = Object.fromEntries(
  Object.entries(corpora).map(([lang, corpus]) => [lang, run(corpus)]),
) as Record<keyof typeof corpora, ReturnType<typeof run>>;
const all = Object.values(results).flat();

describe('triage on the labelled corpus', () => {
  it('prints recall and precision per category and language', () => {
    console.log(
      `\n${table([...Object.entries(results).map(([label, r]) => ({ label, results: r })), { label: 'all', results: all }])}\n`,
    );
    expect(all.length).toBeGreaterThanOrEqual(900);
  });

  it('misses no emergency', () => {
    const missed = all.filter((r) => r.case.expect === 'emergency' && r.got !== 'emergency');
    expect(missed.map((r) => `${r.case.lang}: ${r.case.text} -> ${r.level}`)).toEqual([]);
  });

  it('finds at least 95% of urgent signs (an emergency reading is escalated too)', () => {
    const urgent = all.filter((r) => r.case.expect === 'urgent');
    const escalated = urgent.filter((r) => r.got !== 'ordinary');
    const missed = urgent.filter((r) => r.got === 'ordinary');
    console.log(missed.map((r) => `urgent missed: ${r.case.lang}: ${r.case.text}`).join('\n'));
    expect(escalated.length / urgent.length).toBeGreaterThanOrEqual(0.95);
    expect(metrics(all).find((m) => m.category === 'urgent')!.cases).toBe(urgent.length);
  });

  it('escalates at most 3% of ordinary messages', () => {
    const ordinary = all.filter((r) => r.case.expect === 'ordinary');
    const escalated = ordinary.filter((r) => r.got !== 'ordinary');
    console.log(
      escalated
        .map((r) => `ordinary escalated: ${r.case.lang}: ${r.case.text} -> ${r.signs.join(',')}`)
        .join('\n'),
    );
    expect(escalated.length / ordinary.length).toBeLessThanOrEqual(0.03);
  });

  it('never records a number the patient did not write', () => {
    expect(
      all.filter((r) => r.invented.length).map((r) => `${r.case.text}: ${r.invented.join(', ')}`),
    ).toEqual([]);
  });
});
