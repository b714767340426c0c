import express, { type RequestHandler, type Router } from 'express';
import type {
  ConcertPageDto,
  FeedbackResponse,
  GoingResponse,
  LikeResponse,
} from '../../common/concerts/types.js';
import {
  concertIdParamsSchema,
  feedbackSchema,
  goingSchema,
  likeSchema,
} from '../../common/concerts/schemas.js';
import { currentUser, requireUser } from '../accounts/require-user.js';
import type { Database } from '../db/database.js';
import { AppError } from '../lib/errors.js';
import { route, type RouteInput, type RouteSchemas } from '../lib/route.js';
import { byUser, rateLimit } from '../security/rate-limit.js';
import type { Clock } from '../lib/time.js';
import { readerLocale } from '../i18n/intl.js';
import { PAGE_LANG_HEADER } from '../../common/i18n/locales.js';
import type { AgendaCatalog } from './agenda-catalog.js';
import { AGENDA_VARY, sendKept, type AgendaResponses } from './agenda-responses.js';
import { agendaAnswer, carousel } from './concerts.service.js';
import { LIKE_COUNTS_PATH, type LikeCounts } from './like-counts.js';
import type { ReactionSignal } from './reaction-signal.js';
import { setFeedback, setGoing, setLike } from './reactions.service.js';
import { concertPage } from './concert-page.service.js';
import {
  carouselResponseSchema,
  concertListResponseSchema,
  concertPageSchema,
  feedbackResponseSchema,
  goingResponseSchema,
  likeCountsResponseSchema,
  likeResponseSchema,
} from '../../common/concerts/responses.js';

/**
 * Likes, 'Voy' and 👍/👎 count publicly and teach the recommendations: only from a fan whose
 * address is proven (verified by its link, or given by Google/Spotify, which verify it) and who
 * finished the welcome. An account anyone could open with someone else's address moves nothing.
 */
const requireConfirmedFan: RequestHandler = (req, _res, next) => {
  const user = currentUser(req);
  if (!user.email_verified) {
    next(new AppError('email_unverified', 403, 'error.concert.confirmEmailFirst'));
    return;
  }
  if (!user.onboarding_completed) {
    next(new AppError('onboarding_incomplete', 403, 'error.concert.onboardingFirst'));
    return;
  }
  next();
};

/**
 * A fan's reactions, all three together: 60 in 10 minutes is far more than a person taps, and
 * 500 a day bounds what one account can do to the public counts (decision 0029).
 */
export const REACTION_LIMITS = [
  { name: 'reaction-user-10min', limit: 60, windowSeconds: 10 * 60, key: byUser },
  { name: 'reaction-user-day', limit: 500, windowSeconds: 24 * 60 * 60, key: byUser },
];

/** What each reaction's OpenAPI entry adds to its own answers. */
const REACTION_REFUSALS = {
  403: 'El email de la cuenta no está confirmado, o el fan no ha terminado la bienvenida',
  429: 'Demasiadas reacciones seguidas de este fan (Retry-After)',
} as const;

