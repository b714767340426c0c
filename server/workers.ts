// The handlers of every queue. Each one is safe to run twice and on several instances: the work
// itself is guarded in the database (advisory lock per fan, row locks per mail, "IS NULL" writes).
import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Logger } from './lib/logger.js';
import { jobDuration, jobRuns } from './lib/metrics.js';
import { chunk } from './lib/chunk.js';
import type { RecommendationEngine } from './recommendations/engine.js';
import type { RecommendationRunner } from './recommendations/runner.js';
import { runScheduledSource } from './sources/import-schedule.js';
import type { SourceReader } from './sources/read-off-thread.js';
import { FANS_PER_GROUP, generateForGroup } from './recommendations/bulk-generator.js';
import { alertFansOf } from './alerts/artist-alerts.js';
import { scoreConcertsForEveryFan } from './recommendations/concert-rescore.js';
import { generateForUser } from './recommendations/generator.js';
import { relearnFan } from './recommendations/learned-relearn.js';
import { findOnboardedUserIds } from './accounts/users.repository.js';
import { findSendingCampaignIds } from './weekly-mail/campaigns.repository.js';
import { sendCampaign, type CampaignSendDeps } from './weekly-mail/send-campaign.js';
import { countJobOfRun, failUnqueuedRun } from './admin/runs/admin-runs.service.js';
import { setRunTotal } from './admin/runs/admin-runs.repository.js';
import {
  QUEUES,
  type ArtistAlertsJob,
  type RecommendationsAllJob,
  type ConcertRescoreJob,
  type LearnedTastesJob,
  type RecommendationsGroupJob,
  type RecommendationsUserJob,
  type SourceImportJob,
  type WeeklyMailSendJob,
} from './jobs/queues.js';

/** What the weekly-mail sender needs, plus the queue and the recommendation engine. */
export interface WorkerDeps extends CampaignSendDeps {
  boss: PgBoss;
  engine: RecommendationEngine;
  /** Scores what an import creates or changes; without it this instance imports no source. */
  runner?: RecommendationRunner;
  /** Parses what a source's run fetched (a worker thread); without it, this thread. */
  sourceReader?: SourceReader;
}

const POLLING_SECONDS = 0.5;
const FAN_OUT_CHUNK = 500;

/**
 * The id of a run's job, the same at every try of its fan-out: a fan-out retried after queueing
 * part of its jobs queues none of them twice (pg-boss skips an id it holds), so the run's counts
 * still add up to its total.
 */
