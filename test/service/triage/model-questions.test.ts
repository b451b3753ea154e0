import { describe, expect, it } from 'vitest';
import type { ChatSetup, ChatTurn } from '../../../src-main/service/assistant/assistant';
import { hear } from '../../../src-main/service/assistant/builtin/hearing';
import {
  transcriptAnswers,
  triageAnswer,
  triageAnswers,
} from '../../../src-main/service/triage/transcript-triage';
import { askedAbout } from '../../../src-main/service/triage/triage';
import { ANSWER_CASES } from './answer-cases';
import type { AnswerCase } from './corpus-types';

/*
 * A language model asks its own questions, in its own words: the patient's bare "un 9" is a
 * severe pain only if the question is read. These are questions as chat models write them
 * (a courtesy first, the scale in brackets, the question last or in the middle), and the
 * labelled answers of answer-cases.ts read against them: a model's question must be heard as
 * well as the built-in assistant's own.
 */
type Subject = 'pain' | 'fever' | 'wound';

const MODEL_QUESTIONS: Record<AnswerCase['lang'], Record<Subject, string[]>> = {
  es: {
    pain: [
      'Gracias, Ana. Del 0 al 10, ¿cuánto le duele ahora mismo la rodilla?',
      '¿Cómo describiría su dolor hoy en una escala del 0 (nada) al 10 (el peor imaginable)?',
      'Entendido. Y en cuanto al dolor, ¿qué número le pondría?',
      'Me gustaría saber cómo va el dolor: ¿cuánto le molesta la pierna, de 0 a 10?',
    ],
    fever: [
      '¿Ha tenido fiebre desde la operación?',
      'Perfecto. ¿Se ha tomado la temperatura estos días? ¿Cuánto le ha marcado el termómetro?',
      'Una pregunta más: ¿ha notado fiebre o escalofríos?',
    ],
    wound: [
      '¿Cómo ve la herida? ¿Está roja, hinchada o le supura?',
      'Cuénteme, ¿qué aspecto tiene la cicatriz hoy?',
      'Gracias. ¿Ha notado algo raro en la herida de la operación?',
    ],
  },
  ca: {
    pain: [
      'Gràcies, Anna. Del 0 al 10, quant de dolor té ara mateix?',
      'Com puntuaria el dolor que sent avui, en una escala del 0 al 10?',
      'I el dolor, com el té? Quin número li posaria?',
    ],
    fever: [
      "Ha tingut febre des de l'operació?",
      "S'ha pres la temperatura aquests dies? Quant li ha marcat?",
      'Una altra pregunta: ha notat febre o calfreds?',
    ],
    wound: [
      'Com veu la ferida? Està vermella o li supura?',
      "Quin aspecte té avui la ferida de l'operació?",
    ],
  },
  en: {
    pain: [
      'Thanks, Ann. On a scale from 0 to 10, how bad is the pain right now?',
      'How would you rate your pain today, where 0 is none and 10 is the worst imaginable?',
      'Got it. And the pain in your knee, what number would you give it?',
    ],
    fever: [
      'Have you had a fever since the operation?',
      'Have you taken your temperature these last few days? What did the thermometer say?',
      'One more thing: any fever or chills?',
    ],
    wound: [
      'How does the wound look? Is it red, swollen or leaking?',
      'What does the incision look like today?',
    ],
  },
};

/** Questions about none of the three: a bare number answers something else. */
const OTHER_QUESTIONS: Record<AnswerCase['lang'], string[]> = {
  es: [
    '¿Cuántos días lleva tomando la medicación nueva?',
    '¿Ha podido dormir bien esta semana?',
    'Me alegra que el dolor haya mejorado. ¿Cuántas veces al día se toma la pastilla?',
    '¿A qué hora le va mejor que le llamemos?',
  ],
  ca: [
    'Quants dies fa que pren la medicació nova?',
    'Ha pogut dormir bé aquesta setmana?',
    'Quantes vegades al dia es pren la pastilla?',
  ],
  en: [
    'How many days have you been on the new tablets?',
    'Have you been sleeping well this week?',
    'Glad the pain has eased. How many times a day are you taking the tablets?',
  ],
};

const CONTEXT: Record<AnswerCase['lang'], string> = {
  es: 'Seguimiento postoperatorio tras prótesis de rodilla',
  ca: "Seguiment postoperatori després d'una pròtesi de genoll",
  en: 'Post-operative follow-up after a knee replacement',
};

const LANGS = ['es', 'ca', 'en'] as const;

