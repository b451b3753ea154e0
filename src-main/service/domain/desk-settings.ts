import type {
  AppSettings,
  AppSettingsUpdate,
  AssistantSettingsView,
  SmtpSettingsView,
} from '../contract';
import type { AssistantRouter } from '../assistant/assistant-settings';
import type { DeliverySettings } from '../delivery/delivery-settings';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import type { SandboxAuditRow, SandboxSource } from '../store/queries/sandbox-audit';
import type { AuditTrail } from './audit-trail';
import type { Credits } from './credits';
import {
  APP_PORT_SETTING,
  DEVELOPER_MODE_SETTING,
  savedDeveloperMode,
  savedPort,
} from '../app-settings';
import type { AssistantSettings } from '../assistant/assistant-settings';
import { maskedSmtpUrl, parseSmtpUrl, type SmtpSettings } from '../delivery/smtp-settings';
import { ProblemError, validationFailed } from '../errors';

const ASSISTANT_SETTING = 'assistant';

/** What the desk's settings are read from and written to. */
interface DeskSettingsDeps {
  db: Sql;
  q: Queries;
  assistants: AssistantRouter;
  delivery: DeliverySettings;
  credits: Credits;
  audit: Pick<AuditTrail, 'retentionYears' | 'setRetentionYears' | 'purgePreview'>;
  isSandbox: () => boolean;
  setSandbox: (on: boolean, source: SandboxSource) => Promise<void>;
  sandboxAudit: (limit: number) => Promise<SandboxAuditRow[]>;
  /** Developer mode until someone saves the switch. */
  developerModeDefault: boolean;
}

async function readSettings(core: DeskSettingsDeps): Promise<AppSettings> {
  const ai = await core.assistants.describe();
  const assistant: AssistantSettingsView = {
    provider: ai.provider,
    ...(ai.baseUrl ? { baseUrl: ai.baseUrl } : {}),
    ...(ai.model ? { model: ai.model } : {}),
    ...(ai.timeoutMs ? { timeoutSeconds: ai.timeoutMs / 1000 } : {}),
    hasKey: Boolean(ai.hasApiKey),
    source: ai.source,
  };
  const smtpSettings = await core.delivery.smtpSettings();
  const smtp: SmtpSettingsView = {
    ...(smtpSettings ? { url: maskedSmtpUrl(smtpSettings), from: smtpSettings.from } : {}),
    source: await core.delivery.smtpSource(),
  };
  return {
    language: await core.delivery.appLanguage(),
    port: await savedPort(core.q.settings),
    sandbox: core.isSandbox(),
    sandboxLog: await core.sandboxAudit(5),
    developerMode: await savedDeveloperMode(core.q.settings, core.developerModeDefault),
    plan: (await core.credits.balance()).plan,
    clinicName: await core.delivery.clinicName(),
    notificationEmail: await core.delivery.notificationEmail(),
    assistant,
    smtp,
    auditRetentionYears: await core.audit.retentionYears(),
  };
}

/** A value set for this run by a command-line flag cannot be changed from the window. */
function fixedForThisRun(pointer: string, what: string): ProblemError {
  return validationFailed([
    {
      pointer,
      code: 'read_only',
      detail: `The ${what} was set on the command line for this run and cannot be changed here.`,
    },
  ]);
}

async function assistantFrom(
  core: DeskSettingsDeps,
  input: NonNullable<AppSettingsUpdate['assistant']>,
): Promise<AssistantSettings> {
  if (input.provider === 'builtin') return { provider: 'builtin' };
  // Editing the endpoint without typing the key again keeps the saved key.
  const savedText = await core.q.settings.get(ASSISTANT_SETTING);
  const saved = savedText ? (JSON.parse(savedText) as AssistantSettings) : undefined;
  const savedKey = saved?.provider === 'openai' ? saved.apiKey : undefined;
  const apiKey = input.apiKey ?? savedKey;
  return {
    provider: 'openai',
    baseUrl: input.baseUrl,
    model: input.model.trim(),
    ...(apiKey ? { apiKey } : {}),
    ...(input.timeoutSeconds ? { timeoutMs: Math.round(input.timeoutSeconds * 1000) } : {}),
  };
}

