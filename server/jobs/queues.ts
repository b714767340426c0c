// The background queues (pg-boss, schema 'pgboss' in the app's own database) and their payloads.
// Every queue is created at start-up with the retry policy its work needs.
import type PgBoss from 'pg-boss';

export const QUEUES = {
  /**
   * Queues the work for every onboarded fan: recommendations-group jobs with the built-in engine,
   * one recommendations-user job per fan with the AI (workers.ts).
   */
  recommendationsAll: 'recommendations-all',
  /**
   * One fan's missing recommendations; singletonKey = user id (or run and user id within a run), so
   * queued duplicates collapse.
   */
  recommendationsUser: 'recommendations-user',
  /** Up to FANS_PER_GROUP fans scored together by the built-in engine (bulk-generator.ts). */
  recommendationsGroup: 'recommendations-group',
  /** Sends one weekly campaign's pending deliveries; retried with backoff until none is left. */
  weeklyMailSend: 'weekly-mail-send',
  /**
   * Scores concerts an admin created or changed for every onboarded fan (built-in engine), so the
   * admin's request does not wait for 100,000 fans; a run lost with its process is retried.
   */
  concertRescore: 'concert-rescore',
  /**
   * After concerts appeared and were scored: records the fans whose favourite artists play them
   * and mails the 'instant' ones (server/alerts/artist-alerts.ts). Safe to run twice.
   */
  artistAlerts: 'artist-alerts',
  /**
   * One fan's tastes learned again after a signal (server/recommendations/learned-relearn.ts);
   * singletonKey = user id, so a burst of taps queues one job.
   */
  learnedTastes: 'learned-tastes',
  /**
   * One scheduled import of a source (server/sources/import-schedule.ts); singletonKey = the
   * source, so ticks of several instances queue it once, and the worker claims the run anyway.
   */
  sourceImport: 'source-import',
} as const;

/** `runId`: the admin's recorded run (admin_runs) the fans' jobs count themselves in. */
export interface RecommendationsAllJob {
  runId?: string;
}
export interface RecommendationsUserJob {
  userId: string;
  runId?: string;
}
export interface RecommendationsGroupJob {
  userIds: string[];
  runId?: string;
}
export interface WeeklyMailSendJob {
  campaignId: string;
}

export interface ConcertRescoreJob {
  concertIds: number[];
  /** The concerts just appeared: the fans' artist alerts follow the scoring. */
  alerts?: boolean;
}

export interface ArtistAlertsJob {
  concertIds: number[];
}

export interface LearnedTastesJob {
  userId: string;
}

export interface SourceImportJob {
  sourceId: number;
}

export interface QueueTuning {
  /** First retry delay of a failed weekly send, in seconds (doubled each time, with jitter). */
  mailRetryDelaySeconds: number;
}

export const DEFAULT_TUNING: QueueTuning = { mailRetryDelaySeconds: 30 };

export async function createQueues(boss: PgBoss, tuning: QueueTuning): Promise<void> {
  // 'short': at most one queued job per singletonKey; a second click while queued adds nothing.
  await boss.createQueue(QUEUES.recommendationsAll, {
    name: QUEUES.recommendationsAll,
    policy: 'short',
  });
  await boss.createQueue(QUEUES.recommendationsUser, {
    name: QUEUES.recommendationsUser,
    policy: 'short',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  });
  await boss.createQueue(QUEUES.recommendationsGroup, {
    name: QUEUES.recommendationsGroup,
    policy: 'standard',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  });
  await boss.createQueue(QUEUES.concertRescore, {
    name: QUEUES.concertRescore,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    // 100,000 fans take well under a minute; a run killed with its process is retried after this.
    expireInSeconds: 10 * 60,
  });
  await boss.createQueue(QUEUES.artistAlerts, {
    name: QUEUES.artistAlerts,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  });
  // 'short': one waiting job per fan, however many taps; a tap while it runs queues one more. A
  // fan being scored elsewhere makes it fail (FanBusyError): tried again a few seconds later.
  await boss.createQueue(QUEUES.learnedTastes, {
    name: QUEUES.learnedTastes,
    policy: 'short',
    retryLimit: 10,
    retryDelay: 5,
  });
  // A failed import is recorded and waits for the next tick: never retried by the queue.
  await boss.createQueue(QUEUES.sourceImport, {
    name: QUEUES.sourceImport,
    policy: 'short',
    retryLimit: 0,
    // 15 s of fetch and a few thousand events; a run lost with its process ends here.
    expireInSeconds: 30 * 60,
  });
  await boss.createQueue(QUEUES.weeklyMailSend, {
    name: QUEUES.weeklyMailSend,
    policy: 'short',
    // An SMTP outage of hours is survived: 20 retries with exponential backoff.
    retryLimit: 20,
    retryDelay: tuning.mailRetryDelaySeconds,
    retryBackoff: true,
    // A big campaign may send for a while; every mail is claimed by a row lock anyway.
    expireInSeconds: 3 * 60 * 60,
  });
}
