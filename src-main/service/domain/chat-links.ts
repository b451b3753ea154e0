import type { DeliverySettings } from '../delivery/delivery-settings';
import { ProblemError, validationFailed } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { ChatLink } from '../schemas/chat-link';
import type { Channel } from '../schemas/form-schedule';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import type { ConversationRow } from '../store/queries/conversations';
import type { PatientRow } from '../store/queries/patients';
import { triage } from '../triage/triage';
import { renderChatLinkMessage } from './chat-link-message';
import type { Conversations } from './conversations';
import { hashFormToken, newFormToken } from './form-schedules';
import type { NotificationRaiser } from './notifications';
import { requireActive, unreachable } from './patient-checks';

/** The patient's chat page lives here: `<link base>/c/<token>`. */
export const CHAT_PAGE_PREFIX = '/c';

/** How a channel stands for one patient: whether a link can go that way, and if not, why. */
export interface ChatLinkChannel {
  channel: Channel;
  /** The phone or e-mail address on file. */
  address?: string;
  /** The patient's recorded consent for the channel; null when nobody recorded it. */
  consent: boolean | null;
  usable: boolean;
  reason?: 'no_address' | 'no_consent';
}

/** What the window shows before sending a link: the channels, the price (none) and what went. */
export interface ChatLinkOptions {
  conversationId: string;
  active: boolean;
  channels: ChatLinkChannel[];
  creditsPerLink: 0;
  sent: {
    channel: Channel;
    to: string;
    transport: 'outbox' | 'smtp';
    outboxMessageId: string;
    createdAt: string;
  }[];
}

const CONSENT_KEY: Record<Channel, 'whatsappConsent' | 'emailConsent'> = {
  whatsapp: 'whatsappConsent',
  email: 'emailConsent',
};

function channelState(patient: PatientRow, channel: Channel): ChatLinkChannel {
  const metadata = JSON.parse(patient.metadata) as Record<string, unknown>;
  const recorded = metadata[CONSENT_KEY[channel]];
  const consent = typeof recorded === 'boolean' ? recorded : null;
  const address = (channel === 'whatsapp' ? patient.phone : patient.email) ?? undefined;
  const reason = !address ? 'no_address' : consent === false ? 'no_consent' : undefined;
  return {
    channel,
    ...(address ? { address } : {}),
    consent,
    usable: reason === undefined,
    ...(reason ? { reason } : {}),
  };
}

/**
 * Chat links (api-decisions "Conversations and calls"): a personal address of an active
 * conversation for the patient to write in themselves, sent like a form link. The token is 256
 * random bits, kept only as its SHA-256; every link stops working when its conversation ends. A
 * link costs nothing: the conversation was paid for when it started, and each exchange pays 1.
 */