export function concertsRouter(deps: {
  db: Database;
  clock: Clock;
  catalog: AgendaCatalog;
  responses: AgendaResponses;
  likeCounts: LikeCounts;
  /** Told of every like, 'Voy' and 👍/👎 (the recommendations learn from them). */
  signal?: ReactionSignal;
}): Router {
  const router = express.Router();
  const { db } = deps;

  router.get(
    '/carousel',
    route(
      { summary: 'Conciertos del carrusel de la portada', response: carouselResponseSchema },
      async (_req, res) => {
        res.set('Cache-Control', 'public, max-age=60').json(await carousel(db, deps.clock));
      },
    ),
  );

  // The agenda: every upcoming concert, with the signed-in fan's score, reason, like and feedback,
  // its descriptions in the reader's language. The body is a ConcertListResponse, assembled as a
  // string (see agenda-catalog.ts), gzipped or not as the client takes it, and answered from
  // agenda-responses.ts while nothing changed.
  router.get(
    '/',
    route(
      {
        summary:
          'La agenda: conciertos próximos, con la valoración del fan si hay sesión; las ' +
          'descripciones en el idioma de quien la lee (?lang=es|ca, su elección, cookie lang)',
        response: concertListResponseSchema,
      },
      async (req, res) => {
        res.set('Cache-Control', 'private, no-cache').type('json');
        const encoding = req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
        const reader = { userId: req.user?.user_id, locale: readerLocale(req) };
        sendKept(res, await agendaAnswer(deps, reader, encoding), AGENDA_VARY);
      },
    ),
  );

  // One concert for its public page: anyone may read it; a signed-in fan gets their own row too.
  // Its descriptions in the reader's language, as the agenda's.
  router.get(
    '/:id',
    route(
      {
        params: concertIdParamsSchema,
        summary:
          'Un concierto para su página pública, pasado o no; con la fila del fan si hay sesión',
        response: concertPageSchema,
        also: { 404: 'El concierto no existe (o se ha borrado)' },
      },
      async (req, res, { params }) => {
        const answer: ConcertPageDto = await concertPage(db, deps.clock, params.id, {
          userId: req.user?.user_id,
          locale: readerLocale(req),
        });
        res
          .set('Cache-Control', 'private, no-cache')
          .vary('Cookie')
          .vary('Accept-Language')
          .vary(PAGE_LANG_HEADER);
        res.json(answer);
      },
    ),
  );

  // A fan's like, "Voy" and feedback: the concert in the path, one field in the body.
  const like = {
    params: concertIdParamsSchema,
    body: likeSchema,
    summary: 'Marcar o quitar «me gusta»',
    response: likeResponseSchema,
    also: REACTION_REFUSALS,
  };
  const going = {
    params: concertIdParamsSchema,
    body: goingSchema,
    summary: 'Decir que vas a un concierto («Voy») o quitarlo',
    response: goingResponseSchema,
    also: {
      ...REACTION_REFUSALS,
      404: 'El concierto no existe.',
      409: 'Al decir que vas: el concierto se ha cancelado o ya ha pasado',
    },
  };
  const feedback = {
    params: concertIdParamsSchema,
    body: feedbackSchema,
    summary: 'Valorar la recomendación (pulgar arriba o abajo)',
    response: feedbackResponseSchema,
    also: REACTION_REFUSALS,
  };
  // Every reaction: a signed-in, confirmed fan within the fan's limits.
  const mayReact = [
    requireUser,
    requireConfirmedFan,
    rateLimit(db, REACTION_LIMITS, 'error.concert.tooManyReactions'),
  ];
  /** Answers what `react` returns for the signed-in fan. */
  const fanReaction = <const S extends RouteSchemas>(
    schemas: S,
    react: (userId: string, input: RouteInput<S>) => Promise<unknown>,
  ) =>
    route(schemas, async (req, res, input) => {
      res.json(await react(currentUser(req).user_id, input));
    });
  /** A reaction that moves a count everyone reads: the kept counts are read again. */
  const countedReaction = <const S extends RouteSchemas>(
    schemas: S,
    react: (userId: string, input: RouteInput<S>) => Promise<unknown>,
  ) =>
    fanReaction(schemas, async (userId, input) => {
      const answer = await react(userId, input);
      deps.likeCounts.forget();
      return answer;
    });
  router.put(
    '/:id/like',
    ...mayReact,
    countedReaction(like, (userId, { params, body }): Promise<LikeResponse> =>
      setLike(db, userId, params.id, body.liked, deps.signal),
    ),
  );
  router.put(
    '/:id/going',
    ...mayReact,
    countedReaction(going, (userId, { params, body }): Promise<GoingResponse> =>
      setGoing(deps, userId, params.id, body.going, deps.signal),
    ),
  );
  router.put(
    '/:id/feedback',
    ...mayReact,
    fanReaction(feedback, (userId, { params, body }): Promise<FeedbackResponse> =>
      setFeedback(db, userId, params.id, body.feedback, deps.signal),
    ),
  );
  return router;
}

/**
 * GET /api/concerts/likes: public and the same for everyone, so app.ts mounts it before the
 * session middleware (no cookie is read). The fast lane (server/ssr/fast-lane.ts) sends its kept answer
 * in front of the whole stack; this builds it.
 */
export function likeCountsRouter(likeCounts: LikeCounts): Router {
  const router = express.Router();
  router.get(
    LIKE_COUNTS_PATH,
    route(
      {
        summary:
          'Número de «me gusta» y de fans que van a cada concierto próximo (los que no salen tienen 0)',
        response: likeCountsResponseSchema,
      },
      async (req, res) => {
        const encoding = req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
        res.set('Cache-Control', 'public, no-cache').type('json');
        sendKept(res, await likeCounts.answer(encoding));
      },
    ),
  );
  return router;
}
