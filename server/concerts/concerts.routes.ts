import express, { type Router } from 'express';
import type { CarouselResponse, FeedbackResponse, LikeResponse } from '../../common/dto.js';
import { concertIdParamsSchema, feedbackSchema, likeSchema } from '../../common/schemas.js';
import { currentUser, requireUser } from '../auth/require-user.js';
import type { Database } from '../db/database.js';
import { input, validate } from '../lib/validate.js';
import type { Clock } from '../lib/time.js';
import type { AgendaCatalog } from './agenda-catalog.js';
import { sendGzipped, type AgendaResponses } from './agenda-responses.js';
import { agendaJson } from './agenda.dto.js';
import { findAgendaState } from './agenda.repository.js';
import { findCarouselConcerts } from './concerts.repository.js';
import { toCarouselConcertDto } from './concerts.dto.js';
import { setFeedback, setLike } from './reactions.service.js';
import { upcomingCutoff } from './upcoming.js';

export const CAROUSEL_SIZE = 20;

type IdParams = { id: number };

export function concertsRouter(deps: {
  db: Database;
  clock: Clock;
  catalog: AgendaCatalog;
  responses: AgendaResponses;
}): Router {
  const router = express.Router();
  const { db, catalog, responses } = deps;

  router.get('/carousel', async (_req, res) => {
    const rows = await findCarouselConcerts(db, upcomingCutoff(deps.clock), CAROUSEL_SIZE);
    const body: CarouselResponse = { concerts: rows.map(toCarouselConcertDto) };
    res.set('Cache-Control', 'public, max-age=60').json(body);
  });

  // The agenda: every upcoming concert, with the signed-in fan's score, reason, like and feedback.
  // The body is a ConcertListResponse, assembled as a string (see agenda-catalog.ts) and, for
  // clients that take gzip, answered from agenda-responses.ts while nothing changed.
  router.get('/', async (req, res) => {
    const userId = req.user?.user_id;
    const cutoff = upcomingCutoff(deps.clock);
    res.set('Cache-Control', 'private, no-cache').type('json');
    const gzipOk = req.acceptsEncodings('gzip') === 'gzip';
    const kept = gzipOk ? responses.find(userId, catalog.version, cutoff) : undefined;
    if (kept) return void sendGzipped(res, kept);

    const epoch = responses.epoch;
    const rows = await findAgendaState(db, cutoff, userId);
    const details = await catalog.openJson(rows.map((row) => row.id));
    const json = agendaJson(rows, details.json);
    if (!gzipOk) return void res.send(json);
    sendGzipped(res, await responses.keep(userId, rows, json, details.version, epoch));
  });

  router.put(
    '/:id/like',
    requireUser,
    validate({ params: concertIdParamsSchema, body: likeSchema }),
    async (req, res) => {
      const { params, body } = input<{ liked: boolean }, unknown, IdParams>(res);
      const result: LikeResponse = await setLike(
        db,
        currentUser(req).user_id,
        params.id,
        body.liked,
      );
      res.json(result);
    },
  );

  router.put(
    '/:id/feedback',
    requireUser,
    validate({ params: concertIdParamsSchema, body: feedbackSchema }),
    async (req, res) => {
      const { params, body } = input<{ feedback: -1 | 0 | 1 }, unknown, IdParams>(res);
      const result: FeedbackResponse = await setFeedback(
        db,
        currentUser(req).user_id,
        params.id,
        body.feedback,
      );
      res.json(result);
    },
  );
  return router;
}
