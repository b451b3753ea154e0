import { describe, expect, it } from 'vitest';
import type {
  AssistantReply,
  CallSetup,
  ChatSetup,
  ChatTurn,
  Findings,
} from '../../src-main/service/assistant/assistant';
import type { EmergencySign as RedFlag } from '../../src-main/service/triage/signs';
import {
  builtinCall,
  builtinReply,
  builtinWelcome,
} from '../../src-main/service/assistant/builtin/builtin-assistant';
import {
  PLANS,
  readContext,
  type Purpose,
  type Topic,
} from '../../src-main/service/assistant/builtin/context-reading';
import { PHRASES } from '../../src-main/service/assistant/builtin/phrases';
import { createSimulatedPatient } from '../../src-main/service/assistant/builtin/simulated-call';
import {
  TOPIC_KEYS,
  redFlagsIn,
  understand,
} from '../../src-main/service/assistant/builtin/understanding';
import type { Language } from '../../src-main/service/schemas/form-schedule';

/*
 * Unit tests of the built-in offline assistant (issue 4): the welcome and reply engine, the
 * reading of the care team's context, the understanding of patient messages, and the simulated
 * call. Assertions are on meaning: the language a text is written in (words only that language
 * uses), the register (tú/usted, tu/vostè), the patient's name, the topic asked (metadata.topic),
 * what was understood (metadata.findings), escalations and the urgent-care numbers. No assertion
 * pins a whole sentence, so the phrase banks can be reworded freely.
 */

const LANGS: readonly Language[] = ['es', 'ca', 'en'];
const PURPOSE_LIST: readonly Purpose[] = ['post_op', 'medication', 'appointment', 'check_in'];
const CLINIC = 'Engage Desk';
const NAMES: Record<Language, string> = { es: 'Lucía', ca: 'Montserrat', en: 'Oliver' };

/** What a care team writes as the context of a chat (or the purpose of a call). */
const CONTEXTS: Record<Language, Record<Purpose, string>> = {
  es: {
    post_op: 'Seguimiento postoperatorio tras prótesis de rodilla',
    medication: 'Adherencia a la medicación para la hipertensión',
    appointment: 'Recordatorio de la cita de cardiología del martes',
    check_in: 'Seguimiento general del paciente crónico',
  },
  ca: {
    post_op: "Seguiment postoperatori després d'una pròtesi de genoll",
    medication: 'Adherència a la medicació',
    appointment: 'Recordatori de la visita de control de dimarts',
    check_in: 'Seguiment general del pacient crònic',
  },
  en: {
    post_op: 'Post-operative follow-up after a hip replacement',
    medication: 'Medication adherence check',
    appointment: "Appointment reminder for Tuesday's cardiology visit",
    check_in: 'General check-in',
  },
};

/*
 * Words that only one of the three languages uses in the assistant's phrasing (checked against
 * the texts the assistant writes: every text must avoid the other two languages' words).
 */
const ONLY: Record<Language, readonly string[]> = {
  es: [
    'asistente',
    'escribe',
    'saluda',
    'buenos',
    'días',
    'quería',
    'hacemos',
    'recuperación',
    'después',
    'intervención',
    'operación',
    'gustaría',
    'preguntas',
    'cómo',
    'medicación',
    'tratamiento',
    'próxima',
    'cita',
    'cuánto',
    'ahora',
    'usted',
    'su',
    'le',
    'qué',
    'empezar',
    'tomando',
    'siguiente',
    'herida',
    'fiebre',
    'gracias',
    'y',
    'equipo',
    'lo',
  ],
  ca: [
    "l'assistent",
    'assistent',
    'soc',
    'bon',
    'volia',
    'fem',
    'seva',
    'teva',
    'després',
    'intervenció',
    'operació',
    "m'agradaria",
    'preguntes',
    'breus',
    'medicació',
    'tractament',
    'propera',
    'aquests',
    'dies',
    'quant',
    'ara',
    'mateix',
    'vostè',
    'prenent',
    'prendre',
    'avui',
    'començar',
    'següent',
    'ferida',
    'febre',
    'gràcies',
    "l'equip",
    'ho',
    'amb',
    'seguiment',
  ],
  en: [
    'assistant',
    'this',
    'the',
    'of',
    'your',
    'how',
    'would',
    'like',
    'you',
    'have',
    'pain',
    'hello',
    'good',
    'morning',
    'team',
    'and',
    'with',
    'fever',
    'wound',
  ],
};

/** The word each language's assistant uses to introduce itself. */
const SELF: Record<Language, string> = { es: 'asistente', ca: "l'assistent", en: 'assistant' };

/** Second-person forms that only the formal (usted / vostè) or informal (tú / tu) register uses. */
const REGISTER: Record<'es' | 'ca', { formal: readonly string[]; informal: readonly string[] }> = {
  es: {
    formal: [
      'usted',
      'su',
      'hacerle',
      'comentarle',
      'lleva',
      'recordarle',
      'nota',
      'tuviera',
      'daría',
      'podrá',
      'responda',
      'vendrá',
      'quiera',
      'quiere',
      'perdone',
      'dice',
      'disculpe',
      'podría',
      'preocupe',
      'esté',
      'escríbame',
      'llame',
      'cuídese',
      'escríbanos',
      'ayudarle',
      'acuda',
      'espere',
      'sienta',
      'haya',
      'piensa',
      'presione',
    ],
    informal: [
      'tú',
      'te',
      'tu',
      'ti',
      'hacerte',
      'comentarte',
      'llevas',
      'recordarte',
      'encuentras',
      'estás',
      'tienes',
      'notas',
      'tuvieras',
      'darías',
      'has',
      'ves',
      'podrás',
      'respondas',
      'confirmas',
      'vendrás',
      'tengas',
      'quieras',
      'quieres',
      'perdona',
      'dices',
      'disculpa',
      'podrías',
      'tomas',
      'preocupes',
      'estés',
      'contigo',
      'escríbeme',
      'cuídate',
      'escríbenos',
      'ayudarte',
      'acude',
      'esperes',
      'sientas',
      'hayas',
      'piensas',
      'presiona',
      'eres',
    ],
  },
  ca: {
    formal: [
      'vostè',
      'seva',
      'seu',
      'fer-li',
      'porta',
      'escric',
      'recordar-li',
      'troba',
      'nota',
      'hagués',
      'donaria',
      'veu',
      'podrà',
      'respongui',
      'vindrà',
      'vulgui',
      'vol',
      'perdoni',
      'diu',
      'disculpi',
      'podria',
      'preocupi',
      'estigui',
      "l'esperem",
      'donar-li',
      "escrigui'm",
      'truqui',
      "cuidi's",
      "escrigui'ns",
      'vagi',
      'esperi',
      'senti',
      'hagi',
      'pensa',
      'fer-se',
      'pressioni',
    ],
    informal: [
      "t'escriu",
      'et',
      'teva',
      'teu',
      'fer-te',
      'portes',
      "t'escric",
      'recordar-te',
      'trobes',
      'estàs',
      'tens',
      'notes',
      'haguessis',
      'donaries',
      'has',
      "t'has",
      'veus',
      'te',
      'podràs',
      'responguis',
      'confirmes',
      'vindràs',
      'tinguis',
      'vulguis',
      'vols',
      'perdona',
      'dius',
      'disculpa',
      'podries',
      'prens',
      'preocupis',
      'estiguis',
      "t'esperem",
      'tu',
      'donar-te',
      'escriu-me',
      'truca',
      "cuida't",
      'escriu-nos',
      'ves',
      'esperis',
      'sentis',
      'hagis',
      'penses',
      'pressiona',
      'ets',
    ],
  },
};

