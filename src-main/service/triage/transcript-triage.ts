import { worse, type TriageLevel, type TriageSign } from './signs';
import { triage, type TriageOptions } from './triage';

/** The worst of a set of triaged texts: the level, and every sign found, in order. */
export interface CombinedVerdict {
  level: TriageLevel;
  signs: TriageSign[];
}

/**
 * Triage of every patient turn of a call transcript (or every free-text answer of a form): the
 * worst level wins and every sign is kept, so one alarming sentence in a long call is never
 * averaged away.
 */
export function triageAll(texts: readonly string[], options: TriageOptions = {}): CombinedVerdict {
  let level: TriageLevel = 'none';
  const signs: TriageSign[] = [];
  for (const text of texts) {
    const verdict = triage(text, options);
    level = worse(level, verdict.level);
    for (const sign of verdict.signs) if (!signs.includes(sign)) signs.push(sign);
  }
  return { level, signs };
}
