import { request } from 'undici';
import {
  AssistantError,
  type Assistant,
  type CallScript,
  type CallSetup,
  type ChatSetup,
  type ChatTurn,
  type Findings,
} from './assistant';
import { readContext, type Topic } from './builtin/context-reading';
import { PHRASES } from './builtin/phrases';
import { transcriptAnswers, triageAnswers } from '../triage/transcript-triage';
import { callSummary, createCallTimeline, createSimulatedPatient } from './builtin/simulated-call';
import { elide, fill, fold, hash } from './builtin/text';
import { TOPIC_KEYS, understand } from './builtin/understanding';

export interface OpenAiSettings {
  /** e.g. http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8080/v1 (llama.cpp), https://api.openai.com/v1 */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Per request; default 20 s. */
  timeoutMs?: number | undefined;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
/** Assistant turns in a call before it is wrapped up, whatever the model does. */
const MAX_CALL_TURNS = 7;
const END_MARK = '[END]';
const LANGUAGE_NAMES = { es: 'Spanish', ca: 'Catalan', en: 'English' } as const;

type Role = 'system' | 'user' | 'assistant';

/** The chat-completions endpoint for a base URL given with or without the path. */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

/**
 * The care team's context becomes the system prompt, with the rules every reply must keep
 * whatever the context says: the patient's language, no diagnosis, and the emergency numbers.
 */
export function systemPrompt(setup: ChatSetup, channel: 'chat' | 'call'): string {
  const { formal } = readContext(setup.context);
  const register =
    setup.language === 'en'
      ? ''
      : formal
        ? ` Address the patient formally (${setup.language === 'es' ? 'usted' : 'vostè'}).`
        : ` Address the patient informally (${setup.language === 'es' ? 'tú' : 'tu'}).`;
  return [
    `You are the virtual assistant of ${setup.clinicName}, ${channel === 'chat' ? 'writing in a chat' : 'speaking on a phone call'} with a patient called ${setup.firstName}.`,
    `Always answer in ${LANGUAGE_NAMES[setup.language]}.${register}`,
    'Instructions from the care team (purpose, tone and limits):',
    `"""${setup.context}"""`,
    'Rules that always apply:',
    '- Ask one question at a time; keep each message to at most three short sentences.',
    '- Never give a diagnosis and never start, stop or change a treatment; pass clinical questions to the care team.',
    '- If the patient mentions chest pain, difficulty breathing, heavy bleeding or thoughts of self-harm, tell them to call 112 now (024 for suicidal thoughts).',
    ...(channel === 'call'
      ? [
          `- This is spoken: no lists or formatting. When the purpose is covered, thank the patient, say goodbye and end that message with ${END_MARK}.`,
        ]
      : []),
  ].join('\n');
}

/**
 * An OpenAI-compatible chat-completions provider (a local Ollama, llama.cpp server or LM Studio,
 * or a hosted endpoint). Every failure is an AssistantError with a reason; the router answers
 * with the built-in assistant instead and says so in the reply's metadata.
 */
export function createOpenAiAssistant(settings: OpenAiSettings): Assistant {
  const url = completionsUrl(settings.baseUrl);
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const meta = { provider: 'openai' as const, model: settings.model };

  async function complete(messages: { role: Role; content: string }[]): Promise<string> {
    let response;
    try {
      response = await request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: settings.model, messages, temperature: 0.4, stream: false }),
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw networkFailure(error, timeoutMs);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      throw networkFailure(error, timeoutMs);
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new AssistantError(
        'http_error',
        `The language model answered HTTP ${response.statusCode}${serverMessage(text, settings.apiKey)}`,
      );
    }
    let content: unknown;
    try {
      const body = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
      content = body.choices?.[0]?.message?.content;
    } catch {
      throw new AssistantError('invalid_response', 'The language model did not answer with JSON.');
    }
    if (typeof content !== 'string' || !content.trim()) {
      throw new AssistantError(
        'invalid_response',
        'The language model answered without a message (choices[0].message.content).',
      );
    }
    return content.trim();
  }

  const history = (turns: readonly ChatTurn[]) =>
    turns.map((t) => ({
      role: t.role === 'patient' ? ('user' as const) : ('assistant' as const),
      content: t.content,
    }));

  async function call(setup: CallSetup): Promise<CallScript> {
    const chat: ChatSetup = { ...setup, context: setup.purpose };
    const bank = PHRASES[setup.language];
    const patient = createSimulatedPatient(setup);
    const timeline = createCallTimeline(patient.rng);
    const { formal } = readContext(setup.purpose);
    const say = (variants: readonly string[]) =>
      elide(
        setup.language,
        setup.clinicName,
        fill(
          variants[hash(setup.key) % variants.length]!,
          { name: setup.firstName, clinic: setup.clinicName },
          formal,
        ),
      );
    const opening = say(bank.call.opening);
    const messages: { role: Role; content: string }[] = [
      { role: 'system', content: systemPrompt(chat, 'call') },
      { role: 'assistant', content: opening },
    ];
    timeline.say('assistant', opening);
    const confirm = patient.confirm();
    messages.push({ role: 'user', content: confirm });
    timeline.say('patient', confirm);
    const findings: Findings = {};
    const asked = new Set<Topic>();
    let ended = false;
    for (let turn = 0; turn < MAX_CALL_TURNS; turn++) {
      const said = await complete(messages);
      ended = said.includes(END_MARK);
      const line = said.replace(END_MARK, '').trim();
      messages.push({ role: 'assistant', content: line });
      timeline.say('assistant', line);
      if (ended) break;
      // The simulated patient answers what the model asked, once per topic.
      let topic = topicAsked(line);
      if (topic && asked.has(topic)) topic = undefined;
      if (topic) asked.add(topic);
      const answer = patient.answer(topic);
      Object.assign(findings, understand(answer, topic).answer);
      if (topic && findings[TOPIC_KEYS[topic]] === undefined) asked.delete(topic);
      messages.push({ role: 'user', content: answer });
      timeline.say('patient', answer);
    }
    // A model that never wrapped up is cut short politely: the assistant says goodbye.
    if (!ended) timeline.say('assistant', say(bank.call.goodbye));
    timeline.say('patient', patient.goodbye());
    const transcript = timeline.turns
      .map((t) => `${t.role === 'assistant' ? 'Assistant' : 'Patient'}: ${t.content}`)
      .join('\n');
    let summary: string;
    try {
      summary = await complete([
        {
          role: 'system',
          content: `Summarise this phone call for the clinic's care team in ${LANGUAGE_NAMES[setup.language]}, in at most three sentences: what the patient reported and what needs follow-up. No diagnosis.`,
        },
        { role: 'user', content: transcript },
      ]);
    } catch {
      const { level } = triageAnswers(transcriptAnswers(timeline.turns), {
        postOp: readContext(setup.purpose).purpose === 'post_op',
        language: setup.language,
      });
      summary = callSummary(
        bank,
        setup,
        findings,
        level === 'emergency' || level === 'urgent' ? level : undefined,
      );
    }
    return {
      turns: timeline.turns,
      durationSeconds: timeline.seconds,
      summary,
      metadata: { ...meta, findings },
    };
  }

  return {
    provider: async () => 'openai',
    async welcome(setup) {
      const content = await complete([
        { role: 'system', content: systemPrompt(setup, 'chat') },
        {
          role: 'user',
          content: `(The conversation starts now. Greet ${setup.firstName} by name, say who you are and ask your first question.)`,
        },
      ]);
      return { content, escalated: false, metadata: { ...meta } };
    },
    async reply(setup, turns, message) {
      const content = await complete([
        { role: 'system', content: systemPrompt(setup, 'chat') },
        ...history(turns),
        { role: 'user', content: message },
      ]);
      return { content, escalated: false, metadata: { ...meta } };
    },
    call,
  };
}

