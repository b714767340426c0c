// Unsubscribe links: /unsubscribe?userId=…&list=…&expires=…&token=… in the body of every mail a fan
// can stop, and its one-click twin under /api/unsubscribe in the List-Unsubscribe header (RFC
// 8058). Each list is stopped on its own. The token is an HMAC of the user id, the list and the
// link's end, so a link with only a user id, another user's token, the other list's token or a
// later end is worthless.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config.js';

/**
 * The mails a link stops: the weekly mail, the artist alerts, the notices of a changed concert and
 * the pre-show reminders (the profile's weeklyMail, alertFrequency → never, changeNotices and
 * showReminders).
 */
export const MAIL_LISTS = ['weekly', 'alerts', 'changes', 'reminders'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** The lists whose links were mailed before links had an end: those links keep working. */
const LISTS_WITH_OLD_LINKS: readonly MailList[] = ['weekly', 'alerts'];

/**
 * How long a mailed link works: a year, well past the 30 days the rules on commercial mail ask
 * for, so a fan who finds an old mail can still leave; after it, the profile does it.
 */
export const UNSUBSCRIBE_LINK_DAYS = 365;

function signingKey(sessionSecret: string): Buffer {
  // A key of its own, derived from the session secret: one secret for the operator to manage.
  return createHmac('sha256', sessionSecret).update('unsubscribe-links').digest();
}

/**
 * The link's token. With `expires` (seconds since 1970, as every link made now has), the end is
 * signed too; without it, the token of a link mailed before links had an end (weekly, alerts).
 */
export function unsubscribeToken(
  sessionSecret: string,
  userId: string,
  list: MailList = 'weekly',
  expires?: number,
): string {
  const message =
    expires !== undefined
      ? `v2:${list}:${userId}:${expires}`
      : // The weekly mail's first links had no list in their message.
        list === 'weekly'
        ? `v1:${userId}`
        : `v1:${list}:${userId}`;
  return createHmac('sha256', signingKey(sessionSecret)).update(message).digest('base64url');
}

/** What a link's parameters say, once checked against one secret. */
export type LinkCheck = 'valid' | 'expired' | 'invalid';

export function checkUnsubscribeToken(
  sessionSecret: string,
  link: { userId: string; token: string; list: MailList; expires?: number | undefined },
  now: Date,
): LinkCheck {
  if (link.expires === undefined && !LISTS_WITH_OLD_LINKS.includes(link.list)) return 'invalid';
  const expected = Buffer.from(
    unsubscribeToken(sessionSecret, link.userId, link.list, link.expires),
  );
  const given = Buffer.from(link.token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  // Checked after the signature: a forged link is never told apart from a late one.
  if (link.expires !== undefined && link.expires * 1000 <= now.getTime()) return 'expired';
  return 'valid';
}

function linkQuery(
  config: Pick<Config, 'sessionSecret'>,
  userId: string,
  list: MailList,
  now: Date,
) {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60;
  return new URLSearchParams({
    userId,
    list,
    expires: String(expires),
    token: unsubscribeToken(config.sessionSecret, userId, list, expires),
  }).toString();
}

/** The page that asks before unsubscribing (opening a link never unsubscribes by itself). */
export function unsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  list: MailList,
  now: Date,
): string {
  return `${config.publicUrl}/unsubscribe?${linkQuery(config, userId, list, now)}`;
}

/** RFC 8058 one-click target of the List-Unsubscribe header: a POST here unsubscribes. */
export function oneClickUnsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  list: MailList,
  now: Date,
): string {
  return `${config.publicUrl}/api/unsubscribe?${linkQuery(config, userId, list, now)}`;
}

/** Both links of a mail to a fan about one list: the body's page and the one-click header's. */
export const unsubscribeLinks = (
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  list: MailList,
  now: Date,
) => ({
  url: unsubscribeUrl(config, userId, list, now),
  oneClickUrl: oneClickUnsubscribeUrl(config, userId, list, now),
});

/** The headers of RFC 2369 and RFC 8058 that let a mail client unsubscribe in one click. */
export const oneClickHeaders = (oneClickUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${oneClickUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
