// Unsubscribe links: /unsubscribe?userId=…&token=… for the weekly mail, with &list=alerts for the
// artist alerts alone. The token is an HMAC of the user id (and the list), so a link with only a
// user id, another user's token, or the other list's token is worthless.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config.js';

/** The mails a link unsubscribes from: the weekly mail, or the artist alerts. */
export const MAIL_LISTS = ['weekly', 'alerts'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

function signingKey(sessionSecret: string): Buffer {
  // A key of its own, derived from the session secret: one secret for the operator to manage.
  return createHmac('sha256', sessionSecret).update('unsubscribe-links').digest();
}

export function unsubscribeToken(
  sessionSecret: string,
  userId: string,
  list: MailList = 'weekly',
): string {
  // The weekly mail's message has no list in it: links already mailed keep working.
  const message = list === 'weekly' ? `v1:${userId}` : `v1:${list}:${userId}`;
  return createHmac('sha256', signingKey(sessionSecret)).update(message).digest('base64url');
}

export function isValidUnsubscribeToken(
  sessionSecret: string,
  userId: string,
  token: string,
  list: MailList = 'weekly',
) {
  const expected = Buffer.from(unsubscribeToken(sessionSecret, userId, list));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function linkQuery(config: Pick<Config, 'sessionSecret'>, userId: string, list: MailList) {
  const query = new URLSearchParams({
    userId,
    token: unsubscribeToken(config.sessionSecret, userId, list),
  });
  if (list !== 'weekly') query.set('list', list);
  return query.toString();
}

/** The page that asks before unsubscribing (opening a link never unsubscribes by itself). */
export function unsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  list: MailList = 'weekly',
): string {
  return `${config.publicUrl}/unsubscribe?${linkQuery(config, userId, list)}`;
}

/** RFC 8058 one-click target of the List-Unsubscribe header: a POST here unsubscribes. */
export function oneClickUnsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  list: MailList = 'weekly',
): string {
  return `${config.publicUrl}/api/unsubscribe?${linkQuery(config, userId, list)}`;
}
