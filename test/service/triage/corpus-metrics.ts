import { triage, type TriageVerdict } from '../../../src-main/service/triage/triage';
import type { Category, CorpusCase } from './corpus-types';

/** What the triage made of one corpus case, and where it went wrong. */
export interface CaseResult {
  case: CorpusCase;
  got: Category;
  level: string;
  signs: string[];
  /** A pain score or temperature the patient did not write. */
  invented: string[];
}

/** Triages each case: the text alone by default, or as `read` reads it (with its question). */
export function run<C extends CorpusCase>(
  corpus: readonly C[],
  read: (c: C) => TriageVerdict = (c) => triage(c.text, { postOp: c.postOp }),
): CaseResult[] {
  return corpus.map((c) => {
    const verdict = read(c);
    const got: Category =
      verdict.level === 'emergency'
        ? 'emergency'
        : verdict.level === 'urgent'
          ? 'urgent'
          : 'ordinary';
    const invented: string[] = [];
    if (verdict.pain !== undefined && verdict.pain !== c.pain)
      invented.push(`pain ${verdict.pain}`);
    if (verdict.temperature !== undefined && verdict.temperature !== c.temperature)
      invented.push(`temperature ${verdict.temperature}`);
    return { case: c, got, level: verdict.level, signs: verdict.signs, invented };
  });
}

export interface CategoryMetrics {
  category: Category;
  cases: number;
  recall: number;
  precision: number;
}

/** Recall and precision per category; an emergency taken as urgent counts as missed. */
export function metrics(results: readonly CaseResult[]): CategoryMetrics[] {
  return (['emergency', 'urgent', 'ordinary'] as const).map((category) => {
    const expected = results.filter((r) => r.case.expect === category);
    const predicted = results.filter((r) => r.got === category);
    const hit = expected.filter((r) => r.got === category).length;
    return {
      category,
      cases: expected.length,
      recall: expected.length ? hit / expected.length : 1,
      precision: predicted.length ? hit / predicted.length : 1,
    };
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The table docs/clinical-safety.md records. */
export function table(rows: { label: string; results: readonly CaseResult[] }[]): string {
  const lines = ['| corpus | category | cases | recall | precision |', '|---|---|---|---|---|'];
  for (const { label, results } of rows)
    for (const m of metrics(results))
      lines.push(
        `| ${label} | ${m.category} | ${m.cases} | ${pct(m.recall)} | ${pct(m.precision)} |`,
      );
  return lines.join('\n');
}