/** The words of a text, lower case, keeping elisions ("l'assistent") and hyphens ("fer-li"). */
function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/’/g, "'")
      .match(/[\p{L}'-]+/gu) ?? []
  ).map((w) => w.replace(/^'+|'+$/g, ''));
}

/** The words of `text` that belong to a language other than `language`. */
function foreignWords(text: string, language: Language): string[] {
  const foreign = new Set(LANGS.filter((l) => l !== language).flatMap((l) => ONLY[l]));
  return words(text).filter((w) => foreign.has(w));
}

function expectLanguage(text: string, language: Language): void {
  expect(foreignWords(text, language), text).toEqual([]);
  const own = words(text).filter((w) => ONLY[language].includes(w));
  expect(own.length, text).toBeGreaterThan(0);
}

function registerWords(text: string, language: 'es' | 'ca', register: 'formal' | 'informal') {
  const list = REGISTER[language][register];
  return words(text).filter((w) => list.includes(w));
}

function chatSetup(
  language: Language,
  context: string,
  key = 'conv_01',
  firstName = NAMES[language],
  clinicName = CLINIC,
): ChatSetup {
  return { key, firstName, context, language, clinicName };
}

/** A conversation driven like the domain drives it: every message goes into the history. */
class Chat {
  readonly history: ChatTurn[] = [];
  readonly welcome: AssistantReply;
  readonly replies: AssistantReply[] = [];

  constructor(readonly setup: ChatSetup) {
    this.welcome = builtinWelcome(setup);
    this.history.push({
      role: 'assistant',
      content: this.welcome.content,
      metadata: this.welcome.metadata,
    });
  }

  say(message: string): AssistantReply {
    const reply = builtinReply(this.setup, this.history, message);
    this.history.push(
      { role: 'patient', content: message },
      { role: 'assistant', content: reply.content, metadata: reply.metadata },
    );
    this.replies.push(reply);
    return reply;
  }

  /** The topic the assistant is waiting an answer for. */
  get topic(): string | undefined {
    return (this.replies.at(-1) ?? this.welcome).metadata.topic;
  }

  /** Every finding recorded so far, as the team would read them. */
  get findings(): Findings {
    return Object.assign({}, ...this.replies.map((r) => r.metadata.findings ?? {})) as Findings;
  }

  /** Every assistant message, the welcome first. */
  get texts(): string[] {
    return [this.welcome.content, ...this.replies.map((r) => r.content)];
  }
}

/** Each scenario answers the plan's questions in order with a plausible patient message. */
interface Scenario {
  language: Language;
  purpose: Purpose;
  answers: string[];
  findings: Findings;
  /** Said back to the patient in the closing summary. */
  summary: string[];
}

const SCENARIOS: Scenario[] = [
  {
    language: 'es',
    purpose: 'post_op',
    answers: [
      'Un 3',
      'No, no he tenido fiebre',
      'Bien, está limpia y seca',
      'Sí, todos los días',
      'No, nada más',
    ],
    findings: { pain: 3, fever: false, wound: 'fine', medication: 'taken', questions: 'none' },
    summary: ['3/10', 'sin fiebre', 'herida con buen aspecto'],
  },
  {
    language: 'es',
    purpose: 'medication',
    answers: [
      'Sí, me las tomo todos los días',
      'Un poco de mareo por las mañanas',
      'Me quedan pocas pastillas',
      'No, eso es todo',
    ],
    findings: {
      medication: 'taken',
      sideEffects: ['dizziness'],
      supply: 'short',
      questions: 'none',
    },
    summary: ['mareo', 'receta'],
  },
  {
    language: 'es',
    purpose: 'appointment',
    answers: ['Sí, allí estaré', 'No, todo claro', 'No, nada más'],
    findings: { attendance: 'yes', preparation: 'clear', questions: 'none' },
    summary: ['confirma la cita'],
  },
  {
    language: 'es',
    purpose: 'check_in',
    answers: ['Bien, gracias', 'Un 2', 'No, nada nuevo', 'Sí, cada día', 'No, nada más'],
    findings: {
      wellbeing: 'good',
      pain: 2,
      symptoms: 'none',
      medication: 'taken',
      questions: 'none',
    },
    summary: ['2/10', 'sin síntomas nuevos'],
  },
  {
    language: 'ca',
    purpose: 'post_op',
    answers: [
      'Un 4',
      'No, no he tingut febre',
      'Està una mica vermella',
      'Sí, cada dia',
      'No, res més',
    ],
    // "Una mica vermella" is played down: no escalation, but a person reads it (the note).
    findings: {
      pain: 4,
      fever: false,
      wound: 'changes',
      medication: 'taken',
      questions: 'none',
      note: 'Està una mica vermella',
    },
    summary: ['4/10', 'sense febre', 'canvis a la ferida'],
  },
  {
    language: 'ca',
    purpose: 'medication',
    answers: ['Sí, les prenc cada dia', 'No, cap', 'Sí, en tinc per a un mes', 'No, res més'],
    findings: { medication: 'taken', sideEffects: [], supply: 'enough', questions: 'none' },
    summary: ['sense efectes secundaris', 'medicació suficient'],
  },
  {
    language: 'ca',
    purpose: 'appointment',
    answers: ['Sí, hi seré', 'No, tot clar', 'No, res més'],
    findings: { attendance: 'yes', preparation: 'clear', questions: 'none' },
    summary: ['confirma la visita'],
  },
  {
    language: 'ca',
    purpose: 'check_in',
    answers: ['Bé, gràcies', 'Un 1', 'No, res de nou', 'Sí, cada dia', 'No, res més'],
    findings: {
      wellbeing: 'good',
      pain: 1,
      symptoms: 'none',
      medication: 'taken',
      questions: 'none',
    },
    summary: ['1/10', 'es troba bé'],
  },
  {
    language: 'en',
    purpose: 'post_op',
    answers: [
      'About a 5',
      'No fever, it was 36.8 this morning',
      'It looks clean and dry',
      'Yes, every day',
      'No, nothing else',
    ],
    findings: {
      pain: 5,
      fever: false,
      temperature: 36.8,
      wound: 'fine',
      medication: 'taken',
      questions: 'none',
    },
    summary: ['5/10', 'no fever', '36.8'],
  },
  {
    language: 'en',
    purpose: 'medication',
    answers: [
      'I missed a dose on Sunday',
      'Some nausea in the mornings',
      'Yes, I have enough for a month',
      "No, that's all",
    ],
    findings: {
      medication: 'missed',
      sideEffects: ['nausea'],
      supply: 'enough',
      questions: 'none',
    },
    summary: ['missed', 'nausea'],
  },
  {
    language: 'en',
    purpose: 'appointment',
    answers: ["Yes, I'll be there", 'Do I need to fast?', 'No, nothing else'],
    findings: {
      attendance: 'yes',
      preparation: 'question',
      note: 'Do I need to fast?',
      questions: 'none',
    },
    summary: ['confirms the appointment', 'Do I need to fast?'],
  },
  {
    language: 'en',
    purpose: 'check_in',
    answers: ['Pretty good, thanks', 'Zero', 'Nothing new', 'Yes, every day', "No, that's all"],
    findings: {
      wellbeing: 'good',
      pain: 0,
      symptoms: 'none',
      medication: 'taken',
      questions: 'none',
    },
    summary: ['0/10', 'feels well'],
  },
];

