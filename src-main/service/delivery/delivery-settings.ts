import type { SettingsQueries } from '../store/queries/settings';
import type { Language } from '../schemas/form-schedule';
import type { SmtpSettings } from './smtp-settings';
import { createSmtpTransport, type SmtpTransport } from './smtp-transport';

const SMTP_SETTING = 'smtp';
const CLINIC_NAME_SETTING = 'clinic_name';
const NOTIFICATION_EMAIL_SETTING = 'notification_email';
const APP_LANGUAGE_SETTING = 'app_language';
export const DEFAULT_CLINIC_NAME = 'Engage Desk';
/** Where notices go when nobody set an address (a reserved example domain: it stays local). */
export const DEFAULT_NOTIFICATION_EMAIL = 'coordinacion@clinica.example';

export interface DeliveryOptions {
  /** Base of the patient form links (`<publicUrl>/f/<token>`); default the server's own address. */
  publicUrl?: string | undefined;
  /** SMTP for this run only (CLI flag, tests); otherwise the saved setting, if any. */
  smtp?: SmtpSettings | undefined;
}

/**
 * What deliveries need to know about this install: the clinic's name (it signs every message),
 * the address patients open their forms at, and whether e-mail goes out by SMTP. SMTP settings
 * saved from the desktop app live in the settings table; a run-time value takes precedence.
 */
export function createDeliverySettings(settings: SettingsQueries, options: DeliveryOptions) {
  let publicUrl = options.publicUrl?.replace(/\/+$/, '');
  let listening = 'http://127.0.0.1:4010';
  let cached: { key: string; transport: SmtpTransport } | undefined;

  async function smtpSettings(): Promise<SmtpSettings | undefined> {
    if (options.smtp) return options.smtp;
    const saved = await settings.get(SMTP_SETTING);
    return saved ? (JSON.parse(saved) as SmtpSettings) : undefined;
  }

  return {
    publicUrl: () => publicUrl ?? listening,
    /** The server's own address (loopback), whatever public URL the links use. */
    listeningUrl: () => listening,
    /** The address the server listens on; used for links when no public URL was given. */
    setListeningUrl(url: string): void {
      listening = url.replace(/\/+$/, '');
    },
    setPublicUrl(url: string | undefined): void {
      publicUrl = url?.replace(/\/+$/, '');
    },
    clinicName: async () => (await settings.get(CLINIC_NAME_SETTING)) ?? DEFAULT_CLINIC_NAME,
    /**
     * Who gets the clinic's own notices (a webhook switched off): the saved address, else the
     * SMTP From address, else a placeholder that stays in the outbox.
     */
    async notificationEmail(): Promise<string> {
      const from = (await smtpSettings())?.from;
      const fromAddress = from ? (/<([^>]+)>/.exec(from)?.[1] ?? from).trim() : undefined;
      return (
        (await settings.get(NOTIFICATION_EMAIL_SETTING)) ??
        fromAddress ??
        DEFAULT_NOTIFICATION_EMAIL
      );
    },
    setNotificationEmail: (address: string) =>
      settings.set(NOTIFICATION_EMAIL_SETTING, address.trim()),
    /** The language the app speaks to the clinic in (its notices); Spanish unless set. */
    async appLanguage(): Promise<Language> {
      const saved = await settings.get(APP_LANGUAGE_SETTING);
      return saved === 'ca' || saved === 'en' ? saved : 'es';
    },
    setAppLanguage: (language: Language) => settings.set(APP_LANGUAGE_SETTING, language),
    setClinicName: (name: string) => settings.set(CLINIC_NAME_SETTING, name.trim()),
    smtpSettings,
    /** Where the SMTP settings come from: this run's option, the saved setting, or none. */
    smtpSource: async (): Promise<'run' | 'settings' | 'default'> =>
      options.smtp ? 'run' : (await settings.get(SMTP_SETTING)) ? 'settings' : 'default',
    /** Saves (or with null forgets) the SMTP settings the desktop app configured. */
    async saveSmtp(value: SmtpSettings | null): Promise<void> {
      if (value) await settings.set(SMTP_SETTING, JSON.stringify(value));
      else await settings.delete(SMTP_SETTING);
    },
    /** The transport for the current settings, or undefined when e-mail stays in the outbox. */
    async smtp(): Promise<SmtpTransport | undefined> {
      const current = await smtpSettings();
      if (!current) return undefined;
      const key = JSON.stringify(current);
      if (cached?.key !== key) {
        cached?.transport.close();
        cached = { key, transport: createSmtpTransport(current) };
      }
      return cached.transport;
    },
    close(): void {
      cached?.transport.close();
      cached = undefined;
    },
  };
}

export type DeliverySettings = ReturnType<typeof createDeliverySettings>;
