import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  guardedLookup,
  isPublicAddress,
} from '../../src-main/service/webhooks/webhook-url-policy';

/*
 * Webhook SSRF refusals outside sandbox mode (issue 8 part 5), the part not yet covered:
 * webhooks-registration.test.ts already refuses, over HTTP, literal URLs for loopback, RFC 1918,
 * link-local (metadata), CGNAT, unique-local and link-local IPv6, IPv4-mapped and -compatible
 * loopback, NAT64, 0.0.0.0 and numeric forms, and names resolving to such addresses (also one
 * private among public ones); webhook-deactivation.test.ts proves the connection-time guard with
 * a resolver that turns to 127.0.0.1 after registration (no connection reaches the listener);
 * webhook-delivery.test.ts that redirects are never followed. Added here: every special-purpose
 * range, one address each, judged by the one rule both checks use, and the connection-time
 * lookup refusing each of them (IPv6 and mapped forms included) whatever the lookup mode.
 */

const REFUSED: Array<[string, string]> = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network" 0/8'],
  ['10.20.30.40', 'RFC 1918 10/8'],
  ['172.31.255.255', 'RFC 1918 172.16/12'],
  ['192.168.0.1', 'RFC 1918 192.168/16'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback 127/8'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['100.64.0.1', 'CGNAT 100.64/10'],
  ['100.127.255.254', 'CGNAT upper end'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['198.18.0.1', 'benchmarking 198.18/15'],
  ['198.51.100.1', 'TEST-NET-2'],
  ['203.0.113.1', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'IPv6 unspecified'],
  ['::1', 'IPv6 loopback'],
  ['fe80::1', 'IPv6 link-local'],
  ['fc00::1', 'unique local fc00::/7'],
  ['fd12:3456:789a::1', 'unique local fd00::/8'],
  ['ff02::1', 'IPv6 multicast'],
  ['2001:db8::1', 'documentation'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:100.64.0.1', 'IPv4-mapped CGNAT'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2001::1', 'Teredo'],
  ['not-an-address', 'not an address at all'],
];

const ALLOWED = [
  '93.184.216.34',
  '1.1.1.1',
  '2606:2800:220:1:248:1893:25c8:1946',
  '::ffff:93.184.216.34',
];

describe('the public-address rule', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('accepts public unicast IPv4 and global IPv6', () => {
    for (const address of ALLOWED) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('the connection-time lookup (DNS rebinding)', () => {
  const lookup = (addresses: string[], all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) => {
      const resolver = async (): Promise<LookupAddress[]> =>
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      guardedLookup(resolver)('hooks.rebind.test', { all }, (error, result) =>
        resolve({ error, result }),
      );
    });

  it('refuses to connect when the name now resolves to any non-public address', async () => {
    for (const [address] of REFUSED.filter(([a]) => a !== 'not-an-address')) {
      for (const all of [false, true]) {
        // Alone, and hidden behind a public address the socket would have picked first.
        for (const addresses of [[address], [ALLOWED[0]!, address]]) {
          const { error } = await lookup(addresses, all);
          expect(error, `${addresses.join(',')} all=${all}`).toBeInstanceOf(BlockedAddressError);
          expect((error as BlockedAddressError).address).toBe(address);
        }
      }
    }
    expect((await lookup([], false)).error).toBeInstanceOf(BlockedAddressError);
  });

  it('connects to public addresses only, as the lookup mode asks', async () => {
    expect(await lookup(['93.184.216.34'], false)).toEqual({
      error: null,
      result: '93.184.216.34',
    });
    const both = await lookup(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'], true);
    expect(both.error).toBeNull();
    expect((both.result as LookupAddress[]).map((a) => a.address)).toEqual([
      '93.184.216.34',
      '2606:2800:220:1:248:1893:25c8:1946',
    ]);
  });
});
