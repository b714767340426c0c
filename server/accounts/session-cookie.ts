// The session cookie's name and attributes, derived from the configuration in this one place
// (express-session, the agenda's fast lane and every sign-out read them from here).
import type { Response } from 'express';
import type { Config } from '../config/config.js';

const PLAIN_NAME = 'cm.sid';

/** Secure whenever people reach the app over https. */
export const sessionCookieSecure = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:');

/**
 * Under https the name carries the `__Host-` prefix: browsers then keep the cookie only when it is
 * Secure, on Path=/ and without Domain, so neither a sibling subdomain nor a plain-http page can
 * plant or overwrite it. Over http (development) the prefix would be refused, so the plain name.
 */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return sessionCookieSecure(config) ? `__Host-${PLAIN_NAME}` : PLAIN_NAME;
}

/** Expires the cookie with the attributes it was set with (a `__Host-` one needs them all). */
export function clearSessionCookie(res: Response, config: Pick<Config, 'publicUrl'>): Response {
  return res.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: sessionCookieSecure(config),
  });
}
