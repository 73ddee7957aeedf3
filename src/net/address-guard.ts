import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/** The SSRF guard of every outbound request (imports, OpenAPI URLs, webhooks): no package, so any layer above may load it cheaply. */

export type FetchFailureKind = 'timeout' | 'deadline' | 'unreachable' | 'too-large' | 'refused' | 'redirects';

/** Why a URL gave no answer; the message says what happened, for an error naming `url`. */
export class FetchFailure extends Error {
  constructor(readonly kind: FetchFailureKind, message: string) {
    super(message);
    this.name = 'FetchFailure';
  }
}

/**
 * What an SSRF guard refuses (docs/security.md): loopback, private, link-local, shared (CGNAT),
 * reserved, benchmarking, documentation and multicast ranges; IPv6 unique-local, link-local, site-local,
 * discard, documentation, and the translation prefixes that reach IPv4 addresses through a gateway
 * (NAT64 64:ff9b::/96 and its local-use 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32,
 * IPv4-compatible ::/96). IPv4-mapped addresses (::ffff:a.b.c.d) are checked as the IPv4 they carry.
 */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32], ['2001:db8::', 32],
  ['2002::', 16], ['3fff::', 20], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) INTERNAL.addSubnet(net, bits, 'ipv6');

/** The machine's own interface addresses (a public one included: the server must not fetch from itself). */
let ownAddresses: Set<string> | undefined;
function isOwnAddress(address: string): boolean {
  if (!ownAddresses) {
    ownAddresses = new Set();
    for (const list of Object.values(networkInterfaces())) for (const entry of list ?? []) ownAddresses.add(entry.address.toLowerCase().replace(/%.*$/, ''));
  }
  return ownAddresses.has(address.toLowerCase());
}

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isInternalAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6') || isOwnAddress(address);
}

export const refusal = (host: string) =>
  new FetchFailure('refused', `${host} is an internal address; this instance refuses to fetch from internal addresses (serve --allow-private-addresses allows it)`);

/**
 * DNS lookup for connections that refuses internal addresses. Checking at connect time (rather than
 * resolving first and fetching after) leaves no window for the name to resolve differently.
 */
export function guardedLookup(hostname: string, options: object, callback: (error: Error | null, address?: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, options as { all: true }, (error, addresses) => {
    if (error) return callback(error);
    const list = (Array.isArray(addresses) ? addresses : [{ address: addresses as unknown as string }]) as LookupAddress[];
    const internal = list.find((a) => isInternalAddress(a.address));
    if (internal) return callback(refusal(hostname));
    // Answer in the shape that was asked for: a list with `all`, else one address and its family.
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family ?? isIP(list[0].address));
  });
}

/**
 * Before a request to `target`: an http or https URL (`shown` names it in the error), and, behind the
 * guard, not an internal address given as is (a name is checked as it resolves, by guardedLookup).
 */
export function checkTarget(target: URL, shown: string, refusePrivateAddresses: boolean): void {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new FetchFailure('unreachable', `${shown} is not an http or https URL`);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (refusePrivateAddresses && isInternalAddress(host)) throw refusal(host);
}
