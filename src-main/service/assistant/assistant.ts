import type { Language } from '../schemas/form-schedule';
import type { TriageLevel, TriageSign } from '../triage/signs';

/**
 * The assistant that writes the AI side of chats and calls. Two providers implement it: the
 * built-in offline assistant (deterministic, no network; the default, because sales demos run
 * offline) and an OpenAI-compatible chat-completions endpoint (a local Ollama, llama.cpp server or
 * LM Studio, or a hosted one). The domain never knows which one answered, except through the
 * metadata each reply carries.
 */

export interface ChatSetup {
  /** Seeds the built-in assistant's choice of words, so a conversation reads the same on replay. */
  key: string;
  firstName: string;
  /** The care team's instructions: purpose, tone, limits. */
  context: string;
  language: Language;
  clinicName: string;
}

export interface ChatTurn {
  role: 'assistant' | 'patient';
  content: string;
  metadata?: ReplyMetadata;
}

export interface ReplyMetadata {
  provider?: 'builtin' | 'openai';
  model?: string;
  fallback?: { from: string; reason: AssistantFailureReason; detail: string };
  /** What the built-in assistant asked about in this reply ('done' once it has closed). */
  topic?: string;
  /** The warning signs that escalated this exchange (emergency or urgent). */
  redFlags?: TriageSign[];
  /** What triage made of the patient's message this reply answers. */
  triage?: { level: TriageLevel; signs: TriageSign[] };
  /** The message goes to a person: clinical, but not understood well enough to answer. */
  forTeam?: boolean;
  /** The language model's reply was replaced by the built-in safe one, and why. */
  replaced?: 'invented_number' | 'missing_emergency_number';
  findings?: Findings;
  [key: string]: unknown;
}

export interface AssistantReply {
  content: string;
  /**
   * An emergency or urgent sign: the patient was told to call 112 (emergency) or that the team
   * calls today (urgent), and the team is alerted.
   */
  escalated: boolean;
  metadata: ReplyMetadata;
}

export interface CallSetup extends ChatSetup {
  /** The call's purpose, which plays the part of a chat's context. */
  purpose: string;
}

export interface CallScript {
  turns: { role: 'assistant' | 'patient'; content: string; offsetSeconds: number }[];
  /** Seconds from answer to hang-up. */
  durationSeconds: number;
  summary: string;
  metadata: ReplyMetadata;
}

export interface Assistant {
  /** Who answers now (the router's choice follows the settings). */
  provider(): Promise<'builtin' | 'openai'>;
  /** The first message of a conversation. */
  welcome(setup: ChatSetup): Promise<AssistantReply>;
  /** The reply to the patient's `message`; `history` holds every earlier message, in order. */
  reply(setup: ChatSetup, history: readonly ChatTurn[], message: string): Promise<AssistantReply>;
  /** The whole of an answered call: both sides, their timing and a summary for the team. */
  call(setup: CallSetup): Promise<CallScript>;
}

export type AssistantFailureReason =
  'timeout' | 'network_error' | 'http_error' | 'invalid_response';

export class AssistantError extends Error {
  constructor(
    readonly reason: AssistantFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'AssistantError';
  }
}

export const SIDE_EFFECTS = [
  'nausea',
  'dizziness',
  'rash',
  'stomach',
  'headache',
  'drowsiness',
  'insomnia',
] as const;
export type SideEffect = (typeof SIDE_EFFECTS)[number];

/** What the assistant understood over a conversation; each key is one topic's answer. */
export interface Findings {
  wellbeing?: 'good' | 'bad';
  /** A score the patient wrote (0–10), or 'none' when they said they have no pain. */
  pain?: number | 'none';
  fever?: boolean;
  temperature?: number;
  wound?: 'fine' | 'bleeding' | 'changes';
  medication?: 'taken' | 'missed';
  sideEffects?: SideEffect[];
  supply?: 'enough' | 'short';
  attendance?: 'yes' | 'no';
  preparation?: 'clear' | 'question';
  symptoms?: 'none' | 'some';
  questions?: 'none' | 'noted';
  /** What the patient asked or added, for the team. */
  note?: string;
}
