// Fixed-window rate limits kept in PostgreSQL, so they hold across every app instance.
import { isIPv4, isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/database.js';
import type { ServerMessageId } from '../../common/i18n/catalogues.js';
import { EMAIL_MAX, hasControlCharacters } from '../../common/text/limits.js';
import { AppError } from '../lib/errors.js';
import {
  countHits,
  deleteCounter,
  deleteExpiredCounters,
  findRetryAfterAtLimit,
} from './rate-limits.repository.js';

export interface LimitRule {
  /** Namespace of the counter, e.g. 'login-ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The counted thing (IP, email); undefined skips the rule for this request. */
  key: (req: Request) => string | undefined;
}

export const TOO_MANY_MESSAGE: ServerMessageId = 'error.tooManyAttempts';

interface Counter {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit on each counter in one statement; returns the seconds to wait when any is over
 * its limit, else 0. Keys are taken in sorted order, so two requests never lock them crosswise.
 */
export async function hitAll(db: Database, counters: Counter[]): Promise<number> {
  if (counters.length === 0) return 0;
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : 1));
  const rows = await countHits(db, sorted);
  let wait = 0;
  for (const row of rows) {
    const counter = sorted.find((c) => c.key === row.key)!;
    if (row.hits > counter.limit) wait = Math.max(wait, Math.max(1, row.retry_after));
  }
  return wait;
}

/** Counts one hit; returns the seconds to wait when over the limit, else 0. */
export function hit(db: Database, key: string, limit: number, windowSeconds: number) {
  return hitAll(db, [{ key, limit, windowSeconds }]);
}

const counterKey = (rule: Pick<LimitRule, 'name'>, value: string) => `${rule.name}:${value}`;

/** Counts each request on every rule; over any limit, a 429 with `message` and Retry-After. */
export function rateLimit(
  db: Database,
  rules: LimitRule[],
  message: ServerMessageId = TOO_MANY_MESSAGE,
): RequestHandler {
  return async (req, res, next) => {
    const counters = rules.flatMap((rule) => {
      const value = rule.key(req);
      return value === undefined ? [] : [{ ...rule, key: counterKey(rule, value) }];
    });
    const wait = await hitAll(db, counters);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      next(new AppError('rate_limited', 429, message));
      return;
    }
    next();
  };
}

/** Expired counters are useless; remove them now and then. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await deleteExpiredCounters(db);
}

/**
 * Starts a rule's counter afresh for one value, e.g. an email's failed sign-ins once the right
 * password is given. `value` is what the rule's key function gives for it.
 */
export async function resetLimit(
  db: Database,
  rule: Pick<LimitRule, 'name'>,
  value: string,
): Promise<void> {
  await deleteCounter(db, counterKey(rule, value));
}

/** The 16 bits groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail folded in). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const [head, rest] = text.split('::');
  const before = parse(head);
  const after = parse(rest);
  const gap = rest === undefined ? 0 : 8 - before.length - after.length - tail.length;
  return [...before, ...new Array<number>(gap).fill(0), ...after, ...tail];
}

/**
 * What an IP-keyed limit counts: an IPv4 address as is, an IPv6 address by its /64 prefix (one
 * home or one server usually holds a whole /64, so counting single addresses would give it 2^64
 * budgets), and an IPv4-mapped IPv6 address (::ffff:1.2.3.4) as its IPv4 address.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.split('%')[0]!; // a zone id (fe80::1%eth0) names the interface, not the host
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** Every IP-keyed limit goes through this one function (see clientAddressKey). */
export const byIp = (req: Request) => clientAddressKey(req.ip);

/**
 * A wider net than clientAddressKey, for what a flood from many addresses must not fill (the
 * public submission form): an IPv4 address as is, an IPv6 address by its /48, what one site or
 * one customer of a provider is usually given (a /64 is one of its 65,536 subnets).
 */
export function clientNetworkKey(ip: string | undefined): string {
  const key = clientAddressKey(ip);
  if (!key.endsWith('::/64')) return key;
  const groups = key.slice(0, -'::/64'.length).split(':').slice(0, 3);
  return `${groups.join(':')}::/48`;
}

/** The client's network (clientNetworkKey). */
export const byNetwork = (req: Request) => clientNetworkKey(req.ip);
/**
 * The email of the body, when it can be one. Anything longer than an address or holding control
 * characters is refused by validation right after, so it is not counted: its key would reach
 * PostgreSQL (which refuses NUL) and bloat the table.
 */
export const byBodyEmail = (req: Request) => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.length > EMAIL_MAX || hasControlCharacters(email)) {
    return undefined;
  }
  return normalizeEmailKey(email);
};
/** The form an email takes in a counter's key. */
export const normalizeEmailKey = (email: string) => email.trim().toLowerCase();

/**
 * Seconds to wait when `key` has already been counted `limit` times in its window, else 0.
 * Counts nothing: for limits on failures, checked before an attempt and counted (`hit`) only
 * when it fails.
 */
export async function usedUp(db: Database, key: string, limit: number): Promise<number> {
  const retryAfter = await findRetryAfterAtLimit(db, key, limit);
  return retryAfter === undefined ? 0 : Math.max(1, retryAfter);
}

export const byUser = (req: Request) => req.user?.user_id;
