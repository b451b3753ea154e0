import { validationFailed } from '../errors';
import type { SettingsQueries } from '../store/queries/settings';
import {
  AssistantError,
  type Assistant,
  type AssistantReply,
  type CallScript,
  type ReplyMetadata,
} from './assistant';
import { createBuiltinAssistant } from './builtin/builtin-assistant';
import { hear } from './builtin/hearing';
import { createOpenAiAssistant, type OpenAiSettings } from './openai-assistant';
import { unsafeModelReply } from './reply-safety';

const ASSISTANT_SETTING = 'assistant';

export type AssistantSettings = { provider: 'builtin' } | ({ provider: 'openai' } & OpenAiSettings);

export interface AssistantOptions {
  /** The assistant for this run only (CLI flags, tests); otherwise the saved setting. */
  assistant?: AssistantSettings | undefined;
}

/** What the settings screen may show: never the key itself. */
export interface AssistantDescription {
  provider: 'builtin' | 'openai';
  baseUrl?: string;
  model?: string;
  hasApiKey?: boolean;
  timeoutMs?: number;
  source: 'default' | 'settings' | 'run';
}

/**
 * Chooses the assistant for each request from the settings (the built-in one unless a language
 * model is configured) and keeps the service answering when the model does not: any failure of
 * the model makes the built-in assistant answer, with `metadata.fallback` saying why. Triage
 * runs ahead of any model: emergency and urgent messages are always answered by the built-in
 * assistant, whose reviewed instruction (112, or the team's call today) does not depend on what
 * a model happens to write; and a model's reply that states a number the patient did not give,
 * or answers an emergency without the emergency number, is replaced by the built-in safe reply
 * (`metadata.replaced`).
 */
export function createAssistantRouter(settings: SettingsQueries, options: AssistantOptions) {
  const builtin = createBuiltinAssistant();
  let cached: { key: string; assistant: Assistant } | undefined;

  async function saved(): Promise<AssistantSettings | undefined> {
    const text = await settings.get(ASSISTANT_SETTING);
    return text ? (JSON.parse(text) as AssistantSettings) : undefined;
  }

  async function current(): Promise<AssistantSettings> {
    return options.assistant ?? (await saved()) ?? { provider: 'builtin' };
  }

  async function model(): Promise<Assistant | undefined> {
    const chosen = await current();
    if (chosen.provider !== 'openai') return undefined;
    const key = JSON.stringify(chosen);
    if (cached?.key !== key) cached = { key, assistant: createOpenAiAssistant(chosen) };
    return cached.assistant;
  }

  function fallback(error: unknown): ReplyMetadata['fallback'] {
    return error instanceof AssistantError
      ? { from: 'openai', reason: error.reason, detail: error.message }
      : { from: 'openai', reason: 'invalid_response', detail: 'The language model failed.' };
  }

  async function withFallback<T extends AssistantReply | CallScript>(
    primary: Assistant | undefined,
    run: (assistant: Assistant) => Promise<T>,
  ): Promise<T> {
    if (!primary) return run(builtin);
    try {
      return await run(primary);
    } catch (error) {
      const result = await run(builtin);
      return { ...result, metadata: { ...result.metadata, fallback: fallback(error) } };
    }
  }

  const assistant: Assistant = {
    provider: async () => (await current()).provider,
    welcome: async (setup) => withFallback(await model(), (a) => a.welcome(setup)),
    async reply(setup, history, message) {
      // Heard as the built-in assistant hears it, as the answer to the last question whoever
      // wrote it: a severe pain or a fever after surgery is answered by it, never by a model.
      const verdict = hear(setup, history, message).triage;
      const escalate = verdict.level === 'emergency' || verdict.level === 'urgent';
      const primary = escalate ? undefined : await model();
      const reply = await withFallback(primary, (a) => a.reply(setup, history, message));
      if (!primary || reply.metadata.provider !== 'openai') return reply;
      const replaced = unsafeModelReply(reply.content, {
        language: setup.language,
        verdict,
        patientTexts: [
          ...history.filter((t) => t.role === 'patient').map((t) => t.content),
          message,
        ],
        context: setup.context,
      });
      const triaged: ReplyMetadata =
        verdict.level === 'none'
          ? {}
          : { triage: { level: verdict.level, signs: verdict.signs }, forTeam: true };
      if (!replaced) return { ...reply, metadata: { ...reply.metadata, ...triaged } };
      const safe = await builtin.reply(setup, history, message);
      return { ...safe, metadata: { ...safe.metadata, replaced } };
    },
    call: async (setup) => withFallback(await model(), (a) => a.call(setup)),
  };

  return {
    assistant,
    async describe(): Promise<AssistantDescription> {
      const chosen = await current();
      const source = options.assistant ? 'run' : (await saved()) ? 'settings' : 'default';
      if (chosen.provider === 'builtin') return { provider: 'builtin', source };
      return {
        provider: 'openai',
        baseUrl: chosen.baseUrl,
        model: chosen.model,
        hasApiKey: Boolean(chosen.apiKey),
        ...(chosen.timeoutMs ? { timeoutMs: chosen.timeoutMs } : {}),
        source,
      };
    },
    /** Saves the provider chosen in the desktop app (null: back to the built-in assistant). */
    async save(value: AssistantSettings | null): Promise<void> {
      if (value && value.provider === 'openai') {
        if (typeof value.baseUrl !== 'string' || !/^https?:\/\/[^/]+/.test(value.baseUrl))
          throw validationFailed([
            { pointer: '/baseUrl', code: 'format', detail: 'The base URL must be an http(s) URL.' },
          ]);
        if (typeof value.model !== 'string' || !value.model.trim())
          throw validationFailed([
            { pointer: '/model', code: 'minLength', detail: 'A model name is required.' },
          ]);
      }
      if (value) await settings.set(ASSISTANT_SETTING, JSON.stringify(value));
      else await settings.delete(ASSISTANT_SETTING);
      cached = undefined;
    },
  };
}

export type AssistantRouter = ReturnType<typeof createAssistantRouter>;
