import { Type, type Static } from 'typebox';
import { DateTime, ListOf, PageQuery } from './common';
import { LANGUAGES } from './form-schedule';

/** AI chat conversations and their messages (interface spec; api-decisions §8). */

export const CONVERSATION_STATUSES = ['active', 'ended'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const END_REASONS = ['inactivity', 'closed'] as const;

const Language = Type.Enum([...LANGUAGES], { type: 'string' });

export const MessageMetadata = Type.Object(
  {
    provider: Type.Optional(
      Type.Enum(['builtin', 'openai'], {
        type: 'string',
        description: 'Which assistant wrote the reply.',
      }),
    ),
    model: Type.Optional(Type.String({ description: 'The language model, for `openai`.' })),
    fallback: Type.Optional(
      Type.Object(
        {
          from: Type.String({ description: 'The provider that failed.' }),
          reason: Type.String({
            description: '`timeout`, `network_error`, `http_error` or `invalid_response`.',
          }),
          detail: Type.String(),
        },
        {
          description:
            'Present when the configured language model failed and the built-in assistant answered instead.',
        },
      ),
    ),
    topic: Type.Optional(
      Type.String({ description: 'What the built-in assistant asked about in this reply.' }),
    ),
    redFlags: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Red-flag symptoms recognised in the patient message (chest_pain, breathing_difficulty, suicidal_thoughts, heavy_bleeding).',
      }),
    ),
    findings: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'What the assistant understood from the patient message (pain level, fever…).',
      }),
    ),
  },
  { additionalProperties: true },
);

export const Message = Type.Object(
  {
    id: Type.String({ pattern: '^msg_', examples: ['msg_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    role: Type.Enum(['assistant', 'patient'], { type: 'string' }),
    content: Type.String(),
    escalated: Type.Boolean({
      description:
        'A red-flag exchange: the patient message that raised it and the urgent-care reply.',
    }),
    metadata: Type.Optional(MessageMetadata),
    createdAt: DateTime,
  },
  {
    additionalProperties: false,
    description: 'A message of a conversation, from the patient or the AI assistant.',
  },
);
export type Message = Static<typeof Message>;

const conversationFields = {
  id: Type.String({ pattern: '^conv_', examples: ['conv_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
  patientId: Type.String(),
  context: Type.String({ description: 'Instructions to the AI: purpose, tone, limits.' }),
  language: Language,
  status: Type.Enum([...CONVERSATION_STATUSES], { type: 'string' }),
  messageCount: Type.Integer({ minimum: 1 }),
  lastMessageAt: Type.String({
    format: 'date-time',
    description: 'Inactivity (30 minutes) is measured from here.',
  }),
  escalated: Type.Boolean({ description: 'A red-flag message was escalated in this chat.' }),
  escalatedAt: Type.Optional(Type.String({ format: 'date-time' })),
  creditsConsumed: Type.Integer({ description: '10 to start, plus 1 per message exchange.' }),
  createdAt: DateTime,
  endedAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'When status is ended.' }),
  ),
  endReason: Type.Optional(
    Type.Enum([...END_REASONS], {
      type: 'string',
      description: '`inactivity` (30 minutes without a message) or `closed` (ended by request).',
    }),
  ),
};

export const Conversation = Type.Object(
  { ...conversationFields, messages: Type.Array(Message) },
  {
    additionalProperties: false,
    description: 'An AI chat conversation with a patient, with its messages in order.',
  },
);
export type Conversation = Static<typeof Conversation>;

export const ConversationSummary = Type.Object(conversationFields, {
  additionalProperties: false,
  description: 'A conversation in a list: without its messages.',
});
export type ConversationSummary = Static<typeof ConversationSummary>;

export const ConversationList = ListOf(
  ConversationSummary,
  'Conversations, newest first, without their messages.',
);

export const ConversationListQuery = Type.Object(
  {
    ...PageQuery,
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only conversations with this patient.' }),
    ),
    status: Type.Optional(
      Type.Enum([...CONVERSATION_STATUSES], {
        type: 'string',
        description: 'Only conversations in this status.',
      }),
    ),
    escalated: Type.Optional(
      Type.Boolean({
        description: 'Only conversations with (true) or without (false) escalation.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ConversationListQuery = Static<typeof ConversationListQuery>;

export const CreateConversation = Type.Object(
  {
    patientId: Type.String({ minLength: 1, maxLength: 64 }),
    context: Type.String({
      minLength: 1,
      maxLength: 4000,
      pattern: '\\S',
      description: 'Instructions to the AI: purpose, tone, limits.',
    }),
    language: Type.Optional(
      Type.Enum([...LANGUAGES], { type: 'string', default: 'es', description: 'Default es.' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateConversation = Static<typeof CreateConversation>;

export const SendMessage = Type.Object(
  {
    content: Type.String({
      minLength: 1,
      maxLength: 4000,
      pattern: '\\S',
      description: "Text of the patient's message.",
    }),
  },
  { additionalProperties: false },
);
export type SendMessage = Static<typeof SendMessage>;

export const MessageExchange = Type.Object(
  {
    patientMessage: Message,
    assistantMessage: Message,
    // An integer (the spec's type), not Literal(1), which TypeBox writes as a JSON number.
    creditsConsumed: Type.Integer({ const: 1, description: 'Always 1: one credit an exchange.' }),
  },
  { additionalProperties: false },
);
export type MessageExchange = Static<typeof MessageExchange>;