describe('reading the care team context', () => {
  it.each(LANGS.flatMap((language) => PURPOSE_LIST.map((purpose) => [language, purpose] as const)))(
    '%s context for %s names its purpose; formal and not brief by default',
    (language, purpose) => {
      expect(readContext(CONTEXTS[language][purpose])).toEqual({
        purpose,
        formal: true,
        brief: false,
      });
    },
  );

  it('the purpose named first wins, and unrelated text is a general check-in', () => {
    expect(
      readContext('Seguimiento postoperatorio; pregunte también por la medicación').purpose,
    ).toBe('post_op');
    expect(readContext('Medication review; also ask about the wound').purpose).toBe('medication');
    expect(readContext('Recordatori de la propera visita').purpose).toBe('appointment');
    expect(readContext('Llamada de cortesía').purpose).toBe('check_in');
    expect(readContext('').purpose).toBe('check_in');
  });

  it.each(['post_op', 'Post op follow-up', 'Post-op follow-up'])(
    'a post-operative purpose written as "%s" is a post-operative follow-up',
    (text) => {
      expect(readContext(text).purpose).toBe('post_op');
    },
  );

  it('reads the register: informal only when asked, and an explicit formal request wins', () => {
    expect(readContext('Seguimiento postoperatorio. Tono cercano.').formal).toBe(false);
    expect(readContext('Seguimiento postoperatorio; tutea al paciente').formal).toBe(false);
    expect(readContext('Seguiment postoperatori. Tracta el pacient de tu.').formal).toBe(false);
    expect(readContext('Medication check, friendly and informal').formal).toBe(false);
    expect(readContext('Seguimiento postoperatorio').formal).toBe(true);
    expect(readContext('Seguimiento postoperatorio, tono cercano pero de usted').formal).toBe(true);
    expect(readContext('Seguiment, tracte de vostè').formal).toBe(true);
  });

  it('reads requests for brief messages in the three languages', () => {
    expect(readContext('Seguimiento postoperatorio. Mensajes breves.').brief).toBe(true);
    expect(readContext('Seguiment postoperatori. Missatges breus.').brief).toBe(true);
    expect(readContext('Post-operative follow-up. Keep it brief.').brief).toBe(true);
    expect(readContext('Appointment reminder; short messages please').brief).toBe(true);
  });
});

