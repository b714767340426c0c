// Server-side sessions in PostgreSQL (connect-pg-simple) and passport's user (de)serialisation.
import { randomBytes } from 'node:crypto';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Request, RequestHandler } from 'express';
import passport from 'passport';
import type pg from 'pg';
import type { ChangeFeed } from '../cache/change-feed.js';
import { watchedCache, type LocalCache } from '../cache/local-cache.js';
import type { Config } from '../config/config.js';
import { sessionSecretsOf } from '../config/session-secret.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { findSessionUser, type SessionUserRow } from './users.repository.js';
import { describeDevice } from './device.js';
import { sessionCookieName, sessionCookieSecure } from './session-cookie.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Idle lifetime: the expiry rolls with use (see ARCHITECTURE.md). */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;
/** Absolute lifetime: a session ends this long after its sign-in, however active. */
const SESSION_ABSOLUTE_MS = 90 * DAY_MS;

declare module 'express-session' {
  interface SessionData {
    /** passport's own entry: the signed-in user's id (sessions.user_id is generated from it). */
    passport?: { user?: string };
    /** When the session was made by a sign-in (ms since the epoch, the app's clock). */
    createdAt?: number;
    /** When the person last proved who they are (a sign-in); re-authentication checks it. */
    authenticatedAt?: number;
    /** "Chrome en Windows": shown in the fan's list of sessions. */
    device?: string;
    /** Where an OAuth sign-in started from /profile (re-authentication) goes back to. */
    oauthReturnTo?: string;
  }
}

/**
 * When this session ends unless it is used again: its cookie's (idle) expiry, or its absolute
 * lifetime's end if sooner. Undefined when it has neither.
 */
export function sessionEndsAt(
  sess: Pick<session.SessionData, 'cookie' | 'createdAt'>,
): Date | undefined {
  const idle = sess.cookie.expires instanceof Date ? sess.cookie.expires.getTime() : undefined;
  const absolute =
    typeof sess.createdAt === 'number' ? sess.createdAt + SESSION_ABSOLUTE_MS : undefined;
  const ends = [idle, absolute].filter((at): at is number => at !== undefined);
  return ends.length > 0 ? new Date(Math.min(...ends)) : undefined;
}

/**
 * False for a signed-in session past its absolute lifetime, and for one without a sign-in stamp
 * (made before sessions were stamped): both are treated as signed out. Visitors' sessions (the
 * OAuth state of a sign-in under way) carry no user and are left to their idle expiry.
 */
export function sessionIsCurrent(sess: session.SessionData, now: number): boolean {
  if (sess.passport?.user === undefined) return true;
  return typeof sess.createdAt === 'number' && now - sess.createdAt < SESSION_ABSOLUTE_MS;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // The signed-in user as passport stores it on req.user.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUserRow {}
  }
}

/** How often a session's expiry is pushed back in the database: at most once an hour. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How long an instance may reuse a session or user row it read, while the change feed is live
 * (changes made anywhere drop it sooner). A session that expires meanwhile is honoured at most
 * this long after: an active session is touched, and so extended, long before that.
 */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 50_000;

type Done = (err?: unknown, sess?: session.SessionData | null) => void;

/** What an instance keeps of sessions and their users (see server/cache). */
export interface SessionCaches {
  feed: ChangeFeed | undefined;
  /** Session id → the stored session as JSON (parsed again for each request: express-session
   * mutates what it gets). */
  sessions: LocalCache<string>;
  /** User id → the row passport puts on req.user. */
  users: LocalCache<SessionUserRow>;
}

export function createSessionCaches(feed: ChangeFeed | undefined): SessionCaches {
  const options = { ttlMs: CACHE_TTL_MS, maxSize: CACHE_MAX_ENTRIES };
  return {
    feed,
    sessions: watchedCache<string>(feed, 'session', options),
    users: watchedCache<SessionUserRow>(feed, 'user', options),
  };
}

/** Forgets sessions ended by this instance at once (the feed tells the others). */
export function forgetSessions({ feed }: SessionCaches, sids: string[]): void {
  for (const sid of sids) feed?.forget('session', sid);
}

