import type { Findings } from '../assistant';
import type { PhraseBank } from './phrases';
import { fill } from './text';

/** What the assistant understood, as the items of a summary for the care team. */

export function formatTemperature(bank: PhraseBank, t: number): string {
  const text = Number.isInteger(t) ? String(t) : t.toFixed(1);
  return bank.decimalComma ? text.replace('.', ',') : text;
}

export function joinList(bank: PhraseBank, items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${bank.and} ${items[items.length - 1]}`;
}

/** The items of the summary for the team, in a clinical reading order. */
export function summaryItems(bank: PhraseBank, findings: Findings): string[] {
  const s = bank.summary;
  const items: string[] = [];
  if (findings.wellbeing) items.push(s.wellbeing[findings.wellbeing]);
  if (findings.pain === 'none') items.push(s.painNone);
  else if (findings.pain !== undefined) items.push(fill(s.pain, { n: findings.pain }, false));
  if (findings.fever !== undefined) {
    const fever = findings.fever ? s.fever.yes : s.fever.no;
    const t = findings.temperature;
    items.push(t === undefined ? fever : `${fever} (${formatTemperature(bank, t)} °C)`);
  }
  if (findings.wound) items.push(s.wound[findings.wound]);
  if (findings.medication) items.push(s.medication[findings.medication]);
  if (findings.sideEffects)
    items.push(
      findings.sideEffects.length
        ? fill(s.sideEffects.some, { list: sideEffectList(bank, findings) }, false)
        : s.sideEffects.none,
    );
  if (findings.supply) items.push(s.supply[findings.supply]);
  if (findings.attendance) items.push(s.attendance[findings.attendance]);
  if (findings.preparation) items.push(s.preparation[findings.preparation]);
  if (findings.symptoms) items.push(s.symptoms[findings.symptoms]);
  if (findings.note) items.push(fill(s.note, { note: findings.note }, false));
  return items;
}

export function sideEffectList(bank: PhraseBank, findings: Findings): string {
  return joinList(
    bank,
    (findings.sideEffects ?? []).map((e) => bank.sideEffectNames[e]),
  );
}

/** Anything the team should follow up on, urgent or not. */
export function needsFollowUp(findings: Partial<Findings>): boolean {
  return (
    needsAttention(findings) ||
    findings.medication === 'missed' ||
    (findings.sideEffects?.length ?? 0) > 0 ||
    findings.supply === 'short' ||
    findings.attendance === 'no' ||
    findings.preparation === 'question' ||
    findings.symptoms === 'some' ||
    findings.wellbeing === 'bad' ||
    findings.note !== undefined
  );
}

/** Findings the nursing team should act on today. */
export function needsAttention(findings: Partial<Findings>): boolean {
  return (
    (typeof findings.pain === 'number' && findings.pain >= 7) ||
    findings.fever === true ||
    findings.wound === 'bleeding' ||
    findings.wound === 'changes'
  );
}
