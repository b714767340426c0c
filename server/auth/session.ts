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

export function sessionMiddleware(config: Config, pool: pg.Pool): RequestHandler {
  const PgStore = connectPgSimple(session);
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: new PgStore({
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
