// GET /api/concerts answered in front of the whole stack, when everything it needs is already in
// this instance's caches: the signed-in fan's session, their user row and their kept agenda (or
// the visitors' one); and GET /api/concerts/likes while its kept answer holds (like-counts.ts). For
// such a request the session machinery (cookie signatures, hashing the session, the rolling
// cookie), pino-http, helmet's middlewares and compression's wrapper cost more than the answer, and
// the agenda's budget is a p50 of 15 ms at 20 connections on 2 cores. As in the public pages' lane
// (server/pages/public-lane.ts), the answer still gets its request id, log line and the security
// headers every other answer has.
//
// It serves nothing the normal path would not: the cookie's signature is checked exactly as
// express-session checks it, and the caches answer only what the change feed vouches for (a
// sign-out, a deleted user, a change to the agenda anywhere drops the entry). Whatever is missing
// falls through to the normal path, which fills the caches. Left to the normal path on purpose:
// the hourly expiry touch and the rolling cookie, which every other request (the app asks for
// /api/session at each start) still does.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { SessionData } from 'express-session';
import { sessionIsCurrent, type SessionCaches } from '../auth/session.js';
import type { Logger } from '../lib/logger.js';
import { logAnswer } from '../lib/request-log.js';
import type { Clock } from '../lib/time.js';
import type { AgendaCatalog } from './agenda-catalog.js';
import { sendKept, type AgendaResponse, type AgendaResponses } from './agenda-responses.js';
import { LIKE_COUNTS_PATH, type LikeCounts } from './like-counts.js';
import { upcomingCutoff } from './upcoming.js';

export function agendaFastLane(deps: {
  /** SESSION_SECRET, then SESSION_SECRET_PREVIOUS when set: what express-session accepts. */
  secrets: readonly string[];
  /** The session cookie's name (server/auth/session-cookie.ts). */
  cookieName: string;
  caches: SessionCaches;
  responses: AgendaResponses;
  catalog: AgendaCatalog;
  likeCounts: LikeCounts;
  clock: Clock;
  log: Logger;
  /** The security headers of every answer (server/security/security-headers.ts). */
  headers: ReadonlyArray<[string, string]>;
}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const encoding = req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
    const send = (kept: Pick<AgendaResponse, 'body' | 'encoding' | 'etag'>, cache: string) => {
      logAnswer(deps.log, req, res);
      for (const [name, value] of deps.headers) res.setHeader(name, value);
      res.set('Cache-Control', cache).type('json');
      sendKept(res, kept);
    };
    if (req.path === LIKE_COUNTS_PATH) {
      const counts = deps.likeCounts.find(encoding);
      return counts ? send(counts, 'public, no-cache') : next();
    }
    if (req.path !== '/api/concerts') return next();
    const signed = cookieValue(req.headers.cookie, deps.cookieName);
    let userId: string | undefined;
    if (signed !== undefined) {
      const sid = deps.secrets
        .map((secret) => unsign(signed, secret))
        .find((found) => found !== undefined);
      const session = sid === undefined ? undefined : deps.caches.sessions.get(sid);
      if (session === undefined) return next();
      const data = JSON.parse(session) as SessionData;
      // Past its absolute lifetime: the normal path deletes it and answers as signed out.
      if (!sessionIsCurrent(data, deps.clock().getTime())) return next();
      userId = data.passport?.user;
      if (userId === undefined || !deps.caches.users.get(userId)) return next();
    }
    const cutoff = upcomingCutoff(deps.clock);
    const kept = deps.responses.find(userId, encoding, deps.catalog.version, cutoff);
    if (!kept) return next();
    send(kept, 'private, no-cache');
  };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** express-session's cookie: 's:' + sid + '.' + base64 HMAC-SHA256 of sid (cookie-signature). */
function unsign(value: string, secret: string): string | undefined {
  if (!value.startsWith('s:')) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot < 2) return undefined;
  const sid = value.slice(2, dot);
  const expected = Buffer.from(
    createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''),
  );
  const given = Buffer.from(value.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? sid : undefined;
}
