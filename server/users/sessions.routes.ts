// /api/profile/sessions: the signed-in fan's sessions (behind requireUser, see profile.routes.ts).
import express, { type Router } from 'express';
import type { SessionsResponse } from '../../common/profile/types.js';
import { sessionIdParamsSchema } from '../../common/profile/schemas.js';
import { currentUser } from '../accounts/require-user.js';
import type { Config } from '../config/config.js';
import { clearSessionCookie } from '../accounts/session-cookie.js';
import { notFound } from '../lib/errors.js';
import { route } from '../lib/route.js';
import {
  endOtherSessions,
  endSession,
  listSessions,
  type SessionsDeps,
} from './sessions.service.js';
import { sessionsResponseSchema } from '../../common/profile/responses.js';

export const SESSION_NOT_FOUND = 'error.sessions.notActive';

export function sessionsRouter(deps: SessionsDeps & { config: Pick<Config, 'publicUrl'> }): Router {
  const router = express.Router();

  router.get(
    '/',
    route(
      { summary: 'Las sesiones abiertas del fan', response: sessionsResponseSchema },
      async (req, res) => {
        const body: SessionsResponse = {
          sessions: await listSessions(deps, currentUser(req).user_id, req.sessionID),
        };
        res.set('Cache-Control', 'no-store').json(body);
      },
    ),
  );

  router.post(
    '/end-others',
    route({ summary: 'Cerrar las demás sesiones', status: 204 }, async (req, res) => {
      await endOtherSessions(deps, currentUser(req).user_id, req.sessionID);
      res.status(204).end();
    }),
  );

  router.delete(
    '/:id',
    route(
      {
        params: sessionIdParamsSchema,
        summary: 'Cerrar una sesión',
        status: 204,
        also: { 404: 'Esa sesión ya no está activa' },
      },
      async (req, res, { params }, next) => {
        const outcome = await endSession(deps, currentUser(req).user_id, params.id, req.sessionID);
        if (outcome === 'not_found') throw notFound(SESSION_NOT_FOUND);
        if (outcome === 'ended') return void res.status(204).end();
        // This very session: a sign-out.
        req.session.destroy((error) => {
          if (error) return next(error);
          clearSessionCookie(res, deps.config).status(204).end();
        });
      },
    ),
  );

  return router;
}
