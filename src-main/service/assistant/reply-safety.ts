import type { Language } from '../schemas/form-schedule';
import { writtenPainScore, writtenTemperature, numbersIn } from '../triage/written-numbers';
import type { TriageVerdict } from '../triage/triage';
import { foldText } from '../triage/tokens';
import type { ReplyMetadata } from './assistant';
import { PHRASES } from './builtin/phrases';

/**
 * The check a language model's reply passes before a patient reads it. A model may state a
 * finding the patient never gave ("un dolor de 7 es intenso") or answer an emergency without the
 * emergency number; either way the built-in safe reply is sent instead. Numbers the reply may
 * carry: those the patient wrote in this conversation, those in the care team's context, and
 * those of the built-in assistant's own phrases (the 0–10 scale, 38 °C, 112, 024 and its 24 h).
 */
export function unsafeModelReply(
  reply: string,
  input: {
    language: Language;
    verdict: TriageVerdict;
    /** Every patient message of the conversation, the newest included. */
    patientTexts: readonly string[];
    context: string;
  },
): ReplyMetadata['replaced'] {
  if (input.verdict.level === 'emergency') {
    const needed = input.verdict.signs.includes('suicidal_thoughts') ? ['112', '024'] : ['112'];
    if (!needed.every((n) => reply.includes(n))) return 'missing_emergency_number';
  }
  const allowed = new Set([
    ...input.patientTexts.flatMap((t) => [...numbersIn(t)]),
    // A reading the patient gave in °F may be repeated as the °C it is.
    ...input.patientTexts.flatMap((t) => {
      const celsius = writtenTemperature(foldText(t), false);
      return celsius === undefined ? [] : [String(celsius)];
    }),
    ...numbersIn(input.context),
    ...phraseNumbers(input.language),
  ]);
  for (const n of numbersIn(reply)) if (!allowed.has(n)) return 'invented_number';
  // A score or temperature stated in words ("un dolor de siete sobre diez").
  const folded = foldText(reply);
  const stated = [writtenPainScore(folded, false), writtenTemperature(folded, false)];
  for (const n of stated) if (n !== undefined && !allowed.has(String(n))) return 'invented_number';
  return undefined;
}

const PHRASE_NUMBERS = new Map<Language, Set<string>>();

function phraseNumbers(language: Language): Set<string> {
  let numbers = PHRASE_NUMBERS.get(language);
  if (!numbers) {
    numbers = numbersIn(JSON.stringify(PHRASES[language]));
    PHRASE_NUMBERS.set(language, numbers);
  }
  return numbers;
}
