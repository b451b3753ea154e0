import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../errors';

/** Host names that always reach this machine's loopback server (any port). */
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `name` or `name:port` (an IPv6 literal in brackets); anything else is not a Host we accept. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^\s:[\]/@]+)(?::(\d{1,5}))?$/i;

export interface HostCheckOptions {
  /** The address the server is bound to (`--host`); default 127.0.0.1. */
  bindHost?: string | undefined;
  /** The base of the patient form links (`--public-url`), read on every request. */
  publicUrl?: (() => string | undefined) | undefined;
}

/** Whether an address to bind to only accepts connections from this machine. */
export function isLoopbackBind(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare.toLowerCase() === 'localhost') return true;
  if (!ipaddr.isValid(bare)) return false;
  let address = ipaddr.parse(bare);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() === 'loopback';
}

/** The host name of a Host header value, lower case, brackets kept; undefined when malformed. */
export function hostName(header: string): string | undefined {
  const match = HOST_HEADER.exec(header.trim());
  if (!match || (match[2] !== undefined && Number(match[2]) > 65535)) return undefined;
  return match[1]!.toLowerCase();
}

/**
 * DNS-rebinding protection (api-decisions, "Authentication and limits"). A page on
 * evil.example can make its own name resolve to 127.0.0.1 and then call this server from the
 * browser as a same-origin request: the only trace of that is the Host header, which names the
 * attacker's host. So while the server is bound to loopback (the default), every request must be
 * addressed to a loopback name (127.0.0.1, localhost, [::1], any port), to the bound address
 * itself, or to the host of the configured public URL; anything else, a missing Host included,
 * is refused with 403 `host_not_allowed` before routing, authentication or rate limiting. Bound
 * to another address (`--host 0.0.0.0`), the server is meant to be reached under names it cannot
 * know, and the check is off.
 */
export function installHostCheck(app: FastifyInstance, options: HostCheckOptions): void {
  const bindHost = options.bindHost ?? '127.0.0.1';
  if (!isLoopbackBind(bindHost)) return;
  const bound = bindHost.includes(':') ? `[${bindHost.replace(/^\[|\]$/g, '')}]` : bindHost;
  const fixed = new Set([...LOOPBACK_NAMES, bound.toLowerCase()]);

  function allowed(header: string | undefined): boolean {
    if (!header) return false;
    const name = hostName(header);
    if (name === undefined) return false;
    if (fixed.has(name)) return true;
    const publicUrl = options.publicUrl?.();
    if (!publicUrl) return false;
    try {
      return new URL(publicUrl).hostname.toLowerCase() === name;
    } catch {
      return false;
    }
  }

  app.addHook('onRequest', async (request, reply) => {
    if (allowed(request.headers.host)) return;
    reply.header('x-request-id', request.id);
    throw new ProblemError(
      403,
      'host_not_allowed',
      'This server answers requests addressed to 127.0.0.1, localhost or [::1] (or its public URL) only; the Host header names another host.',
    );
  });
}
