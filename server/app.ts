// createApp(deps): the whole HTTP application without listening, so tests drive it directly.
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { CALENDAR_PATH } from '../common/calendar/links.js';
import type { PublicConfigDto } from '../common/api/types.js';
import { adminActionsRouter } from './admin/runs/admin-actions.routes.js';
import { authRouter } from './auth/auth.routes.js';
import { emailVerificationRouter } from './auth/email-verification.routes.js';
import { oauthRouter } from './auth/oauth/oauth.routes.js';
import { configurePassport, createSessionCaches, sessionMiddleware } from './accounts/session.js';
import { requireAdmin } from './accounts/require-admin.js';
import { sessionCookieName } from './accounts/session-cookie.js';
import type { ChangeFeed } from './cache/change-feed.js';
import { forgetOwnWrites } from './cache/forget-own-writes.js';
import type { Config } from './config/config.js';
import { sessionSecretsOf } from './config/session-secret.js';
import { bandsRouter } from './bands/bands.routes.js';
import { AgendaCatalog } from './concerts/agenda-catalog.js';
import { AgendaResponses } from './concerts/agenda-responses.js';
import { concertsRouter, likeCountsRouter } from './concerts/concerts.routes.js';
import { LikeCounts } from './concerts/like-counts.js';
import { calendarFeedsRouter } from './calendar/feeds.routes.js';
import type { Database } from './db/database.js';
import { fastLane } from './ssr/fast-lane.js';
import { healthRouter } from './health/health.routes.js';
import { adminRouter } from './admin/admin.routes.js';
import { sourcesRouter } from './sources/sources.routes.js';
import type { Fediverse } from './federation/fediverse.js';
import { federationRoutes } from './federation/federation.routes.js';
import type { SourceReader } from './sources/read-off-thread.js';
import { apiNotFoundHandler, errorHandler } from './lib/errors.js';
import { aiGateFor, type AiGate } from './ai/ai-gate.js';
import { jsonBodies } from './lib/json-body.js';
import { route } from './lib/route.js';
import { watchPool } from './lib/metrics.js';
import { httpMetrics, metricsRouter } from './metrics/metrics.routes.js';
import { openApiRouter } from './openapi/openapi.routes.js';
import { publicConfigSchema } from '../common/api/responses.js';
import type { Logger } from './lib/logger.js';
import { requestLogger } from './lib/request-log.js';
import { systemClock, type Clock } from './lib/time.js';
import type { Mailer } from './mail/mailer.js';
import { recommendationsRouter } from './recommendations/recommendations.routes.js';
import type { RecommendationRunner } from './recommendations/runner.js';
import { Learner } from './recommendations/learned-learner.js';
import { sameOriginOnly } from './security/same-origin.js';
import { profileRouter } from './users/profile.routes.js';
import { unsubscribeRouter } from './users/unsubscribe.routes.js';
import { uploadsStatic } from './uploads/uploads.static.js';
import { moderationRouter } from './submissions/moderation.routes.js';
import { submissionsRouter } from './submissions/submissions.routes.js';
import { pagesRouter } from './ssr/pages.routes.js';
import { PublicPages } from './ssr/public-pages.js';
import { headersSetBy, securityHeaders } from './security/security-headers.js';
import { documentRenderer, spaAssets } from './ssr/spa.js';
import type { RenderPage } from '../common/pages/render.js';

export interface AppDeps {
  config: Config;
  db: Database;
  /** The pool behind db, for the session store. */
  pool: pg.Pool;
  log: Logger;
  mailer: Mailer;
  /** Background recommendation generation (see server/recommendations/runner.ts). */
  recommendations: RecommendationRunner;
  clock?: Clock;
  /** The job queue (server/jobs); the admin action routes exist only with it. */
  boss?: PgBoss;
  /** Folder of the built app (dist/client). */
  clientDir: string;
  /** The app's server renderer (server/ssr/page-renderer.ts); without it pages go out empty. */
  render?: RenderPage;
  /** Database change notices; without it (some tests), nothing is cached across requests. */
  feed?: ChangeFeed;
  /**
   * The process's way out to the AI (circuit breaker, daily budget), shared with the engine and the
   * workers; without it the app makes its own (tests).
   */
  ai?: AiGate;
  /** Learns from the fans' signals (learned-learner.ts); default: one made from these deps. */
  learner?: Learner;
  /** Parses what a source's run fetched (a worker thread); without it, this thread (tests). */
  sourceReader?: SourceReader;
  /** The agenda on the fediverse (server/federation/); absent with FEDERATION=off. */
  fediverse?: Fediverse;
}

export function publicConfigOf(config: Config): PublicConfigDto {
  return {
    googleEnabled: config.google !== undefined,
    spotifyEnabled: config.spotify !== undefined,
    bandsFormUrl: config.bandsFormUrl ?? null,
    publicSiteUrl: config.publicSiteUrl ?? null,
    publicUrl: config.publicUrl,
  };
}

