import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { FieldError } from '../errors';

/** Longest URL accepted (the length browsers and most proxies handle). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Hosts a sandbox accepts over plain http (api-decisions §9). */
const SANDBOX_HTTP_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Names of cloud instance-metadata services and of private name spaces: never a receiver, in any
 * mode, whatever they resolve to here (on a laptop they resolve to nothing; on a cloud VM to
 * 169.254.169.254 or fd00:ec2::254, which the address rule refuses too).
 */
const PRIVATE_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);
/** `.internal` (ICANN's private-use TLD), mDNS `.local` and RFC 8375's `home.arpa`. */
const PRIVATE_SUFFIXES = ['.internal', '.local', '.home.arpa'];

/** Resolves a host name to every address it has (node:dns lookup with `all`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * What an address is to a webhook: `public` (global unicast: reachable in every mode),
 * `loopback` (this machine, 127.0.0.0/8 and ::1: reachable in sandbox mode only, when the URL
 * says so) or `refused` in every mode: private (RFC 1918, fc00::/7, CGNAT 100.64/10), link-local
 * (169.254/16 with the cloud metadata address, fe80::/10), unspecified, multicast, broadcast,
 * documentation and other reserved ranges, and the IPv6 forms that carry or route to an IPv4
 * address elsewhere (NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo, IPv4-compatible ::a.b.c.d). An
 * IPv4-mapped address (::ffff:a.b.c.d) is the IPv4 address it carries.
 */
export function addressKind(address: string): {
  kind: 'public' | 'loopback' | 'refused';
  range: string;
} {
  if (!ipaddr.isValid(address)) return { kind: 'refused', range: 'invalid' };
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'loopback') return { kind: 'loopback', range };
  if (range !== 'unicast') return { kind: 'refused', range };
  // IPv6: only global unicast (2000::/3). ipaddr.js also calls the deprecated IPv4-compatible
  // ::a.b.c.d range "unicast", and ::127.0.0.1 is loopback by another name.
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) {
    return { kind: 'refused', range: 'reserved' };
  }
  return { kind: 'public', range };
}

/** Whether an address is public unicast: the only kind reachable outside sandbox mode. */
export function isPublicAddress(address: string): boolean {
  return addressKind(address).kind === 'public';
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** A host name without its trailing root dot ("localhost." is "localhost"). */
const nameOf = (host: string) => host.replace(/\.$/, '');

/** `localhost` and RFC 6761's `*.localhost`: this machine by definition. */
function isLoopbackName(host: string): boolean {
  const name = nameOf(host);
  return name === 'localhost' || name.endsWith('.localhost');
}

function isPrivateName(host: string): boolean {
  const name = nameOf(host);
  return PRIVATE_NAMES.has(name) || PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/**
 * Whether a URL's target is this machine as written (`localhost`, 127.x.x.x, [::1]): the only
 * way a webhook reaches loopback (sandbox mode only). A name that merely resolves to loopback is
 * refused instead, so a receiver's answers are only ever read back from hosts that say what they
 * are.
 */
export function isLoopbackTarget(url: URL): boolean {
  const host = hostOf(url);
  return ipaddr.isValid(host) ? addressKind(host).kind === 'loopback' : isLoopbackName(host);
}

function rangeWords(range: string): string {
  switch (range) {
    case 'private':
      return 'a private address';
    case 'linkLocal':
      return 'a link-local address (where cloud metadata services live)';
    case 'uniqueLocal':
      return 'a unique-local (private) address';
    case 'carrierGradeNat':
      return 'a carrier-grade NAT (shared private) address';
    case 'unspecified':
      return 'the unspecified address';
    case 'multicast':
      return 'a multicast address';
    case 'broadcast':
      return 'the broadcast address';
    default:
      return 'not a public address';
  }
}

/**
 * The rules a webhook URL must meet as written (no network): an absolute https URL without
 * credentials or fragment, in sandbox mode http to localhost or 127.0.0.1 too; a literal address
 * must be public, or loopback in sandbox mode; private and metadata names are refused, and
 * `localhost` names outside sandbox mode.
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
  // The WHATWG parser has already turned 2130706433, 0x7f.1 or 0177.0.0.1 into 127.0.0.1.
  if (ipaddr.isValid(host)) {
    const { kind, range } = addressKind(host);
    if (kind === 'loopback' && !sandbox) {
      return refuse(
        'private_address',
        `url points at ${host}, this machine; only sandbox mode delivers to this machine.`,
      );
    }
    if (kind === 'refused') {
      return refuse(
        'private_address',
        `url points at ${host}, ${rangeWords(range)}; webhooks never reach private, link-local or reserved addresses.`,
      );
    }
    return { url };
  }
  if (isLoopbackName(host)) {
    if (!sandbox) return refuse('private_address', `url points at ${host}, this machine.`);
    return { url };
  }
  if (isPrivateName(host)) {
    return refuse(
      'private_address',
      `url points at ${host}, a private or cloud-metadata name; webhooks never reach those.`,
    );
  }
  return { url };
}

/**
 * Registration-time check of a name (addresses and loopback names need no lookup): every address
 * it resolves to must be public (a name with one private address could be steered to it). A name
 * that resolves to loopback is refused in sandbox mode too: to reach this machine, the URL says
 * localhost or 127.0.0.1. Outside sandbox mode a name must resolve; in sandbox mode a name that
 * does not resolve (yet) is accepted, and its attempts fail until it does. The same rule runs
 * again at connection time (see guardedLookup), so a name that later resolves elsewhere is still
 * refused.
 */
export async function checkResolvedHost(
  url: URL,
  resolve: Resolver,
  sandbox = false,
  pointer = '/url',
): Promise<FieldError | undefined> {
  const host = hostOf(url);
  if (ipaddr.isValid(host) || isLoopbackName(host)) return undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    if (sandbox) return undefined;
    return {
      pointer,
      code: 'unresolvable_host',
      detail: `The host ${host} could not be resolved.`,
    };
  }
  if (!addresses.length) {
    if (sandbox) return undefined;
    return { pointer, code: 'unresolvable_host', detail: `The host ${host} has no address.` };
  }
  const blocked = addresses.find((a) => !isPublicAddress(a.address));
  if (blocked) {
    const loopback = addressKind(blocked.address).kind === 'loopback';
    return {
      pointer,
      code: 'private_address',
      detail:
        loopback && sandbox
          ? `The host ${host} resolves to ${blocked.address}, this machine; to deliver to this machine, write localhost or 127.0.0.1 in the url.`
          : `The host ${host} resolves to ${blocked.address}, which is not a public address.`,
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
    super(`${host} resolves to ${address}, which webhooks may not reach`);
    this.name = 'BlockedAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect that resolves with `resolve` and refuses the connection unless
 * every address is allowed: public ones, or, for `localhost` names in sandbox mode, loopback
 * ones only. The DNS-rebinding guard, checked on the very resolution the socket uses. (Literal
 * addresses are connected to without a lookup; checkUrlSyntax judges those before sending.)
 */
export function guardedLookup(resolve: Resolver, sandbox: () => boolean = () => false) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    const wanted: 'public' | 'loopback' =
      isLoopbackName(hostname) && sandbox() ? 'loopback' : 'public';
    resolve(hostname).then(
      (addresses) => {
        const blocked = addresses.find((a) => addressKind(a.address).kind !== wanted);
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