export function createChatLinks(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  conversations: Conversations;
  settings: DeliverySettings;
  notifications?: NotificationRaiser;
}) {
  const { db, clock, newId, q, conversations, settings } = deps;

  /** The conversation as it stands now (an idle one is closed first); 400 once it ended. */
  async function activeConversation(id: string): Promise<ConversationRow> {
    await conversations.settle(id);
    const conversation = await conversations.row(id);
    if (conversation.status !== 'active') {
      throw new ProblemError(
        400,
        'conversation_ended',
        'This conversation has ended; its link would not open. Start a new one to keep talking.',
        {
          conversationStatus: 'ended',
          ...(conversation.end_reason ? { endReason: conversation.end_reason } : {}),
        },
      );
    }
    return conversation;
  }

  /** 422 on `/channel` when the link cannot go that way; the patient's channel state otherwise. */
  function requireChannel(
    patient: PatientRow,
    channel: Channel,
  ): ChatLinkChannel & { address: string } {
    const state = channelState(patient, channel);
    if (state.reason === 'no_address') {
      throw unreachable(
        '/channel',
        channel === 'whatsapp' ? 'phone' : 'e-mail address',
        'this channel',
      );
    }
    if (state.reason === 'no_consent') {
      // A field error like a missing address: the request names a channel this patient refused.
      throw validationFailed(
        [
          {
            pointer: '/channel',
            code: 'consent_refused',
            detail: `The patient's metadata.${CONSENT_KEY[channel]} is false.`,
          },
        ],
        `The patient said no to being contacted by ${channel === 'whatsapp' ? 'WhatsApp' : 'e-mail'}.`,
      );
    }
    return state as ChatLinkChannel & { address: string };
  }

  const store = (
    conversationId: string,
    hash: string,
    sent:
      | {
          channel: Channel;
          to: string;
          transport: 'outbox' | 'smtp';
          subject?: string;
          text: string;
          html?: string;
          link: string;
          patientId: string;
        }
      | undefined,
  ): Promise<{ createdAt: string; outboxId?: string }> =>
    db.transaction(async () => {
      const atMs = clock.now();
      const createdAt = new Date(atMs).toISOString();
      let outboxId: string | undefined;
      if (sent) {
        outboxId = newId('out', atMs);
        await q.outbox.insert({
          id: outboxId,
          channel: sent.channel,
          transport: sent.transport,
          to_address: sent.to,
          subject: sent.subject ?? null,
          body: sent.text,
          html: sent.html ?? null,
          link: sent.link,
          schedule_id: null,
          patient_id: sent.patientId,
          created_at: createdAt,
        });
      }
      await q.chatLinks.insert({
        token_hash: hash,
        conversation_id: conversationId,
        channel: sent?.channel ?? null,
        outbox_id: outboxId ?? null,
        created_at: createdAt,
      });
      return { createdAt, ...(outboxId ? { outboxId } : {}) };
    });

  return {
    /** The channels a link could go by, for the window's dialog; 404 for an unknown conversation. */
    async options(conversationId: string): Promise<ChatLinkOptions> {
      // Read, not settled through the announced service: a read announces nothing (get settles).
      const conversation = await conversations.get(conversationId);
      const patient = (await q.patients.get(conversation.patientId))!;
      return {
        conversationId,
        active: conversation.status === 'active',
        channels: (['whatsapp', 'email'] as const).map((c) => channelState(patient, c)),
        creditsPerLink: 0,
        sent: (await q.chatLinks.ofConversation(conversationId))
          .filter((l) => l.channel !== null && l.outbox_id !== null)
          .map((l) => ({
            channel: l.channel!,
            to: l.to_address!,
            transport: l.transport!,
            outboxMessageId: l.outbox_id!,
            createdAt: l.created_at,
          })),
      };
    },

    /**
     * A new link to an active conversation; with `channel`, also sent to the patient (the outbox,
     * or SMTP first for e-mail when configured: the link is stored only once the mail left).
     */
    async create(conversationId: string, channel?: Channel): Promise<ChatLink> {
      const conversation = await activeConversation(conversationId);
      const patient = requireActive(
        (await q.patients.get(conversation.patient_id))!,
        'sending them a chat link',
      );
      const target = channel ? requireChannel(patient, channel) : undefined;
      const { token, hash } = newFormToken();
      const url = `${settings.publicUrl()}${CHAT_PAGE_PREFIX}/${token}`;
      let sent: Parameters<typeof store>[2];
      if (channel && target) {
        const message = renderChatLinkMessage({
          channel,
          language: conversation.language,
          clinicName: await settings.clinicName(),
          patientFirstName: patient.first_name,
          link: url,
        });
        const smtp = channel === 'email' ? await settings.smtp() : undefined;
        if (smtp) {
          const result = await smtp.send({
            to: target.address,
            subject: message.subject ?? '',
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
          });
          if (!result.ok) {
            throw new ProblemError(
              502,
              'smtp_error',
              'The SMTP server did not take the e-mail; nothing was sent. Try again, or send it by WhatsApp.',
            );
          }
        }
        sent = {
          channel,
          to: target.address,
          transport: smtp ? 'smtp' : 'outbox',
          text: message.text,
          link: url,
          patientId: patient.id,
          ...(message.subject ? { subject: message.subject } : {}),
          ...(message.html ? { html: message.html } : {}),
        };
      }
      const stored = await store(conversationId, hash, sent);
      return {
        conversationId,
        url,
        ...(sent ? { channel: sent.channel, to: sent.to } : {}),
        ...(stored.outboxId ? { outboxMessageId: stored.outboxId } : {}),
        creditsConsumed: 0,
        createdAt: stored.createdAt,
      };
    },

    /** The conversation a link opens, whatever its state; undefined for a token that opens nothing. */
    async conversationOf(token: string): Promise<string | undefined> {
      // Tokens are 43 base64url characters; anything else cannot match and is not hashed.
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      return await q.chatLinks.conversationOf(hashFormToken(token));
    },

    /**
     * The patient wrote on their page but the balance cannot pay the answer: nothing is stored
     * (a 402 stores nothing), so the coordinator is told, with what they wrote and the warning
     * signs triage found in it, to call them.
     */
    async unanswered(conversationId: string, content: string): Promise<void> {
      const conversation = await conversations.row(conversationId);
      const patient = (await q.patients.get(conversation.patient_id))!;
      const verdict = triage(content, { language: conversation.language });
      await deps.notifications?.raise('conversation.unanswered', {
        conversationId,
        patient: { id: patient.id, firstName: patient.first_name, lastName: patient.last_name },
        reason: 'insufficient_credits',
        content,
        signs: verdict.signs,
        at: clock.nowIso(),
      });
    },
  };
}
