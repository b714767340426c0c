import type { Request, RequestHandler, Response } from 'express';
import type { AdminCreatedResponse, AdminMessageResponse } from '../../../common/admin/types.js';
import { viaAdminToken } from '../../accounts/require-admin.js';
import { textsFor, type ServerTranslate } from '../../i18n/intl.js';
import { route, type RouteAnswer, type RouteInput, type RouteSchemas } from '../../lib/route.js';
import { API_ACTOR, type Actor } from './audit.js';

/** Who the audit log names: the signed-in admin, or the API token (requireAdmin ran before). */
export const actorOf = (req: Request): Actor =>
  req.user?.is_admin && req.res && !viaAdminToken(req.res)
    ? { id: req.user.user_id, label: req.user.email }
    : API_ACTOR;

/**
 * The admin's writes: `write` runs as the request's actor (its answer's texts in the request's
 * language, `t`), then `saved` drops the agenda's cached concert data before its answer goes out
 * (with the route's status). The answer is typed by the route's response schema.
 */
export const adminWrites =
  (saved: () => void) =>
  <const S extends RouteSchemas>(
    schemas: S,
    write: (input: RouteInput<S>, actor: Actor, t: ServerTranslate) => Promise<RouteAnswer<S>>,
  ): RequestHandler =>
    route(schemas, async (req, res, input) => {
      const answer = await write(input, actorOf(req), textsFor(req));
      saved();
      res.status(schemas.status ?? 200).json(answer);
    });

/** A form that creates: `saved` drops the agenda's cached concert data before the 201 goes out. */
export const createdAnswer =
  (saved: () => void) => (res: Response, answer: AdminCreatedResponse | AdminMessageResponse) => {
    saved();
    res.status(201).json(answer);
  };
