// The admin panel's actions: recommendations for everyone, descriptions and
// the weekly email. All behind requireAdmin: an admin's session or the X-Admin-Token header.
// Recommendations and mail run as pg-boss jobs (the answer says they are under way); descriptions
// run inline, because the answer promises they are written and only missing ones are. The three
// generations are recorded runs (admin-runs.service.ts): a second start while one runs is a 409.
import express, { type Request, type Router } from 'express';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { adminIdOf, requireAdmin } from '../../accounts/require-admin.js';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import { generateDescriptions } from '../../descriptions/generate-descriptions.js';
import type { DescriptionLength } from '../../descriptions/concerts-to-describe.repository.js';
import { descriptionWriterFor } from '../../descriptions/writer.js';
import type { AiGate } from '../../ai/ai-gate.js';
import type { ServerMessageId } from '../../../common/i18n/catalogues.js';
import { msg } from '../../../common/text/schemas.js';
import { textsFor, textsIn } from '../../i18n/intl.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import { route } from '../../lib/route.js';
import { startWeeklyCampaign } from '../../weekly-mail/campaign.service.js';
import { startRecommendationsForAll } from './admin-actions.service.js';
import { runInline } from './admin-runs.service.js';
import { messageResponseSchema } from '../../../common/api/responses.js';

export interface AdminActionsDeps {
  db: Database;
  config: Config;
  boss: PgBoss;
  clock: Clock;
  log: Logger;
  ai: AiGate;
}

export const WEEKLY_ALREADY_SENT: ServerMessageId = 'answer.admin.weeklyAlreadySent';

const RUN_BUSY_DESCRIPTION = 'Ya hay una generación de este tipo en marcha: no se ha empezado otra';

export const weeklyEmailSchema = z.strictObject({
  modo: z.enum(['prueba', 'real'], { error: msg('error.admin.badWeeklyMode') }),
});

/** The log line says it in Spanish, for the operators, whatever the answer's language. */
const spanish = textsIn('es');

/**
 * Logs the cause, answers the action's error text with a code (never a stack). An AppError (a run
 * already going) is already the answer.
 */
async function orFail<T>(
  req: Request,
  code: string,
  message: ServerMessageId,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    req.log.error({ err: error }, spanish(message));
    throw new AppError(code, 500, message);
  }
}

export function adminActionsRouter(deps: AdminActionsDeps): Router {
  const router = express.Router();
  router.use(
    [
      '/generateRecommendations',
      '/generateDescriptions',
      '/generateDescriptionsLong',
      '/sendWeeklyEmail',
    ],
    requireAdmin(deps.config.admin.apiToken),
  );

  router.post(
    '/generateRecommendations',
    route(
      {
        summary: 'Generar recomendaciones para todos los fans (en segundo plano)',
        response: messageResponseSchema,
        also: { 409: RUN_BUSY_DESCRIPTION },
      },
      async (req, res) => {
        const fans = await orFail(
          req,
          'recommendations_failed',
          'error.admin.recommendationsFailed',
          () => startRecommendationsForAll(deps, adminIdOf(req)),
        );
        res.json({ message: textsFor(req)('answer.admin.recommendationsStarted', { fans }) });
      },
    ),
  );

  const describeRoute = (length: DescriptionLength, code: string, message: ServerMessageId) =>
    route(
      {
        summary: `Escribir las descripciones ${length === 'short' ? 'cortas' : 'largas'} que faltan`,
        response: messageResponseSchema,
        also: { 409: RUN_BUSY_DESCRIPTION },
      },
      async (req: Request, res: express.Response) => {
        const run = {
          kind: length === 'short' ? 'descriptions-short' : 'descriptions-long',
          startedBy: adminIdOf(req),
          failureMessage: message,
        } as const;
        const count = await orFail(req, code, message, () =>
          runInline(deps.db, run, (tally) =>
            generateDescriptions(
              { db: deps.db, writer: descriptionWriterFor(deps.config, deps.log, deps.ai) },
              length,
              tally,
            ),
          ),
        );
        res.json({ message: textsFor(req)('answer.admin.descriptionsWritten', { count }) });
      },
    );
  router.post(
    '/generateDescriptions',
    describeRoute('short', 'descriptions_failed', 'error.admin.shortDescriptionsFailed'),
  );
  router.post(
    '/generateDescriptionsLong',
    describeRoute('long', 'descriptions_failed', 'error.admin.longDescriptionsFailed'),
  );

  router.post(
    '/sendWeeklyEmail',
    route(
      {
        body: weeklyEmailSchema,
        summary: 'Enviar el email semanal (prueba o real)',
        response: messageResponseSchema,
      },
      async (req, res, { body }) => {
        const result = await orFail(req, 'weekly_mail_failed', 'error.admin.weeklyMailFailed', () =>
          startWeeklyCampaign(deps, body.modo, adminIdOf(req)),
        );
        const t = textsFor(req);
        if (!result.started) {
          res.json({ message: t(WEEKLY_ALREADY_SENT) });
          return;
        }
        res.json({ message: t('answer.admin.weeklyStarted', { recipients: result.recipients }) });
      },
    ),
  );
  return router;
}
