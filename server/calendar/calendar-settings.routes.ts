// /api/profile/calendar: the signed-in fan's private feed (mounted behind requireUser in
// server/users/profile.routes.ts).
import express, { type Router } from 'express';
import { calendarFeedLinkSchema, calendarFeedSchema } from '../../common/calendar/responses.js';
import { currentUser } from '../accounts/require-user.js';
import { route } from '../lib/route.js';
import { calendarSettingsSchema, emptyBodySchema } from '../../common/calendar/schemas.js';
import {
  calendarFeedStatus,
  makeCalendarFeedLink,
  revokeCalendarFeedLink,
  setCalendarFeedExtreme,
  type PrivateFeedDeps,
} from './private-feed.service.js';

export function calendarSettingsRouter(deps: PrivateFeedDeps): Router {
  const router = express.Router();

  router.get(
    '/',
    route(
      { summary: 'Estado del calendario privado del fan', response: calendarFeedSchema },
      async (req, res) => {
        res
          .set('Cache-Control', 'no-store')
          .json(await calendarFeedStatus(deps, currentUser(req).user_id));
      },
    ),
  );

  router.patch(
    '/',
    route(
      {
        body: calendarSettingsSchema,
        summary: 'Incluir o no cada coincidencia extrema en el calendario privado',
        response: calendarFeedSchema,
      },
      async (req, res, { body }) => {
        const status = await setCalendarFeedExtreme(
          deps,
          currentUser(req).user_id,
          body.includeExtreme,
        );
        res.set('Cache-Control', 'no-store').json(status);
      },
    ),
  );

  // The answer carries the only copy of the link: never stored by a cache.
  router.post(
    '/token',
    route(
      {
        body: emptyBodySchema,
        summary: 'Un enlace nuevo al calendario privado (el anterior deja de funcionar)',
        response: calendarFeedLinkSchema,
        status: 201,
      },
      async (req, res) => {
        const link = await makeCalendarFeedLink(deps, currentUser(req).user_id);
        res.status(201).set('Cache-Control', 'no-store').json(link);
      },
    ),
  );

  router.delete(
    '/token',
    route({ body: emptyBodySchema, status: 204 }, async (req, res) => {
      await revokeCalendarFeedLink(deps, currentUser(req).user_id);
      res.status(204).end();
    }),
  );

  return router;
}
