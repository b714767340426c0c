// Server-side sessions in PostgreSQL (connect-pg-simple) and passport's user (de)serialisation.
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import passport from 'passport';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { findSessionUser, type SessionUserRow } from '../users/users.repository.js';

export const SESSION_COOKIE = 'cm.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

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

export function sessionMiddleware(config: Config, pool: pg.Pool): RequestHandler {
  const PgStore = connectPgSimple(session);
  // The 30-day expiry rolls with use, but writing it on every request would turn each read into a
  // write. Touching at most hourly per session moves the expiry by under an hour in 30 days.
  const lastTouch = new Map<string, number>();
  class ThrottledPgStore extends PgStore {
    override touch(sid: string, sess: session.SessionData, done?: (err?: unknown) => void) {
      const now = Date.now();
      if (now - (lastTouch.get(sid) ?? 0) < TOUCH_INTERVAL_MS) return void done?.();
      if (lastTouch.size > 100_000) lastTouch.clear();
      lastTouch.set(sid, now);
      super.touch(sid, sess, done);
    }
  }
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: new ThrottledPgStore({
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
      secure: config.publicUrl.startsWith('https:'),
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
}

/** Passport keeps only the user id in the session; each request loads the current row. */
export function configurePassport(db: Database): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  instance.serializeUser((user, done) => done(null, user.user_id));
  instance.deserializeUser((id: string, done) => {
    findSessionUser(db, id).then(
      // A deleted user: the session simply has no user any more.
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  });
  return instance;
}