export function sessionMiddleware(
  config: Config,
  pool: pg.Pool,
  { feed, sessions: cache }: SessionCaches,
  clock: Clock,
): RequestHandler {
  const PgStore = connectPgSimple(session);
  const forget = (sid: string) => feed?.forget('session', sid);
  // The 30-day expiry rolls with use, but writing it on every request would turn each read into a
  // write. Touching at most hourly per session moves the expiry by under an hour in 30 days.
  const lastTouch = new Map<string, number>();
  // What this request's session object was last written as (one object per request).
  const written = new WeakMap<object, string>();
  // Ids made here and not stored yet: no cookie carries them, so nothing anywhere can hold them,
  // and the DELETE a sign-in's regenerate() sends for the visitor's id has nothing to delete.
  // Visitors' ids are never stored; the set is emptied past a bound (a DELETE is then just sent).
  const unsaved = new Set<string>();
  const newSessionId = () => {
    if (unsaved.size > 10_000) unsaved.clear();
    const sid = randomBytes(24).toString('base64url');
    unsaved.add(sid);
    return sid;
  };
  class CachedPgStore extends PgStore {
    override get(sid: string, done: Done) {
      const cached = cache.get(sid);
      if (cached !== undefined) {
        return void this.current(sid, JSON.parse(cached) as session.SessionData, done);
      }
      const epoch = cache.epoch;
      super.get(sid, (err: unknown, sess?: session.SessionData | null) => {
        if (err || !sess) return void done(err, sess);
        cache.set(sid, JSON.stringify(sess), epoch);
        this.current(sid, sess, done);
      });
    }

    /** A session past its absolute lifetime is deleted and answered as none (signed out). */
    private current(sid: string, sess: session.SessionData, done: Done) {
      if (sessionIsCurrent(sess, clock().getTime())) return void done(null, sess);
      this.destroy(sid, (err?: unknown) => done(err, null));
    }

    override set(sid: string, sess: session.SessionData, done?: (err?: unknown) => void) {
      // A sign-in saves the regenerated session, then express-session saves the same object
      // again at the end of the request (regenerate() leaves its bookkeeping behind), with only
      // the rolling cookie's expiry moved by milliseconds: one write is enough.
      const json = JSON.stringify({ ...sess, cookie: undefined });
      if (written.get(sess) === json) return void done?.();
      unsaved.delete(sid);
      super.set(sid, sess, (err?: unknown) => {
        if (!err) written.set(sess, json);
        // A write stores the expiry too: no touch for the next hour. Otherwise every fan's first
        // read after signing in wrote the session again, and its notice emptied the caches.
        if (!err && lastTouch.size <= 100_000) lastTouch.set(sid, Date.now());
        forget(sid);
        done?.(err);
      });
    }

    override destroy(sid: string, done?: (err?: unknown) => void) {
      if (unsaved.delete(sid)) return void done?.();
      super.destroy(sid, (err?: unknown) => {
        forget(sid);
        done?.(err);
      });
    }

    override touch(sid: string, sess: session.SessionData, done?: (err?: unknown) => void) {
      const now = Date.now();
      if (now - (lastTouch.get(sid) ?? 0) < TOUCH_INTERVAL_MS) return void done?.();
      if (lastTouch.size > 100_000) lastTouch.clear();
      lastTouch.set(sid, now);
      super.touch(sid, sess, done);
    }
  }
  return session({
    name: sessionCookieName(config),
    // Signs with the first, accepts any: SESSION_SECRET_PREVIOUS keeps old cookies valid.
    secret: sessionSecretsOf(config),
    genid: newSessionId, // 24 random bytes, as express-session's own
    store: new CachedPgStore({
      pool,
      tableName: 'sessions',
      createTableIfMissing: false,
      // Expired rows are deleted every 15 minutes by whichever instance gets there.
      pruneSessionInterval: config.env === 'test' ? false : 15 * 60,
    }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: sessionCookieSecure(config),
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
}

/**
 * Passport keeps only the user id in the session; each request gets the current row (from the
 * instance's cache while nothing changed it, see server/cache).
 */
export function configurePassport(
  db: Database,
  { users: cache }: SessionCaches,
  clock: Clock,
): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  // Every sign-in (password, register, reset, Google, Spotify) goes through req.logIn, which
  // regenerates the session and then serialises the user into it: the one place to stamp it.
  instance.serializeUser<string, Request>((req, user, done) => {
    const now = clock().getTime();
    req.session.createdAt = now;
    req.session.authenticatedAt = now;
    req.session.device = describeDevice(req.headers['user-agent']);
    done(null, user.user_id);
  });
  instance.deserializeUser((id: string, done) => {
    const cached = cache.get(id);
    // A copy: nothing a request does to req.user can reach the next request.
    if (cached) return void done(null, { ...cached });
    const epoch = cache.epoch;
    findSessionUser(db, id).then(
      (user) => {
        if (user) cache.set(id, { ...user }, epoch);
        // A deleted user: the session simply has no user any more.
        done(null, user ?? false);
      },
      (error: unknown) => done(error),
    );
  });
  return instance;
}