function runJobId(runId: string, firstUserId: string): string {
  const hex = createHash('sha256').update(`run-${runId}:${firstUserId}`).digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/**
 * Queues the work for every onboarded fan: groups of fans for the built-in engine, one job per fan
 * for the AI (see bulk-generator.ts). Queued per-fan duplicates collapse; within an admin's run
 * the key holds the run too, so a fan's job queued apart never swallows the run's (which would
 * then never count that fan).
 */
async function fanOutRecommendations(deps: WorkerDeps, runId?: string): Promise<number> {
  const grouped = deps.engine.name === 'builtin';
  const ofRun = (firstUserId: string) =>
    runId === undefined ? {} : { id: runJobId(runId, firstUserId), data: { runId } };
  let afterId = '00000000-0000-0000-0000-000000000000';
  let total = 0;
  for (;;) {
    const userIds = await findOnboardedUserIds(deps.db, afterId, FAN_OUT_CHUNK);
    if (userIds.length === 0) return total;
    await deps.boss.insert(
      grouped
        ? chunk(userIds, FANS_PER_GROUP).map((group) => {
            const run = ofRun(group[0]!);
            return {
              name: QUEUES.recommendationsGroup,
              id: run.id,
              data: { userIds: group, ...run.data } satisfies RecommendationsGroupJob,
            };
          })
        : userIds.map((userId) => {
            const run = ofRun(userId);
            return {
              name: QUEUES.recommendationsUser,
              id: run.id,
              data: { userId, ...run.data } satisfies RecommendationsUserJob,
              singletonKey: runId === undefined ? userId : `run-${runId}:${userId}`,
            };
          }),
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
export function timed<J extends PgBoss.Job<unknown>>(
  log: Logger,
  queue: string,
  handler: (jobs: J[]) => Promise<void>,
): (jobs: J[]) => Promise<void> {
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

/**
 * A job of an admin's run counts its fans in the run once it is over: done when it succeeded,
 * failed when it failed its last try (pg-boss retries it otherwise).
 */
function countedInRun<T extends { runId?: string }>(
  deps: Pick<WorkerDeps, 'db' | 'log'>,
  fansOf: (data: T) => number,
  handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
): (jobs: PgBoss.JobWithMetadata<T>[]) => Promise<void> {
  return async ([job]) => {
    const { runId } = job!.data;
    try {
      await handler(job!);
    } catch (error) {
      if (runId !== undefined && job!.retryCount >= job!.retryLimit) {
        await countJobOfRun(deps, runId, fansOf(job!.data), 'failed');
      }
      throw error;
    }
    if (runId !== undefined) await countJobOfRun(deps, runId, fansOf(job!.data), 'done');
  };
}

export async function startWorkers(deps: WorkerDeps): Promise<void> {
  const { boss, log } = deps;
  const options = { pollingIntervalSeconds: POLLING_SECONDS };
  // The run's counts need each job's tries (retryCount, retryLimit).
  const withTries = { ...options, includeMetadata: true } as const;
  const generator = {
    db: deps.db,
    pool: deps.pool,
    engine: deps.engine,
    clock: deps.clock,
    log,
  };

  await boss.work<RecommendationsAllJob>(
    QUEUES.recommendationsAll,
    withTries,
    timed(
      log,
      QUEUES.recommendationsAll,
      async ([job]: PgBoss.JobWithMetadata<RecommendationsAllJob>[]) => {
        const { runId } = job!.data;
        try {
          const fans = await fanOutRecommendations(deps, runId);
          if (runId !== undefined) await setRunTotal(deps.db, runId, fans);
          log.info({ fans }, 'Recomendaciones encoladas para todos los usuarios');
        } catch (error) {
          if (runId !== undefined && job!.retryCount >= job!.retryLimit) {
            await failUnqueuedRun(deps.db, runId);
          }
          throw error;
        }
      },
    ),
  );
  // Two fans (or groups) at a time per instance; each fan's run already batches its AI calls.
  for (let i = 0; i < 2; i += 1) {
    await boss.work<RecommendationsUserJob>(
      QUEUES.recommendationsUser,
      withTries,
      timed(
        log,
        QUEUES.recommendationsUser,
        countedInRun(
          deps,
          () => 1,
          async (job) => {
            await generateForUser(generator, job.data.userId);
          },
        ),
      ),
    );
    await boss.work<RecommendationsGroupJob>(
      QUEUES.recommendationsGroup,
      withTries,
      timed(
        log,
        QUEUES.recommendationsGroup,
        countedInRun(
          deps,
          (data) => data.userIds.length,
          async (job) => {
            const { changed } = await generateForGroup(generator, job.data.userIds);
            // Their taste changed during the pass: each goes again on their own with the new
            // one (outside the run, which counts them with their group).
            for (const userId of changed) {
              await boss.send(QUEUES.recommendationsUser, { userId }, { singletonKey: userId });
            }
          },
        ),
      ),
    );
  }
  await boss.work<ConcertRescoreJob>(
    QUEUES.concertRescore,
    options,
    timed(log, QUEUES.concertRescore, async ([job]) => {
      const { concertIds, alerts } = job!.data;
      const result = await scoreConcertsForEveryFan(deps, concertIds);
      log.info({ concertIds, ...result }, 'Conciertos puntuados de nuevo');
      // Scored first, so each alert mail can give the fan's score and reason.
      if (alerts) await boss.send(QUEUES.artistAlerts, { concertIds } satisfies ArtistAlertsJob);
    }),
  );
  await boss.work<ArtistAlertsJob>(
    QUEUES.artistAlerts,
    options,
    timed(log, QUEUES.artistAlerts, async ([job]) => {
      const { concertIds } = job!.data;
      const result = await alertFansOf(deps, concertIds);
      log.info({ concertIds, ...result }, 'Avisos de artistas favoritos');
    }),
  );
  await boss.work<LearnedTastesJob>(
    QUEUES.learnedTastes,
    options,
    timed(log, QUEUES.learnedTastes, async ([job]) => {
      const { userId } = job!.data;
      const result = await relearnFan(generator, userId);
      if (result.changed) log.info({ userId, ...result }, 'Gustos aprendidos de nuevo');
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
  if (deps.runner) {
    // One import at a time per instance: each reads up to 5 MB and writes its events one by one.
    const imports = { ...deps, runner: deps.runner };
    await boss.work<SourceImportJob>(
      QUEUES.sourceImport,
      options,
      timed(log, QUEUES.sourceImport, async ([job]) => {
        const { sourceId } = job!.data;
        const summary = await runScheduledSource(imports, sourceId);
        if (summary) {
          const { skippedReasons: _reasons, error, ...counts } = summary;
          log.info({ sourceId, ...counts, error: error?.id ?? null }, 'Fuente importada');
        }
      }),
    );
  }
  await resumeUnfinishedCampaigns(deps);
}