export function createApp(deps: AppDeps): Express {
  const { config, db, log, feed } = deps;
  const clock = deps.clock ?? systemClock;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // First, so every answer is timed, the fast lane's and the errors' too.
  app.use(httpMetrics());
  watchPool(deps.pool);

  // What this instance keeps (public pages, agendas, like counts) is answered by the fast lane,
  // before the rest of the stack (whose request id, log line and security headers it gives itself).
  const security = securityHeaders(config);
  // Shared concert data of the agenda (admin writes invalidate it), kept agenda answers and like
  // counts.
  const catalog = new AgendaCatalog(db, feed);
  const responses = new AgendaResponses(feed);
  const likeCounts = new LikeCounts(db, feed, clock);
  const pageData = { db, clock, catalog, responses, likeCounts };
  const { renderDocument } = documentRenderer({
    clientDir: deps.clientDir,
    publicConfig: publicConfigOf(config),
    analyticsScriptUrl: config.analyticsScriptUrl,
    render: deps.render,
  });
  const publicPages = new PublicPages({
    publicUrl: config.publicUrl,
    federated: deps.fediverse !== undefined,
    dataDir: config.dataDir,
    renderDocument,
    data: pageData,
    feed,
  });
  const sessionCaches = createSessionCaches(feed);
  // ActivityPub's requests (and a concert page asked for as ActivityStreams) never reach the pages.
  if (deps.fediverse) {
    app.use(federationRoutes(deps.fediverse.federation, deps.fediverse.deps, db));
  }
  app.use(
    fastLane({
      pages: publicPages,
      api: {
        secrets: sessionSecretsOf(config),
        cookieName: sessionCookieName(config),
        sessionCaches,
        responses,
        catalog,
        likeCounts,
        clock,
      },
      log,
      headers: headersSetBy(security),
    }),
  );

  app.use(requestLogger(log));
  app.use(security);
  app.use(compression());
  app.use(jsonBodies());

  app.use(healthRouter(deps.pool, { boss: deps.boss, feed }));
  app.use(metricsRouter(config.metrics.token));
  app.use('/uploads', uploadsStatic(config.dataDir));
  // Calendar files and feeds: no session (calendar apps send no cookie), so before any of it.
  app.use(CALENDAR_PATH, calendarFeedsRouter({ db, clock, publicUrl: config.publicUrl }));

  app.use(likeCountsRouter(likeCounts));

  // Sessions only where they are used: static files and probes never touch the session store.
  const passport = configurePassport(db, sessionCaches, clock);
  const devOrigins = config.env === 'development' ? ['http://localhost:5173'] : [];
  const sessions = [
    sessionMiddleware(config, deps.pool, sessionCaches, clock),
    passport.initialize({ compat: false }),
    passport.session() as RequestHandler, // @types/passport types it as any
  ];
  app.use(
    ['/api', '/auth'],
    sameOriginOnly(config.publicUrl, devOrigins),
    ...sessions,
    forgetOwnWrites(feed),
  );

  const authDeps = { db, config, log, clock, mailer: deps.mailer };
  const learner =
    deps.learner ??
    new Learner({
      db,
      pool: deps.pool,
      clock,
      log,
      engine: deps.recommendations.engine,
      boss: deps.boss,
    });
  app.use(oauthRouter(authDeps, passport));
  const api = express.Router();
  api.get(
    '/config',
    route(
      { summary: 'Ajustes públicos para la SPA', response: publicConfigSchema },
      (_req, res) => {
        res.json(publicConfigOf(config));
      },
    ),
  );
  api.use(openApiRouter(config.publicUrl));
  api.use(authRouter(authDeps));
  api.use(emailVerificationRouter(authDeps));
  api.use(
    '/profile',
    profileRouter({ ...authDeps, runner: deps.recommendations, sessions: sessionCaches, learner }),
  );
  api.use('/recommendations', recommendationsRouter({ db, clock, runner: deps.recommendations }));
  api.use(
    '/concerts',
    concertsRouter({ db, clock, catalog, responses, likeCounts, signal: learner.signalled }),
  );
  api.use('/bands', bandsRouter(db));
  api.use('/unsubscribe', unsubscribeRouter({ db, config, clock }));
  if (deps.boss) {
    const ai = deps.ai ?? aiGateFor({ config, db, clock, log });
    api.use(adminActionsRouter({ db, config, boss: deps.boss, clock, log, ai }));
  }
  api.use('/submissions', submissionsRouter(authDeps));
  // Everything under /api/admin passes one guard (an admin's session or X-Admin-Token: 401, 403),
  // and its answers, which depend on who asks and change with every form sent, are never stored.
  const admin = express.Router();
  admin.use(requireAdmin(config.admin.apiToken), (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  admin.use(
    '/submissions',
    moderationRouter({
      ...authDeps,
      pool: deps.pool,
      catalog,
      runner: deps.recommendations,
      boss: deps.boss,
    }),
  );
  admin.use(
    '/sources',
    sourcesRouter({
      db,
      pool: deps.pool,
      config,
      clock,
      catalog,
      log,
      mailer: deps.mailer,
      runner: deps.recommendations,
      boss: deps.boss,
      sourceReader: deps.sourceReader,
      fediverse: deps.fediverse?.follows,
    }),
  );
  admin.use(
    adminRouter({
      db,
      pool: deps.pool,
      config,
      clock,
      catalog,
      log,
      mailer: deps.mailer,
      runner: deps.recommendations,
      boss: deps.boss,
    }),
  );
  api.use('/admin', admin);
  api.use(apiNotFoundHandler);
  app.use('/api', api);

  // The built files, then the pages, which depend on who asks.
  app.use(spaAssets(deps.clientDir));
  app.use(...sessions);
  app.use(pagesRouter(publicPages));
  app.use(errorHandler);
  return app;
}
