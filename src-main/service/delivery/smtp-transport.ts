import nodemailer from 'nodemailer';
import type { SmtpSettings } from './smtp-settings';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Stable per delivery, so a resent message is recognisably the same one. */
  messageId?: string;
}

export type SendResult =
  { ok: true; messageId: string } | { ok: false; permanent: boolean; error: string };

/** Network errors and 4xx replies may pass; 5xx replies (mailbox unknown, rejected) will not. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500;
}

/**
 * Sends e-mail through an SMTP server with nodemailer. A transport (and its connection settings)
 * is built per settings value and reused; errors are classified, never thrown, so the delivery job
 * decides between retrying and failing.
 */
export function createSmtpTransport(settings: SmtpSettings) {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message: MailMessage): Promise<SendResult> {
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
        return { ok: true, messageId: String(info.messageId) };
      } catch (error) {
        return {
          ok: false,
          permanent: isPermanent(error),
          error: error instanceof Error ? error.message : String(error),
        };
      }
    },
    close: () => transport.close(),
  };
}

export type SmtpTransport = ReturnType<typeof createSmtpTransport>;
