import { describe, expect, it } from 'vitest';
import type { ChatSetup, ChatTurn } from '../../../src-main/service/assistant/assistant';
import { builtinReply } from '../../../src-main/service/assistant/builtin/builtin-assistant';
import { PHRASES } from '../../../src-main/service/assistant/builtin/phrases';
import { numbersIn } from '../../../src-main/service/triage/written-numbers';
import { ANSWER_CASES } from './answer-cases';
import type { AnswerCase } from './corpus-types';

/**
 * The built-in assistant's reply to each labelled answer (answer-cases.ts, written without the
 * assistant in view): emergencies get 112 at once, urgent signs the team's call today without
 * 112, clinical words it cannot place go to a person, a positive acknowledgement only for good
 * news, and no number the patient did not write, recorded or repeated.
 */
const CONTEXT: Record<AnswerCase['lang'], Record<'post_op' | 'check_in' | 'medication', string>> = {
  es: {
    post_op: 'Seguimiento postoperatorio tras prótesis de rodilla',
    check_in: 'Seguimiento general del paciente crónico',
    medication: 'Adherencia a la medicación para la hipertensión',
  },
  ca: {
    post_op: "Seguiment postoperatori després d'una pròtesi de genoll",
    check_in: 'Seguiment general del pacient crònic',
    medication: 'Adherència a la medicació',
  },
  en: {
    post_op: 'Post-operative follow-up after a knee replacement',
    check_in: 'General follow-up of a chronic patient',
    medication: 'Medication adherence for hypertension',
  },
};
const PURPOSE = {
  pain: 'post_op',
  fever: 'post_op',
  wound: 'post_op',
  wellbeing: 'check_in',
  symptoms: 'check_in',
  medication: 'medication',
} as const;

function answer(c: AnswerCase) {
  const setup: ChatSetup = {
    key: 'conv_answers',
    firstName: 'Ana',
    context: CONTEXT[c.lang][PURPOSE[c.topic]],
    language: c.lang,
    clinicName: 'Clínica Demo',
  };
  const history: ChatTurn[] = [
    { role: 'assistant', content: '…', metadata: { provider: 'builtin', topic: c.topic } },
  ];
  return builtinReply(setup, history, c.text);
}

/** Numbers the assistant's own phrases carry (the 0–10 scale, 38 °C, 112, 024 and its hours). */
function phraseNumbers(lang: AnswerCase['lang']): Set<string> {
  return numbersIn(JSON.stringify(PHRASES[lang]));
}

/** The positive acknowledgements that only good news may get. */
const CHEERFUL = (lang: AnswerCase['lang']) => PHRASES[lang].ack.wellbeing.good;

describe.each(['es', 'ca', 'en'] as const)('the assistant answering %s patients', (lang) => {
  const cases = ANSWER_CASES.filter((c) => c.lang === lang);

  it.each(cases.map((c) => [c.topic, c.text, c] as const))('%s: "%s"', (_topic, _text, c) => {
    const reply = answer(c);
    const content = reply.content;
    switch (c.expect) {
      case 'emergency':
        expect(reply.escalated).toBe(true);
        expect(content).toContain('112');
        break;
      case 'urgent':
        expect(reply.escalated).toBe(true);
        expect(reply.metadata.triage?.level).toBe('urgent');
        expect(content).not.toContain('112');
        break;
      case 'team':
        expect(reply.escalated).toBe(false);
        expect(reply.metadata.forTeam).toBe(true);
        break;
      case 'good':
      case 'other':
        expect(reply.escalated).toBe(false);
        break;
    }
    if (c.expect !== 'good')
      for (const cheer of CHEERFUL(lang)) expect(content).not.toContain(cheer);

    // Recorded: only the numbers the patient wrote.
    const findings = reply.metadata.findings ?? {};
    if (typeof findings.pain === 'number') expect(findings.pain).toBe(c.pain);
    else expect(c.pain === undefined || c.pain === 0).toBe(true);
    expect(findings.temperature).toBe(c.temperature);
    // Repeated: no number in the reply that neither the patient nor the assistant's own
    // phrases (scale, thresholds, emergency lines) carry.
    const written = [c.pain, c.temperature].filter((n) => n !== undefined).map(String);
    const allowed = new Set([...numbersIn(c.text), ...written, ...phraseNumbers(lang)]);
    for (const n of numbersIn(content)) expect(allowed.has(n), `${n} in "${content}"`).toBe(true);
  });
});