function smtpFrom(url: string): SmtpSettings {
  try {
    return parseSmtpUrl(url);
  } catch (error) {
    const detail = error instanceof ProblemError ? error.detail : 'The SMTP URL is not valid.';
    throw validationFailed([{ pointer: '/smtpUrl', code: 'format', detail }], detail);
  }
}

/**
 * The desk's settings screen: what it shows (the assistant and SMTP without their secrets, the
 * sandbox switch with its latest uses) and the one update that checks every value before it
 * saves any, so one bad value changes nothing.
 */
export function createDeskSettings(core: DeskSettingsDeps) {
  return {
    read: (): Promise<AppSettings> => readSettings(core),
    async update(input: AppSettingsUpdate): Promise<AppSettings> {
      // Everything is checked before anything is saved: one bad value changes nothing.
      if (input.assistant !== undefined && (await core.assistants.describe()).source === 'run')
        throw fixedForThisRun('/assistant', 'assistant');
      if (input.smtpUrl !== undefined && (await core.delivery.smtpSource()) === 'run')
        throw fixedForThisRun('/smtpUrl', 'SMTP server');
      if (
        input.sandbox === true &&
        !core.isSandbox() &&
        input.confirmSandbox !== true &&
        (await core.q.patients.count({})) > 0
      ) {
        throw validationFailed([
          {
            pointer: '/confirmSandbox',
            code: 'confirmation_required',
            detail:
              'This clinic has patients: in sandbox mode, any key with sandbox:write can read its outbox, move its clock and replace it. Send confirmSandbox: true to turn it on anyway (it is recorded).',
          },
        ]);
      }
      const years = input.auditRetentionYears;
      if (
        years !== undefined &&
        years < (await core.audit.retentionYears()) &&
        !input.confirmRetention
      ) {
        const purged = await core.audit.purgePreview(years);
        throw validationFailed([
          {
            pointer: '/confirmRetention',
            code: 'confirmation_required',
            detail: `A shorter period deletes the events recorded before ${purged.before} at the next purge (${purged.events} events now, of ${purged.patients} patients): they cannot be brought back. Send confirmRetention: true to shorten it anyway (the change is recorded in the trail).`,
          },
        ]);
      }
      const smtp = typeof input.smtpUrl === 'string' ? smtpFrom(input.smtpUrl) : input.smtpUrl;
      const assistant = input.assistant
        ? await assistantFrom(core, input.assistant)
        : input.assistant;
      await core.db.transaction(async () => {
        if (input.language) await core.delivery.setAppLanguage(input.language);
        if (input.port !== undefined)
          await core.q.settings.set(APP_PORT_SETTING, String(input.port));
        if (input.developerMode !== undefined)
          await core.q.settings.set(DEVELOPER_MODE_SETTING, input.developerMode ? 'on' : 'off');
        if (input.plan && input.plan !== (await core.credits.balance()).plan)
          await core.credits.setPlan(input.plan);
        if (input.clinicName !== undefined) await core.delivery.setClinicName(input.clinicName);
        if (input.notificationEmail !== undefined)
          await core.delivery.setNotificationEmail(input.notificationEmail);
        if (assistant !== undefined) await core.assistants.save(assistant);
        if (smtp !== undefined) await core.delivery.saveSmtp(smtp);
        if (years !== undefined) await core.audit.setRetentionYears(years);
      });
      // Applied at once (saved and recorded): webhook URL rules and the /sandbox routes follow.
      if (input.sandbox !== undefined) await core.setSandbox(input.sandbox, 'window');
      return await readSettings(core);
    },
  };
}
