import { validationFailed } from '../errors';

/** Where e-mail goes when it really leaves the machine. Without these, e-mail stays in the outbox. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user?: string | undefined;
  pass?: string | undefined;
  /** The From address, e.g. "Clínica Demo <citas@example.org>". */
  from: string;
}

/**
 * Reads `smtp://user:pass@host:587?from=...` (or `smtps://` for TLS on connect), the form the CLI
 * flag and the ENGAGE_DESK_SMTP_URL variable take. User and password are percent-decoded.
 */
export function parseSmtpUrl(text: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not quoted back: the text may carry the password, and this message is shown and logged.
    throw smtpError('The SMTP URL is not a URL; use smtp://user:pass@host:port?from=address');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw smtpError('The SMTP URL must start with smtp:// or smtps://');
  }
  if (!url.hostname) throw smtpError('The SMTP URL needs a host');
  const secure = url.protocol === 'smtps:';
  const from = url.searchParams.get('from');
  if (!from) throw smtpError('The SMTP URL needs ?from=<address> for the From header');
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    pass: url.password ? decodeURIComponent(url.password) : undefined,
    from,
  };
}

function smtpError(detail: string) {
  return validationFailed([{ parameter: 'smtp', code: 'format', detail }], detail);
}

/**
 * The settings as the URL `parseSmtpUrl` reads, with the password shown as `****` (the settings
 * screen shows where mail goes, never the secret itself).
 */
export function maskedSmtpUrl(settings: SmtpSettings): string {
  const scheme = settings.secure ? 'smtps' : 'smtp';
  const user = settings.user ? encodeURIComponent(settings.user) : '';
  const auth = user ? `${user}${settings.pass ? ':****' : ''}@` : '';
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return `${scheme}://${auth}${host}:${settings.port}?from=${encodeURIComponent(settings.from)}`;
}