describe('what a model asks about', () => {
  for (const lang of LANGS)
    for (const subject of ['pain', 'fever', 'wound'] as const)
      it.each(MODEL_QUESTIONS[lang][subject])(`${lang} ${subject}: %s`, (question) => {
        expect(askedAbout(question)).toContain(subject);
      });

  it.each(LANGS.flatMap((lang) => OTHER_QUESTIONS[lang]))('nothing of the three: %s', (q) => {
    expect(askedAbout(q)).toEqual([]);
  });

  it('takes the sentences that ask, and every subject they ask about', () => {
    expect(askedAbout('Me alegra que la fiebre haya bajado. ¿Cómo ve la herida?')).toEqual([
      'wound',
    ]);
    expect(askedAbout('¿Tiene dolor o fiebre?')).toEqual(['pain', 'fever']);
    // No question mark: the whole turn is what was asked.
    expect(askedAbout('Dígame del 0 al 10 cuánto le duele.')).toEqual(['pain']);
  });
});

describe("the patient's answer to a model's question", () => {
  const setup = (lang: AnswerCase['lang']): ChatSetup => ({
    key: 'conv_model_questions',
    firstName: 'Ana',
    context: CONTEXT[lang],
    language: lang,
    clinicName: 'Clínica Demo',
  });
  const cases = ANSWER_CASES.filter(
    (c): c is AnswerCase & { topic: Subject } =>
      c.topic === 'pain' || c.topic === 'fever' || c.topic === 'wound',
  ).flatMap((c) =>
    MODEL_QUESTIONS[c.lang][c.topic].map((question) => [c.text, question, c] as const),
  );

  it('is read against every phrasing of its question (the cases cover each language)', () => {
    for (const lang of LANGS) expect(cases.some(([, , c]) => c.lang === lang)).toBe(true);
    expect(cases.length).toBeGreaterThan(150);
  });

  it.each(cases)('"%s" after "%s"', (text, question, c) => {
    const history: ChatTurn[] = [
      { role: 'assistant', content: question, metadata: { provider: 'openai' } },
    ];
    const { level } = hear(setup(c.lang), history, text).triage;
    if (c.expect === 'emergency') expect(level).toBe('emergency');
    else if (c.expect === 'urgent') expect(['urgent', 'emergency']).toContain(level);
    else if (c.expect === 'good') expect(level).toBe('none');
    else expect(['none', 'team']).toContain(level);
  });

  it("is the built-in assistant's own question when it asked last, whatever a model said before", () => {
    const history: ChatTurn[] = [
      { role: 'assistant', content: '¿Cuántos días lleva así?', metadata: { provider: 'openai' } },
      { role: 'patient', content: 'tres', metadata: {} },
      {
        role: 'assistant',
        content: 'Del 0 al 10, ¿cuánto dolor tiene?',
        metadata: { provider: 'builtin', topic: 'pain' },
      },
    ];
    expect(hear(setup('es'), history, 'un 9').triage.signs).toEqual(['severe_pain']);
    // The model's question about days does not make "8" a pain score.
    expect(hear(setup('es'), history.slice(0, 1), '8').triage.level).toBe('none');
  });
});

describe('answers read against their questions', () => {
  it('reads the worst of a question about two subjects, with every sign', () => {
    const verdict = triageAnswer(
      { text: 'sí, 38,7 y me duele un 9', question: '¿Tiene fiebre? ¿Y dolor, del 0 al 10?' },
      { postOp: true, language: 'es' },
    );
    expect(verdict.level).toBe('urgent');
    expect(verdict.signs).toEqual(expect.arrayContaining(['post_op_fever', 'severe_pain']));
  });

  it('pairs each patient turn of a transcript with the assistant turn before it', () => {
    const turns = [
      { role: 'assistant', content: 'Hola, soy el asistente de la clínica.' },
      { role: 'assistant', content: '¿Cuánto le duele, del 0 al 10?' },
      { role: 'patient', content: 'un 8' },
      { role: 'patient', content: 'sobre todo de noche' },
      { role: 'assistant', content: '¿Cuántos días lleva con la pastilla nueva?' },
      { role: 'patient', content: '9' },
    ];
    expect(transcriptAnswers(turns)).toEqual([
      { text: 'un 8', question: '¿Cuánto le duele, del 0 al 10?' },
      { text: 'sobre todo de noche', question: '¿Cuánto le duele, del 0 al 10?' },
      { text: '9', question: '¿Cuántos días lleva con la pastilla nueva?' },
    ]);
    expect(triageAnswers(transcriptAnswers(turns), { language: 'es' })).toEqual({
      level: 'urgent',
      signs: ['severe_pain'],
    });
    // Without the question, the same transcript raises nothing: the reading is the question's.
    expect(
      triageAnswers(turns.filter((t) => t.role === 'patient').map((t) => ({ text: t.content }))),
    ).toEqual({ level: 'none', signs: [] });
  });
});

