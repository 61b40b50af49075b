import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Guards for requests the server makes to addresses its users give it (push services): they
 * must reach the public internet, never the machine itself or the network behind it, where a
 * request forged through the server could reach a cloud metadata service or an admin port.
 */

/**
 * Whether `ip` is on the public internet: ipaddr.js's 'unicast' range, so not private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast or reserved (an IPv4-mapped
 * IPv6 address is read as its IPv4 one).
 */
export function isPublicAddress(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'unicast';
}

/** A URL's host name as DNS and ipaddr.js read it: IPv6 without its brackets, no final dot. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();

/**
 * Whether the URL's host is an IP address outside the public range. (WHATWG URLs already write
 * other spellings of an IPv4 address, 127.1 or 0x7f000001, as 127.0.0.1.)
 */
export function isNonPublicAddressLiteral(url: URL): boolean {
  const host = bareHost(url);
  return ipaddr.isValid(host) && !isPublicAddress(host);
}

/**
 * Whether the URL plainly names a host that is not public, without asking DNS: an IP address
 * outside the public range, or `localhost` and its subdomains (which never leave the machine).
 */
export function namesNonPublicHost(url: URL): boolean {
  const host = bareHost(url);
  return host === 'localhost' || host.endsWith('.localhost') || isNonPublicAddressLiteral(url);
}

/**
 * A `lookup` for node:http(s) requests that fails unless every address DNS gives for the host is
 * public. The check is on the addresses the connection then uses, so a name that answers
 * differently a moment later (DNS rebinding) gains nothing. Node skips `lookup` for an IP
 * address, so check those with isNonPublicAddressLiteral first.
 */
export const publicAddressLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`${hostname} is not at a public address (${refused?.address ?? 'none'})`);
      error.code = 'ENOTPUBLIC';
      return callback(error, '', 0);
    }
    // Node asks for every address (`all`) when it tries them in turn (autoSelectFamily), else one.
    if (options.all) return (callback as (err: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
