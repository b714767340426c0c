import type { Request, RequestHandler } from 'express';
import { unauthorized } from '../lib/errors.js';
import { guard } from '../lib/route.js';

/** 401 without a signed-in user. */
export const requireUser: RequestHandler = guard('user', (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
});

/** The signed-in user of a route behind requireUser. */
export function currentUser(req: Request): Express.User {
  if (!req.user) throw unauthorized();
  return req.user;
}
