// The handlers of every queue. Each one is safe to run twice and on several instances: the work
// itself is guarded in the database (advisory lock per fan, row locks per mail, "IS NULL" writes).
import type PgBoss from 'pg-boss';
import type { Logger } from '../lib/logger.js';
import { jobDuration, jobRuns } from '../metrics/metrics.js';
import { chunk } from '../lib/chunk.js';
import type { RecommendationEngine } from '../recommendations/engine.js';
import { FANS_PER_GROUP, generateForGroup } from '../recommendations/bulk-generator.js';
import { scoreConcertsForEveryFan } from '../recommendations/concert-rescore.js';
import { generateForUser } from '../recommendations/generator.js';
import { findOnboardedUserIds } from '../users/users.repository.js';
import { findSendingCampaignIds } from '../weekly-mail/campaigns.repository.js';
import { sendCampaign, type CampaignSendDeps } from '../weekly-mail/send-campaign.js';
import {
  QUEUES,
  type ConcertRescoreJob,
  type RecommendationsGroupJob,
  type RecommendationsUserJob,
  type WeeklyMailSendJob,
} from './queues.js';

/** What the weekly-mail sender needs, plus the queue and the recommendation engine. */
export interface WorkerDeps extends CampaignSendDeps {
  boss: PgBoss;
  engine: RecommendationEngine;
}

const POLLING_SECONDS = 0.5;
const FAN_OUT_CHUNK = 500;

/**
 * Queues the work for every onboarded fan: groups of fans for the built-in engine, one job per fan
 * for the AI (see bulk-generator.ts). Queued per-fan duplicates collapse.
 */
async function fanOutRecommendations(deps: WorkerDeps): Promise<number> {
  const grouped = deps.engine.name === 'builtin';
  let afterId = '00000000-0000-0000-0000-000000000000';
  let total = 0;
  for (;;) {
    const userIds = await findOnboardedUserIds(deps.db, afterId, FAN_OUT_CHUNK);
    if (userIds.length === 0) return total;
    await deps.boss.insert(
      grouped
        ? chunk(userIds, FANS_PER_GROUP).map((group) => ({
            name: QUEUES.recommendationsGroup,
            data: { userIds: group } satisfies RecommendationsGroupJob,
          }))
        : userIds.map((userId) => ({
            name: QUEUES.recommendationsUser,
            data: { userId } satisfies RecommendationsUserJob,
            singletonKey: userId,
          })),
    );
    total += userIds.length;
    afterId = userIds[userIds.length - 1]!;
  }
}

/** Re-queues campaigns left half sent (a send job lost with a crash, or out of retries). */
async function resumeUnfinishedCampaigns(deps: Pick<WorkerDeps, 'boss' | 'db'>) {
  const campaignIds = await findSendingCampaignIds(deps.db);
  for (const campaignId of campaignIds) {
    const job: WeeklyMailSendJob = { campaignId };
    await deps.boss.send(QUEUES.weeklyMailSend, job, { singletonKey: `campaign-${campaignId}` });
  }
  return campaignIds.length;
}

/**
 * One log line per job run, with its queue, id, outcome and duration, and the same in the job
 * metrics. A failure is rethrown: pg-boss records it and retries by the queue's policy.
 */
export function timed<T>(
  log: Logger,
  queue: string,
  handler: (jobs: PgBoss.Job<T>[]) => Promise<void>,
): (jobs: PgBoss.Job<T>[]) => Promise<void> {
  return async (jobs) => {
    const started = process.hrtime.bigint();
    const jobIds = jobs.map((job) => job.id);
    const finish = (outcome: 'completed' | 'failed') => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      jobRuns.inc({ queue, outcome });
      jobDuration.observe({ queue }, seconds);
      return { queue, jobIds, outcome, durationMs: Math.round(seconds * 1000) };
    };
    try {
      await handler(jobs);
      log.info(finish('completed'), 'Trabajo terminado');
    } catch (error) {
      log.warn({ ...finish('failed'), err: error }, 'Trabajo fallido');
      throw error;
    }
  };
}

export async function startWorkers(deps: WorkerDeps): Promise<void> {
  const { boss, log } = deps;
  const options = { pollingIntervalSeconds: POLLING_SECONDS };
  const generator = {
    db: deps.db,
    pool: deps.pool,
    engine: deps.engine,
    clock: deps.clock,
    log,
  };

  await boss.work(
    QUEUES.recommendationsAll,
    options,
    timed(log, QUEUES.recommendationsAll, async () => {
      const fans = await fanOutRecommendations(deps);
      log.info({ fans }, 'Recomendaciones encoladas para todos los usuarios');
    }),
  );
  // Two fans (or groups) at a time per instance; each fan's run already batches its AI calls.
  for (let i = 0; i < 2; i += 1) {
    await boss.work<RecommendationsUserJob>(
      QUEUES.recommendationsUser,
      options,
      timed(log, QUEUES.recommendationsUser, async ([job]) => {
        await generateForUser(generator, job!.data.userId);
      }),
    );
    await boss.work<RecommendationsGroupJob>(
      QUEUES.recommendationsGroup,
      options,
      timed(log, QUEUES.recommendationsGroup, async ([job]) => {
        const { changed } = await generateForGroup(generator, job!.data.userIds);
        // Their taste changed during the pass: each goes again on their own with the new one.
        for (const userId of changed) {
          await boss.send(QUEUES.recommendationsUser, { userId }, { singletonKey: userId });
        }
      }),
    );
  }
  await boss.work<ConcertRescoreJob>(
    QUEUES.concertRescore,
    options,
    timed(log, QUEUES.concertRescore, async ([job]) => {
      const result = await scoreConcertsForEveryFan(deps, job!.data.concertIds);
      log.info({ concertIds: job!.data.concertIds, ...result }, 'Conciertos puntuados de nuevo');
    }),
  );
  await boss.work<WeeklyMailSendJob>(
    QUEUES.weeklyMailSend,
    options,
    timed(log, QUEUES.weeklyMailSend, async ([job]) => {
      const { sent } = await sendCampaign(deps, job!.data.campaignId);
      log.info({ campaignId: job!.data.campaignId, sent }, 'Email semanal: envío terminado');
    }),
  );
  await resumeUnfinishedCampaigns(deps);
}