describe('questions about a part of the body, and about another quantity', () => {
  const read = (question: string, text: string) =>
    triageAnswer({ text, question }, { postOp: true });

  it.each([
    ['How has your back been since the operation?', 'Unbearable, cant get comfy at all'],
    ['¿Qué tal esa rodilla?', 'insoportable, no he pegado ojo'],
    ['I com va el genoll aquests dies?', 'no ho aguanto, és horrible'],
    ["How's the shoulder today?", 'agony when i lift my arm'],
  ])('hears "%s" answered "%s" as a severe pain', (question, text) => {
    expect(read(question, text).signs).toContain('severe_pain');
  });

  it.each([
    ['¿Qué tal esa rodilla?', 'mucho mejor, ya casi ni la noto'],
    ['How has your back been since the operation?', 'bit stiff in the mornings but fine'],
    // Numbers under a question about a part of the body count nothing by themselves.
    ['¿Cuántos días lleva con la espalda así?', '8'],
    ['How is your knee? How many times a day do you do the exercises?', '9'],
  ])('keeps "%s" answered "%s" ordinary', (question, text) => {
    expect(read(question, text).level).toBe('none');
  });

  it.each([
    ['Pes actual (kg)', '38,5'],
    ['Peso (kg)', '39.2'],
    ['Weight today (kg)', '37.5'],
    ['¿Cuántos años tiene su hija?', '38'],
    ['Talla (cm)', '39,5'],
  ])('reads "%s" answered "%s" as that quantity, never a temperature', (question, text) => {
    const verdict = read(question, text);
    expect(verdict.temperature).toBeUndefined();
    expect(verdict.level).toBe('none');
  });

  it.each([
    ['¿Cuántos grados ha marcado el termómetro?', '38,6'],
    ['Temperatura (°C)', '39.1'],
    ['How many degrees did you get this morning?', '38.4'],
    ['Pes actual (kg)', '72, i tinc 38,9 de febre des d’ahir'],
  ])('still reads "%s" answered "%s" as a temperature', (question, text) => {
    const verdict = read(question, text);
    expect(verdict.temperature).toBeGreaterThanOrEqual(38);
    expect(verdict.signs).toContain('post_op_fever');
  });

  it.each([
    ["pain wise I'd put it at 8 tbh", 8],
    ['the pain is at 9 most nights honestly', 9],
    ['would rate the pain at 7 i guess', 7],
  ])('reads "%s" as a pain score of %i', (text, score) => {
    expect(read('How are things today?', text).pain).toBe(score);
  });

  it.each(['my pain started at 8 this morning', 'the pain woke me at 6', 'pain meds at 8'])(
    'reads no score in "%s"',
    (text) => {
      expect(read('How are things today?', text).pain).toBeUndefined();
    },
  );
});

it.each([
  ['tengo 38, 9 de dolor', 9],
  ['fiebre 38 y 9 de dolor', 9],
  ['i took 2 and the pain is still 9', 9],
])('reads the score after another number in "%s"', (text, score) => {
  // A number after another ("38, 9 de dolor") is still a score: a list rule that skipped it
  // would miss a severe pain to spare a low score read from a time ("meds at 8 and 2").
  expect(triageAnswer({ text }, { postOp: true }).pain).toBe(score);
});

describe('fevers in Fahrenheit, finished fevers, and fevers only supposed by the question', () => {
  const read = (question: string, text: string) =>
    triageAnswer({ text, question }, { postOp: true });

  it.each([
    ['Any fever since the surgery?', 'yeah thermometer said 101.3 last night', 38.5],
    ['Temperature this morning?', '100.8', 38.2],
    ['¿Ha tenido fiebre?', 'sí, 102 F, el termómetro es americano', 38.9],
  ])('reads "%s" answered "%s" as %f °C', (question, text, celsius) => {
    const verdict = read(question, text);
    expect(verdict.temperature).toBe(celsius);
    expect(verdict.signs).toContain('post_op_fever');
  });

  it.each([
    ['Any fever since the surgery?', '99.1, feel ok'],
    ['Weight (lbs)', '101.4'],
    ['Blood sugar?', '104'],
  ])('keeps "%s" answered "%s" below a fever', (question, text) => {
    expect(read(question, text).signs).not.toContain('post_op_fever');
  });

  it.each([
    ['¿Ha vuelto la fiebre?', 'el domingo 38,4 pero desde entonces normal'],
    ['Algun dia amb febre?', 'dimarts 38 i escaig, ja res des de llavors'],
    ['Any more fevers?', 'hit 38.3 on tuesday, fine since wednesday'],
  ])('sends a finished fever in "%s" / "%s" to a person, not to the urgent list', (q, text) => {
    expect(read(q, text).level).toBe('team');
  });

  it.each([
    ['¿Sabe a quién llamar si le sube la fiebre por la noche?', 'si llega a 38 llamo al centro'],
    ["Si t'agafa febre, saps què has de fer?", 'si arribo a 38 us truco'],
    ['Do you know what to do if you get a temperature?', 'if its over 38 i ring you yes'],
  ])('asks nothing about a fever in "%s", so "%s" is a plan, not a fever', (q, text) => {
    expect(askedAbout(q)).not.toContain('fever');
    expect(read(q, text).level).toBe('none');
  });
});