describe('welcome', () => {
  it.each(LANGS.flatMap((language) => PURPOSE_LIST.map((purpose) => [language, purpose] as const)))(
    '%s %s: right language, the first name, and the first question of the plan',
    (language, purpose) => {
      for (const key of ['conv_a', 'conv_b', 'conv_c', 'conv_d', 'conv_e', 'conv_f']) {
        const welcome = builtinWelcome(chatSetup(language, CONTEXTS[language][purpose], key));
        expect(welcome.escalated).toBe(false);
        expect(welcome.metadata).toEqual({ provider: 'builtin', topic: PLANS[purpose][0] });
        expect(welcome.content).toContain(NAMES[language]);
        expect(words(welcome.content)).toContain(SELF[language]);
        expectLanguage(welcome.content, language);
        // It asks its question.
        expect(welcome.content).toContain('?');
        if (language === 'es') expect(welcome.content).toContain('¿');
        else expect(welcome.content).not.toContain('¿');
      }
    },
  );

  it.each(LANGS)('%s: brief contexts leave out the introduction sentence', (language) => {
    const brief = { es: ' Mensajes breves.', ca: ' Missatges breus.', en: ' Keep it brief.' }[
      language
    ];
    const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);
    for (const purpose of PURPOSE_LIST) {
      for (const key of ['conv_a', 'conv_b', 'conv_c']) {
        const full = builtinWelcome(chatSetup(language, CONTEXTS[language][purpose], key));
        const short = builtinWelcome(chatSetup(language, CONTEXTS[language][purpose] + brief, key));
        expect(short.metadata.topic).toBe(PLANS[purpose][0]);
        expect(short.content).toContain(NAMES[language]);
        expectLanguage(short.content, language);
        expect(words(short.content).length).toBeLessThan(words(full.content).length);
        // Same greeting and question; only the introduction (a statement, not a question) is gone.
        const missing = sentences(full.content).filter(
          (s) => !sentences(short.content).includes(s),
        );
        expect(missing).toHaveLength(1);
        expect(missing[0]!.endsWith('.')).toBe(true);
        expect(sentences(short.content).every((s) => sentences(full.content).includes(s))).toBe(
          true,
        );
      }
    }
  });

  it('Spanish: usted by default, tú when the context asks for a close tone', () => {
    for (const key of ['conv_a', 'conv_b', 'conv_c', 'conv_d', 'conv_e']) {
      for (const purpose of PURPOSE_LIST) {
        const context = CONTEXTS.es[purpose];
        const formal = builtinWelcome(chatSetup('es', context, key)).content;
        const informal = builtinWelcome(
          chatSetup('es', `${context}. Tono cercano, tutea al paciente.`, key),
        ).content;
        expect(registerWords(formal, 'es', 'informal'), formal).toEqual([]);
        expect(formal).not.toBe(informal);
        expect(registerWords(informal, 'es', 'formal'), informal).toEqual([]);
        expect(registerWords(informal, 'es', 'informal').length, informal).toBeGreaterThan(0);
      }
      const formalPostOp = builtinWelcome(chatSetup('es', CONTEXTS.es.post_op, key)).content;
      const informalPostOp = builtinWelcome(
        chatSetup('es', 'Seguimiento postoperatorio, tono cercano', key),
      ).content;
      expect(formalPostOp).toMatch(/\bsu (recuperación|operación)\b/);
      expect(informalPostOp).toMatch(/\btu (recuperación|operación)\b/);
      // The pain question: "¿cuánto dolor tiene/tienes?", "nota/notas", "tuviera/tuvieras".
      expect(words(formalPostOp).some((w) => ['tiene', 'nota', 'tuviera'].includes(w))).toBe(true);
      expect(words(informalPostOp).some((w) => ['tienes', 'notas', 'tuvieras'].includes(w))).toBe(
        true,
      );
    }
  });

  it('Catalan: vostè by default, tu when the context asks for it', () => {
    for (const key of ['conv_a', 'conv_b', 'conv_c', 'conv_d', 'conv_e']) {
      for (const purpose of PURPOSE_LIST) {
        const context = CONTEXTS.ca[purpose];
        const formal = builtinWelcome(chatSetup('ca', context, key)).content;
        const informal = builtinWelcome(
          chatSetup('ca', `${context}. Tracta el pacient de tu, amb to proper.`, key),
        ).content;
        expect(registerWords(formal, 'ca', 'informal'), formal).toEqual([]);
        expect(formal).not.toBe(informal);
        expect(registerWords(informal, 'ca', 'formal'), informal).toEqual([]);
        expect(registerWords(informal, 'ca', 'informal').length, informal).toBeGreaterThan(0);
        expectLanguage(informal, 'ca');
      }
      const formalPostOp = builtinWelcome(chatSetup('ca', CONTEXTS.ca.post_op, key)).content;
      const informalPostOp = builtinWelcome(
        chatSetup('ca', 'Seguiment postoperatori; tracta-la de tu', key),
      ).content;
      expect(formalPostOp).toMatch(/\bla seva (recuperació|operació)/);
      expect(informalPostOp).toMatch(/\bla teva (recuperació|operació)/);
      expect(words(formalPostOp).some((w) => ['té', 'nota', 'hagués'].includes(w))).toBe(true);
      expect(words(informalPostOp).some((w) => ['tens', 'notes', 'haguessis'].includes(w))).toBe(
        true,
      );
    }
  });

  it('Catalan elides "de" before a clinic name starting with a vowel or h, and only then', () => {
    for (const key of ['conv_a', 'conv_b', 'conv_c', 'conv_d', 'conv_e', 'conv_f']) {
      const vowel = builtinWelcome(chatSetup('ca', CONTEXTS.ca.post_op, key)).content;
      expect(vowel).toContain("d'Engage Desk");
      expect(vowel).not.toContain('de Engage');
      const h = builtinWelcome(
        chatSetup('ca', CONTEXTS.ca.post_op, key, 'Jordi', 'Hospital del Mar'),
      ).content;
      expect(h).toContain("d'Hospital del Mar");
      expect(h).not.toContain('de Hospital');
      const consonant = builtinWelcome(
        chatSetup('ca', CONTEXTS.ca.post_op, key, 'Jordi', 'Clínica Sant Jordi'),
      ).content;
      expect(consonant).toContain('de Clínica Sant Jordi');
      expect(consonant).not.toContain("d'Clínica");
      // Spanish never elides.
      const spanish = builtinWelcome(chatSetup('es', CONTEXTS.es.post_op, key)).content;
      expect(spanish).toContain('de Engage Desk');
      expect(spanish).not.toContain("d'Engage");
    }
    const call = builtinCall({
      ...chatSetup('ca', CONTEXTS.ca.appointment, 'call_elision'),
      purpose: CONTEXTS.ca.appointment,
    });
    const assistantTurns = call.turns.filter((t) => t.role === 'assistant').map((t) => t.content);
    expect(assistantTurns[0]).toContain("d'Engage Desk");
    expect(assistantTurns.join(' ')).not.toContain('de Engage');
  });

  it('welcomes vary across conversations (at least 3 different texts in 30)', () => {
    for (const language of LANGS) {
      for (const purpose of PURPOSE_LIST) {
        const texts = new Set(
          Array.from(
            { length: 30 },
            (_, i) =>
              builtinWelcome(chatSetup(language, CONTEXTS[language][purpose], `conv_${i}`)).content,
          ),
        );
        expect(texts.size, `${language} ${purpose}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe('a whole conversation', () => {
  it.each(SCENARIOS.map((s) => [s.language, s.purpose, s] as const))(
    '%s %s: every topic of the plan asked once, in order, then a closing summary',
    (language, purpose, scenario) => {
      const chat = new Chat(chatSetup(language, CONTEXTS[language][purpose], `conv_${purpose}`));
      expect(chat.welcome.metadata.topic).toBe(PLANS[purpose][0]);
      for (const answer of scenario.answers) {
        const reply = chat.say(answer);
        expect(reply.escalated).toBe(false);
        expect(reply.metadata.provider).toBe('builtin');
        expect(reply.metadata.retry).toBeUndefined();
      }
      const topics = [chat.welcome, ...chat.replies].map((r) => r.metadata.topic);
      expect(topics).toEqual([...PLANS[purpose], 'done']);
      expect(chat.findings).toEqual(scenario.findings);

      for (const text of chat.texts) expectLanguage(text, language);
      // Every reply but the last asks a question; the closing names the patient and sums up.
      for (const reply of chat.replies.slice(0, -1)) expect(reply.content).toContain('?');
      const closing = chat.replies.at(-1)!.content;
      expect(closing).toContain(NAMES[language]);
      for (const item of scenario.summary) expect(closing).toContain(item);
    },
  );

  it('a formal Spanish conversation never switches to tú, and an informal one never to usted', () => {
    const answers = SCENARIOS.find((s) => s.language === 'es' && s.purpose === 'post_op')!.answers;
    for (const key of ['conv_a', 'conv_b', 'conv_c', 'conv_d']) {
      const formal = new Chat(chatSetup('es', CONTEXTS.es.post_op, key));
      const informal = new Chat(chatSetup('es', `${CONTEXTS.es.post_op}; tono cercano`, key));
      for (const answer of answers) {
        formal.say(answer);
        informal.say(answer);
      }
      expect(informal.findings).toEqual(formal.findings);
      // The closing summary speaks of the patient in the third person, so it is left out.
      for (const text of formal.texts.slice(0, -1))
        expect(registerWords(text, 'es', 'informal'), text).toEqual([]);
      for (const text of informal.texts.slice(0, -1))
        expect(registerWords(text, 'es', 'formal'), text).toEqual([]);
      expect(informal.replies.at(-1)!.content).toMatch(/\b(escríbenos|escríbeme|llama|cuídate)\b/);
      expect(formal.replies.at(-1)!.content).toMatch(/\b(escríbanos|escríbame|llame|cuídese)\b/);
    }
  });

  it('answers after the closing: thanks, a question for the team, or nothing more', () => {
    const chat = new Chat(chatSetup('es', CONTEXTS.es.appointment, 'conv_after'));
    for (const answer of ['Sí', 'No', 'No']) chat.say(answer);
    expect(chat.topic).toBe('done');
    const thanks = chat.say('¡Muchas gracias!');
    expect(thanks.metadata).toEqual({ provider: 'builtin', topic: 'done' });
    expect(thanks.escalated).toBe(false);
    const question = chat.say('¿A qué hora tengo que estar allí?');
    expect(question.metadata.topic).toBe('done');
    expect(question.metadata.findings?.note).toBe('¿A qué hora tengo que estar allí?');
    expect(question.content).toMatch(/equipo/);
    // Replies after the close do not re-open the interview.
    const more = chat.say('Vale');
    expect(more.metadata.topic).toBe('done');
  });

  it('the last topic takes a patient question as the answer and quotes it to the team', () => {
    const chat = new Chat(chatSetup('es', CONTEXTS.es.post_op, 'conv_last'));
    for (const answer of ['Un 2', 'No', 'Bien', 'Sí']) chat.say(answer);
    expect(chat.topic).toBe('questions');
    const closing = chat.say('¿Cuándo me quitan los puntos?');
    expect(closing.metadata.topic).toBe('done');
    expect(closing.metadata.findings).toEqual({
      questions: 'noted',
      note: '¿Cuándo me quitan los puntos?',
    });
    expect(closing.content).toContain('¿Cuándo me quitan los puntos?');
    expect(closing.content).not.toMatch(/no puedo (dar|diagnosticar)/i);
  });
});

describe('red flags', () => {
  const FLAGS: [Language, RedFlag, string][] = [
    ['es', 'chest_pain', 'Tengo un dolor en el pecho muy fuerte'],
    ['es', 'chest_pain', 'Me duele mucho el pecho'],
    ['es', 'breathing_difficulty', 'Me cuesta mucho respirar'],
    ['es', 'breathing_difficulty', 'No puedo respirar bien'],
    ['es', 'suicidal_thoughts', 'A veces pienso en quitarme la vida'],
    ['es', 'suicidal_thoughts', 'He pensado en suicidarme'],
    ['es', 'heavy_bleeding', 'La herida no para de sangrar'],
    ['es', 'heavy_bleeding', 'Está sangrando mucho'],
    ['ca', 'chest_pain', 'Tinc dolor al pit'],
    ['ca', 'chest_pain', "Em fa mal el pit des d'aquest matí"],
    ['ca', 'breathing_difficulty', 'Em costa molt respirar'],
    ['ca', 'breathing_difficulty', "M'ofego"],
    ['ca', 'suicidal_thoughts', "Penso en treure'm la vida"],
    ['ca', 'suicidal_thoughts', 'Vull morir'],
    ['ca', 'heavy_bleeding', 'La ferida sagna molt'],
    ['ca', 'heavy_bleeding', 'No para de sagnar'],
    ['en', 'chest_pain', 'I have chest pain'],
    ['en', 'chest_pain', 'My chest hurts'],
    ['en', 'breathing_difficulty', "I can't breathe properly"],
    ['en', 'breathing_difficulty', 'I am short of breath'],
    ['en', 'suicidal_thoughts', 'I want to end my life'],
    ['en', 'suicidal_thoughts', 'Sometimes I want to die'],
    ['en', 'heavy_bleeding', "It won't stop bleeding"],
    ['en', 'heavy_bleeding', 'It is bleeding heavily'],
  ];
  const FEVER_NO: Record<Language, string> = {
    es: 'No, no he tenido fiebre',
    ca: 'No, no he tingut febre',
    en: 'No fever',
  };

  it.each(FLAGS)(
    '%s %s: "%s" is escalated with 112, and the interview resumes',
    (language, flag, message) => {
      expect(redFlagsIn(message)).toEqual([flag]);
      const chat = new Chat(chatSetup(language, CONTEXTS[language].post_op, 'conv_red'));
      chat.say('2');
      expect(chat.topic).toBe('fever');

      const urgent = chat.say(message);
      expect(urgent.escalated).toBe(true);
      expect(urgent.metadata.redFlags).toEqual([flag]);
      // Resumes the same topic once the patient is safe.
      expect(urgent.metadata.topic).toBe('fever');
      expect(urgent.metadata.findings).toBeUndefined();
      expect(urgent.content).toContain('112');
      expect(urgent.content).toContain(NAMES[language]);
      if (flag === 'suicidal_thoughts') expect(urgent.content).toContain('024');
      else expect(urgent.content).not.toContain('024');
      expectLanguage(urgent.content, language);

      const next = chat.say(FEVER_NO[language]);
      expect(next.escalated).toBe(false);
      expect(next.metadata.findings).toEqual({ fever: false });
      expect(next.metadata.topic).toBe('wound');
      expect(next.metadata.redFlags).toBeUndefined();
    },
  );

  it('a red flag in the very first answer keeps the first topic', () => {
    const chat = new Chat(chatSetup('ca', CONTEXTS.ca.medication, 'conv_red_first'));
    const urgent = chat.say('Em costa molt respirar des de fa una hora');
    expect(urgent.escalated).toBe(true);
    expect(urgent.metadata.topic).toBe('medication');
    expect(chat.say('Sí, cada dia').metadata).toMatchObject({
      topic: 'side_effects',
      findings: { medication: 'taken' },
    });
  });

  it.each([
    ['es', 'no tengo dolor en el pecho'],
    ['es', 'No me cuesta respirar'],
    ['es', 'La herida no sangra mucho'],
    ['ca', 'no em costa respirar'],
    ['ca', 'Sense dolor al pit'],
    ['en', "I don't have chest pain"],
    ['en', 'No shortness of breath'],
    ['en', 'I am not short of breath'],
  ] as const)('%s: the negated mention "%s" is not escalated', (language, message) => {
    expect(redFlagsIn(message)).toEqual([]);
    const chat = new Chat(chatSetup(language, CONTEXTS[language].post_op, 'conv_neg'));
    const reply = chat.say(message);
    expect(reply.escalated).toBe(false);
    expect(reply.metadata.redFlags).toBeUndefined();
    expect(reply.content).not.toContain('112');
  });

  it.each([
    ['es', 'No, pero me duele el pecho'],
    ['es', 'Sin fiebre, pero me cuesta respirar'],
    ['ca', 'No, però em fa mal el pit'],
    ['en', 'No fever, but chest pain since this morning'],
  ] as const)(
    '%s: a red flag after a "no" that answers something else ("%s") is escalated',
    (language, message) => {
      const chat = new Chat(chatSetup(language, CONTEXTS[language].post_op, 'conv_neg2'));
      chat.say('2');
      expect(chat.topic).toBe('fever');
      const reply = chat.say(message);
      expect(reply.escalated).toBe(true);
      expect(reply.content).toContain('112');
    },
  );

  it.each([
    ['es', 'Ya no quiero seguir viviendo'],
    ['ca', 'No vull seguir vivint'],
    ['en', 'I keep thinking about killing myself'],
  ] as const)(
    '%s: common wordings of suicidal thoughts are red flags ("%s")',
    (language, message) => {
      expect(redFlagsIn(message)).toEqual(['suicidal_thoughts']);
      const chat = new Chat(chatSetup(language, CONTEXTS[language].check_in, 'conv_suicide'));
      const reply = chat.say(message);
      expect(reply.escalated).toBe(true);
      expect(reply.content).toContain('024');
    },
  );
});

describe('understanding patient messages', () => {
  it.each([
    ['Un 6', 6],
    ['7/10', 7],
    ['8 de 10', 8],
    ['un 10', 10],
    ['Diría que ocho', 8],
    ['Siete', 7],
    ['cero', 0],
    ['Diez', 10],
    ['un sis', 6],
    ['diria que vuit', 8],
    ['Deu', 10],
    ['Quatre', 4],
    ['six', 6],
    ["I'd say eight", 8],
    ['Seven out of 10', 7],
    ['Ten', 10],
  ] as const)('pain "%s" → %i', (message, score) => {
    expect(understand(message, 'pain').answer).toEqual({ pain: score });
  });

  it.each([
    ['Un set', 7],
    ['Diria que un nou', 9],
  ] as const)('Catalan number words: pain "%s" → %i', (message, score) => {
    expect(understand(message, 'pain').answer).toEqual({ pain: score });
  });

  it('a score on a 0–10 scale is read even when pain was not the question', () => {
    const heard = understand('Me duele la rodilla, un 7/10', 'fever');
    expect(heard.answer).toEqual({});
    expect(heard.volunteered).toEqual({ pain: 7 });
    // A bare number answers only the question that was asked.
    expect(understand('Un 7', 'fever').volunteered.pain).toBeUndefined();
  });

  it.each([
    ['Nada, no me duele', 'none'],
    ['Gens', 'none'],
    ['No pain at all', 'none'],
    ['Me duele un poco', undefined],
    ['Mucho, la verdad', undefined],
    ['Una mica', undefined],
    ['Em fa molt de mal', undefined],
    ['Just a little', undefined],
    ['No mucho', undefined],
    ['Not a lot, just a little', undefined],
    ['Bastante', undefined],
  ] as const)(
    'pain described as "%s" records %s: never a score the patient did not give',
    (message, pain) => {
      expect(understand(message, 'pain').answer.pain).toBe(pain);
    },
  );

  it.each(['Es insoportable', 'It is unbearable', 'Em fa un mal insuportable'])(
    '"%s" is escalated as severe pain without a made-up score',
    (message) => {
      const heard = understand(message, 'pain');
      expect(heard.triage.signs).toEqual(['severe_pain']);
      expect(heard.answer.pain).toBeUndefined();
    },
  );

  it.each([
    ['Ayer tuve 38,5 de fiebre', 38.5, true],
    ['38.5 degrees', 38.5, true],
    ['Tinc 38 de febre', 38, true],
    ['37 y medio', 37.5, false],
    ['37 i mig', 37.5, false],
    ['36,8 graus', 36.8, false],
    ['My temperature was 37.2', 37.2, false],
  ] as const)('temperature "%s" → %s °C, fever %s', (message, temperature, fever) => {
    expect(understand(message, 'fever').answer).toEqual({ temperature, fever });
  });

  it('a bare temperature answers the fever question', () => {
    expect(understand('38,5', 'fever').answer).toEqual({ temperature: 38.5, fever: true });
    expect(understand('Anoche tuve 38,5', 'fever').answer).toEqual({
      temperature: 38.5,
      fever: true,
    });
  });

  it('a temperature is never read as a pain score', () => {
    for (const message of ['Tengo 38,5 de fiebre', '37.5 degrees', '38,2 graus', 'Tengo 39']) {
      const heard = understand(message, 'pain');
      expect(heard.answer, message).toEqual({});
      expect(heard.volunteered.pain, message).toBeUndefined();
    }
    const heard = understand('Tengo 38,5 de fiebre', 'pain');
    expect(heard.volunteered).toEqual({ temperature: 38.5, fever: true });

    // In a post-operative chat a fever of 38,5 is urgent: the team calls today (no 112), the
    // temperature the patient wrote is kept, no pain score is made up, and the pain question
    // is asked again afterwards.
    const chat = new Chat(chatSetup('es', CONTEXTS.es.post_op, 'conv_temp'));
    const urgent = chat.say('Tengo 38,5 de fiebre');
    expect(urgent.escalated).toBe(true);
    expect(urgent.metadata).toMatchObject({
      topic: 'pain',
      redFlags: ['post_op_fever'],
      findings: { temperature: 38.5 },
    });
    expect(urgent.metadata.findings?.pain).toBeUndefined();
    expect(urgent.content).toMatch(/fiebre/);
    expect(urgent.content).toMatch(/hoy/);
    expect(urgent.content).not.toContain('112');
    const next = chat.say('Un 4');
    expect(next.metadata.findings).toEqual({ pain: 4 });
    expect(next.metadata.topic).toBe('fever');
  });

  it('a fever under 38 °C reported while pain was asked is heard, not "I did not understand"', () => {
    const chat = new Chat(chatSetup('es', CONTEXTS.es.post_op, 'conv_temp2'));
    const reply = chat.say('Tengo 37,4 de fiebre');
    expect(reply.escalated).toBe(false);
    expect(reply.metadata.retry).toBeUndefined();
    expect(reply.metadata.findings).toMatchObject({ temperature: 37.4 });
    expect(reply.content).toMatch(/37,4|fiebre/);
  });

  it.each([
    ['es', 'Ha sangrado un poco', 'bleeding'],
    ['es', 'Sangra un poco', 'bleeding'],
    ['es', 'Está roja e hinchada', 'changes'],
    ['es', 'Supura un poco', 'changes'],
    ['es', 'Bien, está limpia y seca', 'fine'],
    ['es', 'No sangra ni está roja', 'fine'],
    ['ca', 'Ha sagnat una mica', 'bleeding'],
    ['ca', "Ha tacat una mica l'apòsit", 'bleeding'],
    ['ca', 'Està inflamada', 'changes'],
    ['ca', 'Neta i seca', 'fine'],
    ['en', 'There is some blood on the dressing', 'bleeding'],
    ['en', 'It bled a little', 'bleeding'],
    ['en', 'It looks red and swollen', 'changes'],
    ['en', 'Clean and dry', 'fine'],
  ] as const)('%s wound "%s" → %s', (_language, message, wound) => {
    const heard = understand(message, 'wound');
    expect(heard.answer).toEqual({ wound });
    // Redness, swelling or pus in answer to the wound question is a sign of infection (urgent).
    expect(heard.triage.signs).toEqual(wound === 'changes' ? ['wound_infection'] : []);
  });

  it('words that merely contain a wound sign do not report wound changes', () => {
    // "antiinflamatorio" contains "inflam", "calentura" (fever) contains "calent".
    expect(understand('Sí, el antiinflamatorio cada ocho horas', 'medication').volunteered).toEqual(
      {},
    );
    expect(understand('Tuve algo de calentura', 'fever').volunteered).toEqual({});
  });

  it.each([
    ['es', 'Sí, me las tomo todos los días', 'taken'],
    ['es', 'Sí, cada día', 'taken'],
    ['es', 'Se me olvidó la del martes', 'missed'],
    ['es', 'Alguna vez no, la verdad', 'missed'],
    ['ca', 'Sí, les prenc cada dia', 'taken'],
    ['ca', 'Em vaig oblidar una dosi', 'missed'],
    ['ca', 'A vegades no', 'missed'],
    ['en', 'Yes, every day', 'taken'],
    ['en', 'I missed two doses', 'missed'],
    ['en', 'I forgot yesterday', 'missed'],
    ['en', 'I take them every morning', 'taken'],
  ] as const)('%s medication "%s" → %s', (_language, message, medication) => {
    expect(understand(message, 'medication').answer).toEqual({ medication });
  });

  it.each([
    ['es', 'No se me ha olvidado ninguna'],
    ['ca', "No me n'he oblidat cap"],
    ['en', "I haven't missed a single dose"],
  ] as const)('%s: "%s" (no dose missed) is medication taken', (_language, message) => {
    expect(understand(message, 'medication').answer).toEqual({ medication: 'taken' });
  });

  it('the temperature taken is not the medication taken', () => {
    expect(understand('Me he tomado la temperatura y tengo 37,2', 'fever')).toMatchObject({
      answer: { temperature: 37.2, fever: false },
      volunteered: {},
    });
    expect(understand('No, I took it last night and it was 36.5', 'fever').volunteered).toEqual({});

    // The medication question is still asked in a post-operative follow-up.
    const chat = new Chat(chatSetup('es', CONTEXTS.es.post_op, 'conv_took'));
    chat.say('Un 2');
    chat.say('No, me la tomé anoche y estaba en 36 y medio');
    chat.say('Bien, está limpia');
    expect(chat.topic).toBe('medication');
    expect(chat.findings.medication).toBeUndefined();
  });

  it.each([
    ['Sí', 'fever', { fever: true }],
    ['No', 'fever', { fever: false }],
    ['Yes', 'fever', { fever: true }],
    ['Nope', 'fever', { fever: false }],
    ['Sí', 'medication', { medication: 'taken' }],
    ['No', 'medication', { medication: 'missed' }],
    ['Yep', 'medication', { medication: 'taken' }],
    ['Sí', 'attendance', { attendance: 'yes' }],
    ['No', 'attendance', { attendance: 'no' }],
    ['Sí', 'supply', { supply: 'enough' }],
    ['No', 'supply', { supply: 'short' }],
    ['No', 'preparation', { preparation: 'clear' }],
    ['Sí', 'symptoms', { symptoms: 'some' }],
    ['No', 'symptoms', { symptoms: 'none' }],
    ['Yes', 'symptoms', { symptoms: 'some' }],
    ['No', 'side_effects', { sideEffects: [] }],
    ['No', 'questions', { questions: 'none' }],
  ] as const)('a bare "%s" answers %s', (message, topic, answer) => {
    expect(understand(message, topic).answer).toEqual(answer);
  });

  it.each([
    ['No, fiebre no', false],
    ['No, febre no', false],
    ['No, no fever', false],
    ['Sí, fiebre sí', true],
    ['Yes, a fever', true],
  ] as const)('"%s" answers the fever question with fever %s', (message, fever) => {
    expect(understand(message, 'fever').answer).toEqual({ fever });
  });

  it.each([
    ['Un poco de náuseas y algo de mareo', ['nausea', 'dizziness']],
    ['Sí, me da sueño', ['drowsiness']],
    ['Tinc una mica de mal de cap', ['headache']],
    ['I get a rash and some dizziness', ['dizziness', 'rash']],
    ['No, ninguno', []],
    ['No, cap', []],
    ['No side effects', []],
    ['No tengo náuseas ni mareos', []],
  ] as const)('side effects "%s" → %j', (message, effects) => {
    const answer = understand(message, 'side_effects').answer;
    expect([...(answer.sideEffects ?? ['<not understood>'])].sort()).toEqual([...effects].sort());
  });

  it('recognises questions, thanks and "nothing more"', () => {
    expect(understand('¿Es una infección?', 'wound').question).toBe(true);
    expect(understand('Should I take ibuprofen', 'pain').question).toBe(true);
    expect(understand('Puc dutxar-me?', 'wound').question).toBe(true);
    expect(understand('Un 3', 'pain').question).toBe(false);
    expect(understand('Moltes gràcies', undefined).thanks).toBe(true);
    expect(understand('No, nada más', 'questions').nothingMore).toBe(true);
    expect(understand("No, that's all", 'questions').answer).toEqual({ questions: 'none' });
    expect(understand('Que me llame la enfermera', 'questions').answer).toEqual({
      questions: 'noted',
    });
  });
});

describe('unclear answers and requests for advice', () => {
  it.each([
    ['es', 'Pues no sé qué decirle', 'Depende del día'],
    ['ca', 'No ho sé', 'Depèn del dia'],
    ['en', 'Hard to say', 'It depends on the day'],
  ] as const)('%s: one re-ask, then the assistant moves on', (language, unclear, again) => {
    const chat = new Chat(chatSetup(language, CONTEXTS[language].post_op, 'conv_unclear'));
    const reask = chat.say(unclear);
    expect(reask.metadata).toEqual({ provider: 'builtin', topic: 'pain', retry: true });
    expect(reask.escalated).toBe(false);
    expect(reask.content).toMatch(/10/);
    expect(reask.content).not.toBe(chat.welcome.content);
    expectLanguage(reask.content, language);

    const moved = chat.say(again);
    // The patient's own words are kept for the team; no score is made up from them.
    expect(moved.metadata).toEqual({
      provider: 'builtin',
      topic: 'fever',
      findings: { note: again },
    });
    expectLanguage(moved.content, language);

    // The rest of the interview goes on, and pain is never asked again.
    const rest = {
      es: ['No', 'Bien', 'Sí', 'No'],
      ca: ['No', 'Bé', 'Sí', 'No'],
      en: ['No', 'Fine', 'Yes', 'No'],
    };
    for (const answer of rest[language]) chat.say(answer);
    const topics = [chat.welcome, ...chat.replies].map((r) => r.metadata.topic);
    expect(topics).toEqual(['pain', 'pain', 'fever', 'wound', 'medication', 'questions', 'done']);
    expect(chat.findings.pain).toBeUndefined();
  });

  it('a clear answer after the re-ask is taken', () => {
    const chat = new Chat(chatSetup('en', CONTEXTS.en.medication, 'conv_retry'));
    expect(chat.say('Hmm').metadata).toMatchObject({ topic: 'medication', retry: true });
    const reply = chat.say('Yes, as prescribed');
    expect(reply.metadata).toEqual({
      provider: 'builtin',
      topic: 'side_effects',
      findings: { medication: 'taken' },
    });
  });

  const DIAGNOSIS =
    /es (una|probablemente una) infecci|no es (nada )?grave|es normal|probablemente|seguramente|le recomiendo|te recomiendo|puede tomar|és (una )?infecci|probablement|segurament|és normal|li recomano|pot prendre|it is (an |probably an )?infection|probably|likely|you (should|can|may) take|is normal|not serious|i recommend/i;

  it.each([
    ['es', 'wound', ['Un 2', 'No'], '¿Es una infección?', /no puedo|diagnosticar/, /equipo/],
    ['es', 'pain', [], '¿Puedo tomar otro ibuprofeno?', /no puedo|diagnosticar/, /equipo/],
    ['ca', 'fever', ['Un 2'], 'És normal estar tan cansat?', /no puc/, /l'equip/],
    ['en', 'pain', [], 'Should I take ibuprofen?', /cannot/, /team/],
    ['en', 'wound', ['3', 'No'], 'Is this an infection?', /cannot/, /team/],
  ] as const)(
    '%s: at %s, a request for advice is passed to the team and the topic asked again',
    (language, topic, before, question, cannot, team) => {
      const chat = new Chat(chatSetup(language, CONTEXTS[language].post_op, 'conv_advice'));
      for (const answer of before) chat.say(answer);
      expect(chat.topic).toBe(topic);
      const reply = chat.say(question);
      expect(reply.escalated).toBe(false);
      expect(reply.content).toMatch(cannot);
      expect(reply.content).toMatch(team);
      expect(reply.content).not.toMatch(DIAGNOSIS);
      expect(reply.content).not.toMatch(/ibupro/i);
      expectLanguage(reply.content, language);
      expect(reply.metadata).toEqual({
        provider: 'builtin',
        topic,
        findings: { note: question.replace(/\.$/, '') },
      });
      // Asked again: the reply asks a question, and the next answer is taken for that topic.
      expect(reply.content).toContain('?');
      const answered = chat.say(topic === 'pain' ? '3' : topic === 'fever' ? 'No' : 'Bien');
      expect(answered.metadata.findings).toHaveProperty(TOPIC_KEYS[topic as Topic]);
      expect(answered.metadata.topic).not.toBe(topic);
    },
  );
});

describe('variety and determinism', () => {
  it('the same answer is acknowledged in different words across conversations', () => {
    for (const language of LANGS) {
      const replies = new Set(
        Array.from({ length: 30 }, (_, i) => {
          const chat = new Chat(chatSetup(language, CONTEXTS[language].post_op, `conv_${i}`));
          return chat.say('3').content;
        }),
      );
      expect(replies.size, language).toBeGreaterThanOrEqual(3);
    }
  });

  it('within a conversation the acknowledgements are not one sentence repeated', () => {
    for (const scenario of SCENARIOS) {
      const { language, purpose } = scenario;
      const chat = new Chat(chatSetup(language, CONTEXTS[language][purpose], 'conv_ack'));
      for (const answer of scenario.answers) chat.say(answer);
      const acks = chat.replies
        .map((r) => r.content.split(/(?<=[.!])\s+/)[0]!)
        .filter((s) => !s.endsWith('?'));
      expect(acks.length, `${language} ${purpose}`).toBeGreaterThanOrEqual(2);
      expect(new Set(acks).size, `${language} ${purpose}: ${acks.join(' | ')}`).toBeGreaterThan(1);
    }
    // Thanks after the close, three times: not three identical replies.
    const chat = new Chat(chatSetup('es', CONTEXTS.es.appointment, 'conv_thanks'));
    for (const answer of ['Sí', 'No', 'No']) chat.say(answer);
    const thanks = ['Gracias', 'Gracias', 'Gracias'].map((m) => chat.say(m).content);
    expect(new Set(thanks).size).toBeGreaterThan(1);
  });

  it('the same key and messages always give the same replies', () => {
    for (const scenario of SCENARIOS) {
      const { language, purpose } = scenario;
      const run = () => {
        const chat = new Chat(chatSetup(language, CONTEXTS[language][purpose], 'conv_same'));
        for (const answer of [...scenario.answers, 'Gracias']) chat.say(answer);
        return [chat.welcome, ...chat.replies];
      };
      expect(run()).toEqual(run());
    }
    const setup: CallSetup = {
      ...chatSetup('ca', CONTEXTS.ca.check_in, 'call_same'),
      purpose: CONTEXTS.ca.check_in,
    };
    expect(builtinCall(setup)).toEqual(builtinCall(setup));
    // And a different key changes the words, not the meaning.
    const a = new Chat(chatSetup('en', CONTEXTS.en.post_op, 'conv_x1'));
    const b = new Chat(chatSetup('en', CONTEXTS.en.post_op, 'conv_x2'));
    expect(a.say('4').metadata).toEqual(b.say('4').metadata);
  });
});

describe('calls', () => {
  const SUMMARY_WORD: Record<Language, RegExp> = {
    es: /^Llamada\b/,
    ca: /^Trucada\b/,
    en: /\bcall with\b/,
  };

  /** The findings a call may hold besides its plan's answers. */
  function allowedExtras(purpose: Purpose): string[] {
    const plan = PLANS[purpose];
    return [
      'note',
      ...(plan.includes('fever') ? ['temperature'] : []),
      ...(plan.includes('symptoms') ? ['sideEffects'] : []),
    ];
  }

  it.each(LANGS.flatMap((language) => PURPOSE_LIST.map((purpose) => [language, purpose] as const)))(
    '%s %s: alternating turns in the language, a plausible duration and a summary',
    (language, purpose) => {
      const planKeys = PLANS[purpose].map((topic) => TOPIC_KEYS[topic] as string);
      const problems: string[] = [];
      for (let i = 0; i < 20; i++) {
        const key = `call_${language}_${purpose}_${i}`;
        const script = builtinCall({
          ...chatSetup(language, CONTEXTS[language][purpose], key),
          purpose: CONTEXTS[language][purpose],
        });
        const { turns } = script;
        expect(turns.length).toBeGreaterThanOrEqual(2 * PLANS[purpose].length + 2);
        turns.forEach((turn, n) => expect(turn.role).toBe(n % 2 === 0 ? 'assistant' : 'patient'));
        expect(turns[0]!.offsetSeconds).toBe(0);
        for (let n = 1; n < turns.length; n++)
          expect(turns[n]!.offsetSeconds).toBeGreaterThan(turns[n - 1]!.offsetSeconds);
        expect(Number.isInteger(script.durationSeconds)).toBe(true);
        expect(script.durationSeconds).toBeGreaterThanOrEqual(30);
        expect(script.durationSeconds).toBeLessThanOrEqual(600);
        expect(script.durationSeconds).toBeGreaterThan(turns.at(-1)!.offsetSeconds);

        expect(turns[0]!.content).toContain(NAMES[language]);
        for (const turn of turns.filter((t) => t.role === 'assistant'))
          expect(foreignWords(turn.content, language), turn.content).toEqual([]);
        // A call speaks: it never says it is writing ("le escribo", "t'escric", "I am writing").
        for (const turn of turns.filter((t) => t.role === 'assistant'))
          expect(turn.content).not.toMatch(/(^|[\s'])escri[bcguv]|\bwrit/i);
        // The spoken closing gives the emergency number.
        expect(turns.filter((t) => t.role === 'assistant').at(-1)!.content).toContain('112');

        expect(script.summary).toContain(NAMES[language]);
        expect(script.summary).toMatch(SUMMARY_WORD[language]);
        expectLanguage(script.summary, language);
        expect(script.metadata.provider).toBe('builtin');

        const keys = Object.keys(script.metadata.findings ?? {});
        const missing = planKeys.filter((k) => !keys.includes(k));
        const extra = keys.filter(
          (k) => !planKeys.includes(k) && !allowedExtras(purpose).includes(k),
        );
        if (missing.length || extra.length)
          problems.push(
            `${key}: missing ${missing.join(',')} extra ${extra.join(',')} — ${script.summary}`,
          );
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(LANGS)(
    '%s: every simulated patient answer is read back as a finding for the topic asked (50 calls)',
    (language) => {
      const topics = Object.keys(TOPIC_KEYS) as Topic[];
      const unread = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const patient = createSimulatedPatient({
          ...chatSetup(language, 'x', `call_${i}`),
          purpose: CONTEXTS[language].check_in,
        });
        for (const topic of topics) {
          const answer = patient.answer(topic);
          const heard = understand(answer, topic);
          // A simulated pain of 8 or more is an urgent sign, as it would be from a real patient.
          expect(
            heard.triage.signs.filter((s) => s !== 'severe_pain'),
            answer,
          ).toEqual([]);
          if (heard.answer[TOPIC_KEYS[topic]] === undefined) unread.add(`${topic}: ${answer}`);
        }
      }
      expect([...unread]).toEqual([]);
    },
  );

  it.each(LANGS)(
    '%s: each scripted patient answer means what it was written for, and nothing unrelated',
    (language) => {
      const p = PHRASES[language].patient;
      const cases: [Topic, readonly string[], unknown][] = [
        ['wellbeing', p.wellbeing.good, { wellbeing: 'good' }],
        ['wellbeing', p.wellbeing.bad, { wellbeing: 'bad' }],
        ['fever', p.fever.no, { fever: false }],
        ['fever', p.fever.yes, { fever: true }],
        ['wound', p.wound.fine, { wound: 'fine' }],
        ['wound', p.wound.bleeding, { wound: 'bleeding' }],
        ['wound', p.wound.changes, { wound: 'changes' }],
        ['medication', p.medication.taken, { medication: 'taken' }],
        ['medication', p.medication.missed, { medication: 'missed' }],
        ['side_effects', p.sideEffects.none, { sideEffects: 'none' }],
        ['side_effects', p.sideEffects.some, { sideEffects: 'some' }],
        ['supply', p.supply.enough, { supply: 'enough' }],
        ['supply', p.supply.short, { supply: 'short' }],
        ['attendance', p.attendance.yes, { attendance: 'yes' }],
        ['attendance', p.attendance.no, { attendance: 'no' }],
        ['preparation', p.preparation.clear, { preparation: 'clear' }],
        ['preparation', p.preparation.question, { preparation: 'question' }],
        ['symptoms', p.symptoms.none, { symptoms: 'none' }],
        ['symptoms', p.symptoms.some, { symptoms: 'some' }],
        ['questions', p.questions.none, { questions: 'none' }],
        ['questions', p.questions.noted, { questions: 'noted' }],
      ];
      // Answers that may also tell something about a neighbouring topic.
      const related: Partial<Record<Topic, string[]>> = {
        wellbeing: ['symptoms'],
        symptoms: ['sideEffects'],
      };
      const wrong: string[] = [];
      for (const [topic, variants, expected] of cases) {
        for (const answer of variants) {
          const heard = understand(answer, topic);
          const key = TOPIC_KEYS[topic];
          const value = heard.answer[key];
          const got =
            key === 'sideEffects' && Array.isArray(value)
              ? { sideEffects: value.length ? 'some' : 'none' }
              : { [key]: value };
          if (JSON.stringify(got) !== JSON.stringify(expected))
            wrong.push(`${topic}: "${answer}" read as ${JSON.stringify(got)}`);
          const unrelated = Object.keys(heard.volunteered).filter(
            (k) => !(related[topic] ?? []).includes(k),
          );
          if (unrelated.length)
            wrong.push(`${topic}: "${answer}" also read as ${JSON.stringify(heard.volunteered)}`);
        }
      }
      for (const template of p.pain) {
        for (let n = 0; n <= 10; n++) {
          const answer = template.replace('{n}', String(n));
          const pain = understand(answer, 'pain').answer.pain;
          if (pain !== n) wrong.push(`pain: "${answer}" read as ${String(pain)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
