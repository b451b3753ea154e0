import { worse, type TriageLevel, type TriageSign } from './signs';
import { foldText } from './tokens';
import { askedAbout, triage, type TriageOptions, type TriageVerdict } from './triage';
import { asksForAQuantity } from './written-numbers';

/** The worst of a set of triaged texts: the level, and every sign found, in order. */
export interface CombinedVerdict {
  level: TriageLevel;
  signs: TriageSign[];
}

/** What the patient wrote or said, and the question it answers, when there was one. */
export interface Answer {
  text: string;
  /** The assistant's turn before it, or the form field's label. */
  question?: string;
}

type AnswerOptions = Omit<TriageOptions, 'asked' | 'quantity'>;

/**
 * Triage of a text read as the answer to its question: "un 8" after "del 0 al 10, ¿cuánto le
 * duele?" is a pain of 8, "38,6" after "¿Ha tenido fiebre?" a temperature. A question about
 * several subjects gives several readings; the worst counts, with every sign any of them found
 * (a doubt goes to a person, never away).
 */
export function triageAnswer(answer: Answer, options: AnswerOptions = {}): TriageVerdict {
  const subjects = answer.question ? askedAbout(answer.question) : [];
  // A number that answers "Peso (kg)" is a weight; one that answers "¿Fiebre? ¿Cuántos grados?"
  // a temperature: the fever subject outweighs the count.
  const quantity =
    answer.question !== undefined &&
    !subjects.includes('fever') &&
    asksForAQuantity(foldText(answer.question));
  if (!subjects.length) return triage(answer.text, { ...options, quantity });
  const readings = subjects.map((asked) => triage(answer.text, { ...options, asked, quantity }));
  const worst = readings.reduce((a, b) => (worse(a.level, b.level) === a.level ? a : b));
  const union = <T>(pick: (v: TriageVerdict) => readonly T[]) => [
    ...new Set([...pick(worst), ...readings.flatMap(pick)]),
  ];
  return {
    ...worst,
    signs: union((v) => v.signs),
    doubtful: union((v) => v.doubtful).filter((s) => !readings.some((v) => v.signs.includes(s))),
    clinical: readings.some((v) => v.clinical),
  };
}

/**
 * Triage of every patient answer of a call or a form: the worst level wins and every sign is
 * kept, so one alarming sentence in a long call is never averaged away.
 */
export function triageAnswers(
  answers: readonly Answer[],
  options: AnswerOptions = {},
): CombinedVerdict {
  let level: TriageLevel = 'none';
  const signs: TriageSign[] = [];
  for (const answer of answers) {
    const verdict = triageAnswer(answer, options);
    level = worse(level, verdict.level);
    for (const sign of verdict.signs) if (!signs.includes(sign)) signs.push(sign);
  }
  return { level, signs };
}

/** The patient's turns of a transcript, each read as the answer to the assistant turn before it. */
export function transcriptAnswers(turns: readonly { role: string; content: string }[]): Answer[] {
  const answers: Answer[] = [];
  let question: string | undefined;
  for (const turn of turns) {
    if (turn.role === 'assistant') question = turn.content;
    else if (turn.role === 'patient')
      answers.push({ text: turn.content, ...(question !== undefined ? { question } : {}) });
  }
  return answers;
}
