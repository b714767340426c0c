// Which addresses a source may be fetched from. The host is resolved here and every address it
// resolves to is checked; the request then connects to exactly these addresses (fetch-source.ts),
// so a DNS answer that changes between the check and the connection changes nothing.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { SourceReadError } from './source-error.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface CheckedTarget {
  url: URL;
  /** The host without IPv6 brackets: the Host header and the TLS server name. */
  host: string;
  addresses: ResolvedAddress[];
}

// Never fetched, whatever the operator allows: link-local addresses, where clouds answer with
// their metadata and credentials (AWS, GCP, Azure, Oracle: 169.254.169.254; AWS over IPv6:
// fd00:ec2::254; Alibaba: 100.100.100.200).
const forbidden = new BlockList();
forbidden.addSubnet('169.254.0.0', 16, 'ipv4');
forbidden.addAddress('100.100.100.200', 'ipv4');
forbidden.addSubnet('fe80::', 10, 'ipv6');
forbidden.addAddress('fd00:ec2::254', 'ipv6');

// Fetched only with IMPORT_ALLOW_PRIVATE_NETWORKS (a LAN, the tests): this machine, private and
// shared (CGNAT) networks, unique-local, unspecified, multicast and reserved addresses.
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null. */
function hextets(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  const numbers = groups.map((group) => parseInt(group, 16));
  return numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? numbers : null;
}

/**
 * The IPv4 address an IPv6 one carries, when it reaches that IPv4 host: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d).
 */
function embeddedIpv4(address: string): string | null {
  const groups = hextets(address);
  if (!groups) return null;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  const mapped = zeroHead && g5 === 0xffff;
  const compatible = zeroHead && g5 === 0 && g6 !== 0;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (!mapped && !compatible && !nat64) return null;
  return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
}

/** Why an address is refused, or null when it may be fetched. */
export function refusalOf(
  address: string,
  allowPrivateNetworks: boolean,
): 'forbidden-address' | 'private-address' | null {
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'forbidden-address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const ipv4 = family === 6 ? embeddedIpv4(bare) : null;
  if (forbidden.check(bare, type) || (ipv4 && forbidden.check(ipv4, 'ipv4'))) {
    return 'forbidden-address';
  }
  if (allowPrivateNetworks) return null;
  if (privateRanges.check(bare, type) || (ipv4 && privateRanges.check(ipv4, 'ipv4'))) {
    return 'private-address';
  }
  return null;
}

const URL_MAX = 2048;

/** A source's address as a URL, or the reason it cannot be one (before any network use). */
export function sourceUrl(address: string): URL {
  if (typeof address !== 'string' || address.length > URL_MAX) {
    throw new SourceReadError('bad-address', 'too long');
  }
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new SourceReadError('bad-address', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SourceReadError('not-http', url.protocol);
  }
  if (url.username !== '' || url.password !== '') {
    throw new SourceReadError('bad-address', 'credentials in the address');
  }
  if (url.hostname === '') throw new SourceReadError('bad-address', 'no host');
  return url;
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () =>
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

async function resolveHost(host: string, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family: family as 4 | 6 }];
  let answers: { address: string; family: number }[];
  try {
    answers = await Promise.race([lookup(host, { all: true, verbatim: true }), aborted(signal)]);
  } catch (error) {
    if (signal.aborted) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SourceReadError('dns-failed', `${host}: ${code ?? 'lookup failed'}`);
  }
  const addresses = answers
    .filter((answer) => answer.family === 4 || answer.family === 6)
    .map((answer) => ({ address: answer.address, family: answer.family as 4 | 6 }));
  if (addresses.length === 0) throw new SourceReadError('dns-failed', `${host}: no address`);
  return addresses;
}

/**
 * Parses an address, resolves its host and checks every address it resolves to: one refused
 * address refuses the source (a forbidden one before a private one).
 */
export async function checkTarget(
  address: string,
  allowPrivateNetworks: boolean,
  signal: AbortSignal,
): Promise<CheckedTarget> {
  const url = sourceUrl(address);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await resolveHost(host, signal);
  const refusals = addresses.map((entry) => refusalOf(entry.address, allowPrivateNetworks));
  const refusal = refusals.includes('forbidden-address')
    ? 'forbidden-address'
    : refusals.find((reason) => reason !== null);
  if (refusal) {
    const refused = addresses[refusals.findIndex((reason) => reason === refusal)]?.address;
    throw new SourceReadError(refusal, `${host} → ${refused ?? '?'}`);
  }
  return { url, host, addresses };
}
