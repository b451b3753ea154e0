import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { FieldError } from '../errors';

/** Longest URL accepted (the length browsers and most proxies handle). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Hosts a sandbox accepts over plain http (api-decisions §9). */
const SANDBOX_HTTP_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Resolves a host name to every address it has (node:dns lookup with `all`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Whether an address is one a webhook may reach outside sandbox mode: public unicast only. Private
 * (RFC 1918, fc00::/7), loopback, link-local (cloud metadata lives at 169.254.169.254), CGNAT,
 * multicast, unspecified and reserved ranges are refused; an IPv4-mapped IPv6 address is judged as
 * the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.range() !== 'unicast') return false;
  // IPv6: only global unicast (2000::/3). ipaddr.js also calls the deprecated IPv4-compatible
  // ::a.b.c.d range "unicast", and ::127.0.0.1 is loopback by another name.
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * The rules a webhook URL must meet as written (no network): an absolute https URL without
 * credentials or fragment; in sandbox mode http to localhost or 127.0.0.1 too. Outside sandbox
 * mode a literal address must be public and `localhost` names are refused outright.
 */
export function checkUrlSyntax(
  text: string,
  sandbox: boolean,
  pointer = '/url',
): { url: URL } | { error: FieldError } {
  const refuse = (code: string, detail: string) => ({ error: { pointer, code, detail } });
  if (text.length > MAX_WEBHOOK_URL_LENGTH) {
    return refuse('too_long', `url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  }
  // The URL parser drops tabs, newlines and surrounding spaces, so what would be shown and what
  // would be called could differ: such text is refused rather than silently cleaned.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) {
    return refuse('invalid_url', 'url must not contain spaces or control characters.');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('invalid_url', 'url must be an absolute URL, e.g. https://example.org/hooks.');
  }
  const host = hostOf(url);
  const sandboxHttp = sandbox && url.protocol === 'http:' && SANDBOX_HTTP_HOSTS.has(host);
  if (url.protocol !== 'https:' && !sandboxHttp) {
    return refuse(
      'https_required',
      sandbox
        ? 'url must use https (in sandbox mode, http://localhost and http://127.0.0.1 are accepted too).'
        : 'url must use https.',
    );
  }
  if (url.username || url.password) {
    return refuse('credentials_in_url', 'url must not carry a user name or password.');
  }
  if (url.hash || text.includes('#')) {
    return refuse('fragment_in_url', 'url must not have a #fragment; receivers never see it.');
  }
  if (!sandbox) {
    if (host === 'localhost' || host.endsWith('.localhost')) {
      return refuse('private_address', `url points at ${host}, this machine.`);
    }
    if (ipaddr.isValid(host) && !isPublicAddress(host)) {
      return refuse('private_address', `url points at ${host}, which is not a public address.`);
    }
  }
  return { url };
}

/**
 * Registration-time check outside sandbox mode: every address the host resolves to must be
 * public (a name with one private address could be steered to it). The same rule runs again at
 * connection time (see guardedLookup), so a name that later resolves elsewhere is still refused.
 */
export async function checkResolvedHost(
  url: URL,
  resolve: Resolver,
  pointer = '/url',
): Promise<FieldError | undefined> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return {
      pointer,
      code: 'unresolvable_host',
      detail: `The host ${host} could not be resolved.`,
    };
  }
  if (!addresses.length) {
    return { pointer, code: 'unresolvable_host', detail: `The host ${host} has no address.` };
  }
  const blocked = addresses.find((a) => !isPublicAddress(a.address));
  if (blocked) {
    return {
      pointer,
      code: 'private_address',
      detail: `The host ${host} resolves to ${blocked.address}, which is not a public address.`,
    };
  }
  return undefined;
}

/** Raised at connection time when a host resolves to an address webhooks may not reach. */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_BLOCKED_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'BlockedAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect that resolves with `resolve` and refuses the connection when any
 * address is not public: the DNS-rebinding guard, checked on the very resolution the socket uses.
 */
export function guardedLookup(resolve: Resolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const blocked = addresses.find((a) => !isPublicAddress(a.address));
        if (blocked || !addresses.length) {
          callback(new BlockedAddressError(hostname, blocked?.address ?? 'no address'), '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
