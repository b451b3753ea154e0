import { describe, expect, it } from 'vitest';
import type { ChatSetup } from '../../../src-main/service/assistant/assistant';
import { hear } from '../../../src-main/service/assistant/builtin/hearing';
import { triageAnswer } from '../../../src-main/service/triage/transcript-triage';
import { metrics, run, table } from './corpus-metrics';
import { QUESTION_CORPUS, type QuestionCase } from './question-corpus';
import { QUESTION_HOLDOUT } from './question-holdout';

/**
 * Answers read against their questions (docs/clinical-safety.md): question-corpus.ts and
 * question-holdout.ts were each written by an author who had not seen the triage, the assistant
 * or the other corpora, as a model's chat turns and clinics' form labels with patients' answers
 * to them. The first found gaps that were fixed against it; the second was written after those
 * fixes, as the held-out measure, and its first-run figures are in docs/clinical-safety.md. Each is read the way the service
 * reads it: a chat message through hear() after a model's turn, a form answer through
 * triageAnswer() with its field's label. The bar is the main corpus's: no emergency missed,
 * urgent signs found in at least 95 of 100, at most 3 in 100 ordinary answers escalated, and no
 * number the patient did not write.
 */
const CONTEXT = {
  postOp: {
    es: 'Seguimiento postoperatorio',
    ca: 'Seguiment postoperatori',
    en: 'Post-operative follow-up',
  },
  other: { es: 'Seguimiento general', ca: 'Seguiment general', en: 'General follow-up' },
};

function asTheServiceReads(c: QuestionCase) {
  if (c.asker === 'form')
    return triageAnswer({ text: c.text, question: c.question }, { postOp: c.postOp });
  const setup: ChatSetup = {
    key: 'conv_question_corpus',
    firstName: 'Ana',
    context: CONTEXT[c.postOp ? 'postOp' : 'other'][c.lang],
    language: c.lang,
    clinicName: 'Clínica Demo',
  };
  return hear(
    setup,
    [{ role: 'assistant', content: c.question, metadata: { provider: 'openai' } }],
    c.text,
  ).triage;
}

const LANGS = ['es', 'ca', 'en'] as const;
type Result = ReturnType<typeof run>[number];
const fmt = (r: Result) =>
  `${r.case.lang}: "${(r.case as QuestionCase).question}" -> "${r.case.text}" = ${r.level} ${r.signs.join(',')}`;

const CORPORA = [
  ['the first blind corpus', QUESTION_CORPUS],
  ['the held-out corpus', QUESTION_HOLDOUT],
] as const;

for (const [name, corpus] of CORPORA) {
  const results = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      run(
        corpus.filter((c) => c.lang === lang),
        asTheServiceReads,
      ),
    ]),
  ) as Record<(typeof LANGS)[number], Result[]>;
  const all = Object.values(results).flat();

  describe(`answers read against their questions, on ${name}`, () => {
    it('prints recall and precision per category and language, and without the questions', () => {
      const unread = run(corpus);
      console.log(
        `\n${table([
          ...LANGS.map((lang) => ({ label: lang, results: results[lang] })),
          { label: 'all', results: all },
          { label: 'all, questions ignored', results: unread },
        ])}\n`,
      );
      for (const lang of LANGS) expect(results[lang].length).toBeGreaterThanOrEqual(30);
    });

    it('misses no emergency', () => {
      expect(
        all.filter((r) => r.case.expect === 'emergency' && r.got !== 'emergency').map(fmt),
      ).toEqual([]);
    });

    it('finds at least 95% of urgent signs (an emergency reading is escalated too)', () => {
      const urgent = all.filter((r) => r.case.expect === 'urgent');
      const missed = urgent.filter((r) => r.got === 'ordinary');
      console.log(missed.map((r) => `urgent missed: ${fmt(r)}`).join('\n'));
      expect(1 - missed.length / urgent.length).toBeGreaterThanOrEqual(0.95);
      expect(metrics(all).find((m) => m.category === 'urgent')!.cases).toBe(urgent.length);
    });

    it('escalates at most 3% of ordinary answers', () => {
      const ordinary = all.filter((r) => r.case.expect === 'ordinary');
      const escalated = ordinary.filter((r) => r.got !== 'ordinary');
      console.log(escalated.map((r) => `ordinary escalated: ${fmt(r)}`).join('\n'));
      expect(escalated.length / ordinary.length).toBeLessThanOrEqual(0.03);
    });

    it('never records a number the patient did not write', () => {
      // "39,5" under "Pes actual (kg)" was read as a temperature until the question's quantity
      // counted (asksForAQuantity).
      expect(
        all.filter((r) => r.invented.length).map((r) => `${fmt(r)}: ${r.invented.join(', ')}`),
      ).toEqual([]);
    });
  });
}
