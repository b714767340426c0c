// Every admin route: a signed-in user with users.is_admin (401 / 403), or, for automation, the
// ADMIN_API_TOKEN in the X-Admin-Token header (compared in constant time; off when unset).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../lib/errors.js';
import { guard } from '../lib/route.js';

const ADMIN_TOKEN_HEADER = 'x-admin-token';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function requireAdmin(apiToken: string | undefined): RequestHandler {
  const expected = apiToken ? digest(apiToken) : undefined;
  return guard('admin', (req, res, next) => {
    const given = req.get(ADMIN_TOKEN_HEADER);
    if (given !== undefined && expected) {
      // Hashing first gives equal lengths, so timingSafeEqual never leaks the length.
      if (!timingSafeEqual(digest(given), expected)) return next(forbidden());
      res.locals.adminViaToken = true;
      return next();
    }
    if (!req.user) return next(unauthorized('error.auth.notSignedIn'));
    next(req.user.is_admin ? undefined : forbidden());
  });
}

/** Who triggered an admin action: the admin's id, or undefined for the API token. */
export const adminIdOf = (req: Parameters<RequestHandler>[0]) =>
  req.user?.is_admin ? req.user.user_id : undefined;

/** True when requireAdmin let the request in by the API token (not by the signed-in admin). */
export const viaAdminToken = (res: Parameters<RequestHandler>[1]) =>
  res.locals.adminViaToken === true;