function networkFailure(error: unknown, timeoutMs: number): AssistantError {
  const e = error as { name?: string; code?: string; message?: string };
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return new AssistantError(
      'timeout',
      `The language model did not answer within ${Math.round(timeoutMs / 100) / 10} s.`,
    );
  }
  return new AssistantError(
    'network_error',
    `The language model could not be reached (${e.code ?? e.message ?? 'network error'}).`,
  );
}

/**
 * The server's own error message, if it sent one, shortened and ending the sentence; never the
 * key, even when the server quotes it back ("Incorrect API key provided: sk-…").
 */
function serverMessage(text: string, apiKey: string | undefined): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const raw = typeof body.error === 'string' ? body.error : body.error?.message;
    if (typeof raw === 'string' && raw.trim()) {
      let message = raw.trim().slice(0, 200);
      if (apiKey) message = message.split(apiKey).join('[key]');
      // Anything that still looks like a secret key is masked too.
      message = message.replace(/\b(sk|pk|key)[-_][A-Za-z0-9_-]{6,}/g, '[key]');
      return `: ${message.replace(/[.\s]+$/, '')}.`;
    }
  } catch {
    // not JSON: say nothing more
  }
  return '.';
}

const TOPIC_WORDS: [Topic, RegExp][] = [
  [
    'side_effects',
    /efecto secundario|efectos secundarios|efecte secundari|efectes secundaris|side effect/,
  ],
  ['pain', /dolor|\bdol\b|pain|hurt|duele|fa mal/],
  ['fever', /fiebre|febre|fever|temperat/],
  ['wound', /herida|ferida|wound|incisi|cicatri|punts|puntos|stitches/],
  ['supply', /receta|recepta|prescription|queda medicaci|left of your|run out/],
  [
    'medication',
    /medicaci|medicament|medication|pastill|tablet|pills|dosis|dose|tomando|prenent|taking/,
  ],
  ['preparation', /prepar|ayunas|dejun|fast(ing)?\b|informes|reports/],
  ['attendance', /cita|appointment|visita|visit|vendr|vindr|attend|come/],
  ['symptoms', /sintoma|simptoma|symptom/],
  [
    'wellbeing',
    /como se encuentra|como te encuentras|com es troba|com et trobes|how are you|how do you feel|how have you been|que tal/,
  ],
  ['questions', /algo mas|alguna cosa mes|anything else|alguna pregunta|any questions/],
];

/** What a model's question is about, so the simulated patient can answer it. */
export function topicAsked(text: string): Topic | undefined {
  const folded = fold(text);
  // The question is usually the last sentence.
  const question =
    folded
      .split(/(?<=[.!])\s+/)
      .filter((s) => s.includes('?'))
      .pop() ?? folded;
  return TOPIC_WORDS.find(([, words]) => words.test(question))?.[0];
}
