import { Type, type Static } from 'typebox';
import { DateTime } from './common';
import { CHANNELS } from './form-schedule';

/** A conversation's patient link (`/c/<token>`, api-decisions "Conversations and calls"). */

const Channel = Type.Enum([...CHANNELS], { type: 'string' });

export const ChatLink = Type.Object(
  {
    conversationId: Type.String({ pattern: '^conv_' }),
    url: Type.String({
      description:
        "The patient's page for this conversation. Personal: it works while the conversation is active and stops when it ends.",
    }),
    channel: Type.Optional(Channel),
    to: Type.Optional(Type.String({ description: 'The phone or e-mail address it was sent to.' })),
    outboxMessageId: Type.Optional(Type.String({ pattern: '^out_' })),
    creditsConsumed: Type.Integer({
      const: 0,
      description: 'Always 0: the conversation is already paid for.',
    }),
    createdAt: DateTime,
  },
  { additionalProperties: false },
);
export type ChatLink = Static<typeof ChatLink>;

/** The window's `conversations.sendLink`: the channel is the coordinator's choice. */
export const SendChatLinkInput = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }), channel: Channel },
  { additionalProperties: false },
);
