// 100,000 fans (BENCH_USERS, or `npm run bench -- scale --users N`), 300 upcoming
// concerts (BENCH_CONCERTS), on a throwaway embedded PostgreSQL:
//   a. the built-in engine scores every fan × every concert through the production path of the
//      admin's "generate for all users" (pg-boss fans out group jobs run by bulk-generator.ts on
//      this process's two workers); budget 10 minutes;
//   b. the size of the database with those 30 million scores;
//   c. the 'real' weekly mail to every fan, sent by a worker PROCESS of its own that is killed
//      with SIGKILL a third of the way through and replaced by a new one (the kill -9 test's
//      approach): total time, the peak RSS of each worker (budget 300 MB), and that every fan got
//      the mail (only the mails in flight at the kill may go twice: SEND_CONCURRENCY at most).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';
import { startBoss, stopBoss } from '../server/jobs/boss.js';
import { QUEUES } from '../server/jobs/queues.js';
import { createLogger } from '../server/lib/logger.js';
import { systemClock } from '../server/lib/time.js';
import { startWeeklyCampaign } from '../server/weekly-mail/campaign.service.js';
import { SEND_CONCURRENCY } from '../server/mail/claimed-sender.js';
import { BENCH_OWNER_EMAIL } from './lib/dataset-rows.js';
import { startBenchDatabase, type BenchDatabase } from './lib/bench-database.js';
import { startQueueWorkers } from './lib/bench-workers.js';
import { startCountingSmtpSink, type CountingSmtpSink } from './lib/counting-smtp-sink.js';
import { cpuSince, cpuSnapshot, postmasterPid } from './lib/cpu-time.js';
import { databaseSizeRows, measureDatabaseSize } from './lib/database-size.js';
import { insertFansAndConcerts } from './lib/fans-without-recommendations.js';
import type { WorkerMemory } from './lib/weekly-mail-worker.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const CONCERTS = Number(process.env.BENCH_CONCERTS ?? 300);
const ENGINE_BUDGET_MS = 10 * 60_000;
const RSS_BUDGET_MB = 300;
/** The first mail worker is killed once this share of the mails has arrived. */
const KILL_AT = 1 / 3;
const GIVE_UP_MS = 3 * 60 * 60_000;
const POLL_MS = 250;
const MB = 1024 * 1024;
const workerScript = fileURLToPath(new URL('./lib/weekly-mail-worker.ts', import.meta.url));

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const cpuText = (node: number, postgres: number) =>
  `node ${node.toFixed(0)} s + PostgreSQL ${postgres.toFixed(0)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PROGRESS_MS = 60_000;

/**
 * Polls `done` until it holds; throws past GIVE_UP_MS from `since`. `progress` is printed to
 * stderr every minute.
 */
async function until(
  done: () => Promise<boolean> | boolean,
  since: number,
  what: string,
  progress?: () => string,
) {
  let printed = performance.now();
  while (!(await done())) {
    if (performance.now() - since > GIVE_UP_MS) throw new Error(`${what}: sin terminar a tiempo`);
    if (progress && performance.now() - printed > PROGRESS_MS) {
      printed = performance.now();
      process.stderr.write(`  … ${what}, ${seconds(printed - since)} s: ${progress()}\n`);
    }
    await sleep(POLL_MS);
  }
}

/** a. The admin's "all users" through pg-boss, as in production; done when both queues are empty. */
async function scoreEveryone(database: BenchDatabase): Promise<number> {
  const { boss, stop } = await startQueueWorkers(database);
  const start = performance.now();
  try {
    await boss.send(QUEUES.recommendationsAll, {});
    const pending = async () =>
      (await boss.getQueueSize(QUEUES.recommendationsAll, { before: 'completed' })) +
      (await boss.getQueueSize(QUEUES.recommendationsGroup, { before: 'completed' })) +
      (await boss.getQueueSize(QUEUES.recommendationsUser, { before: 'completed' }));
    let left = 0;
    await until(
      async () => (left = await pending()) === 0,
      start,
      'recomendaciones',
      () => `${left} trabajos pendientes, carga ${load()}`,
    );
    return performance.now() - start;
  } finally {
    await stop();
  }
}

interface MailWorker {
  child: ChildProcess;
  /** Highest of the reported RSS samples and getrusage peaks, in bytes. */
  peakRss: number;
  readyRss: number;
  /** CPU seconds in the last report. */
  cpu: number;
  exited: Promise<void>;
}

function startMailWorker(database: BenchDatabase, sink: CountingSmtpSink): Promise<MailWorker> {
  const child = fork(workerScript, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      PUBLIC_URL: 'http://127.0.0.1',
      SESSION_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const worker: MailWorker = { child, peakRss: 0, readyRss: 0, cpu: 0, exited };
    child.on(
      'message',
      (message: WorkerMemory | (Omit<WorkerMemory, 'kind'> & { kind: 'ready' })) => {
        worker.peakRss = Math.max(worker.peakRss, message.rss, message.maxRss);
        worker.cpu = message.cpu;
        if (message.kind === 'ready') {
          worker.readyRss = message.rss;
          resolve(worker);
        }
      },
    );
    child.once('exit', (code) => reject(new Error(`el worker terminó con código ${code}`)));
  });
}

async function deliveryCounts(db: Database) {
  const { rows } = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM mail_deliveries GROUP BY status`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
}

/** c. The weekly mail, with a kill -9 of the first worker. */
async function weeklyMail(
  database: BenchDatabase,
  postmaster: number | undefined,
): Promise<BenchResult[]> {
  const { db } = database;
  // Only the fans: the concerts' owner account is subscribed by default.
  await db
    .updateTable('users')
    .set({ is_subscribed: false })
    .where('email', '=', BENCH_OWNER_EMAIL)
    .execute();
  const sink = await startCountingSmtpSink({ byRecipient: true });
  // This process only starts the campaign (as the admin's click does); the workers send it.
  const boss = await startBoss(database.pool, createLogger('silent'));
  const workers: MailWorker[] = [];
  try {
    const cpuBefore = cpuSnapshot(postmaster);
    const start = performance.now();
    const campaign = await startWeeklyCampaign({ db, boss, clock: systemClock }, 'real');
    if (!campaign.started) throw new Error('la campaña no empezó');
    const startMs = performance.now() - start;
    const { recipients } = campaign;

    const first = await startMailWorker(database, sink);
    workers.push(first);
    const mailProgress = (worker: MailWorker) => () =>
      `${sink.received} correos, RSS pico ${Math.round(worker.peakRss / MB)} MB, carga ${load()}`;
    await until(
      () => sink.received >= recipients * KILL_AT,
      start,
      'primer worker',
      mailProgress(first),
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = sink.received;
    const killedAtMs = performance.now() - start;

    const second = await startMailWorker(database, sink);
    workers.push(second);
    const campaignDone = async () => {
      const row = await db
        .selectFrom('mail_campaigns')
        .select('status')
        .where('id', '=', campaign.campaignId)
        .executeTakeFirstOrThrow();
      return row.status === 'done';
    };
    await until(campaignDone, start, 'segundo worker', mailProgress(second));
    const totalMs = performance.now() - start;
    const cpu = cpuSince(cpuBefore, cpuSnapshot(postmaster));
    second.child.kill('SIGTERM');
    await second.exited;

    const counts = await deliveryCounts(db);
    const sent = counts.sent ?? 0;
    const twice = [...sink.byRecipient.values()].filter((n) => n > 1).length;
    const reached = sink.byRecipient.size;
    if (sent !== recipients || reached !== recipients || twice > SEND_CONCURRENCY) {
      throw new Error(
        `${recipients} destinatarios, ${reached} recibieron, ${twice} dos veces; envíos: ` +
          JSON.stringify(counts),
      );
    }
    const peakMb = Math.max(first.peakRss, second.peakRss) / MB;
    return [
      {
        name: `weekly mail: campaign start (${recipients} deliveries written in one transaction)`,
        value: seconds(startMs),
        unit: 's',
      },
      {
        name: `weekly mail: start → all ${recipients} sent; worker 1 SIGKILLed at ${atKill} mails (${seconds(killedAtMs)} s), worker 2 finished`,
        value: seconds(totalMs),
        unit: 's',
      },
      {
        name: 'weekly mail: throughput over the whole campaign (kill and restart included)',
        value: Math.round(recipients / (totalMs / 1000)),
        unit: 'mails/s',
      },
      {
        name: `weekly mail: fans who got it (of ${recipients}); twice (in flight at the kill, at most ${SEND_CONCURRENCY})`,
        value: reached,
        unit: `fans, ${twice} twice`,
      },
      {
        name: `weekly mail: CPU time of the 2 workers + PostgreSQL (${cpuText(first.cpu + second.cpu, cpu.postgres)}; SMTP sink in the bench process: ${cpu.node.toFixed(0)} s)`,
        value: Math.round(first.cpu + second.cpu + cpu.postgres),
        unit: 'cpu s',
      },
      {
        name: 'weekly mail: worker RSS when ready (node --import tsx, before any mail)',
        value: Math.round(Math.max(first.readyRss, second.readyRss) / MB),
        unit: 'MB',
      },
      {
        name: `weekly mail: peak RSS of the worker processes (1: ${Math.round(first.peakRss / MB)}, 2: ${Math.round(second.peakRss / MB)}; getrusage + samples every 100 ms)`,
        value: Math.round(peakMb),
        unit: 'MB',
        budget: `<= ${RSS_BUDGET_MB}`,
        ok: peakMb <= RSS_BUDGET_MB,
      },
    ];
  } finally {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await stopBoss(boss, 1_000);
    await sink.close();
  }
}

/** Each figure is also printed to stderr as soon as it is known: a run of an hour shows progress. */
function reporting(results: BenchResult[]) {
  return (...rows: BenchResult[]) => {
    for (const row of rows) process.stderr.write(`  ${row.name}: ${row.value} ${row.unit}\n`);
    results.push(...rows);
  };
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const report = reporting(results);
  const loads: string[] = [load()];
  const database = await startBenchDatabase(20);
  try {
    const { db } = database;
    const postmaster = await postmasterPid(db);
    let start = performance.now();
    await insertFansAndConcerts(db, { users: USERS, concerts: CONCERTS, seed: 'scale' });
    report({
      name: `scale: ${USERS} fans + ${CONCERTS} concerts written (no scores)`,
      value: seconds(performance.now() - start),
      unit: 's',
    });

    const cpuBefore = cpuSnapshot(postmaster);
    const engineMs = await scoreEveryone(database);
    const engineCpu = cpuSince(cpuBefore, cpuSnapshot(postmaster));
    loads.push(load());
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM user_concert_recommendations WHERE score IS NOT NULL
    `.execute(db);
    const scored = rows[0]!.n; // count(*) returns one row
    const expected = (USERS + 1) * CONCERTS; // the concerts' owner is an onboarded fan too
    if (scored !== expected) throw new Error(`${scored} de ${expected} puntuaciones escritas`);
    report(
      {
        name: `scale: builtin engine, ${USERS + 1} fans × ${CONCERTS} concerts scored + written ("all users" jobs)`,
        value: seconds(engineMs),
        unit: 's',
        budget: `<= ${ENGINE_BUDGET_MS / 1000}`,
        ok: engineMs <= ENGINE_BUDGET_MS,
      },
      {
        name: `scale: builtin engine, CPU time (${cpuText(engineCpu.node, engineCpu.postgres)}; wall time alone on 2 free cores >= total / 2)`,
        value: Math.round(engineCpu.node + engineCpu.postgres),
        unit: 'cpu s',
      },
      {
        name: 'scale: builtin engine throughput',
        value: Math.round(scored / (engineMs / 1000)),
        unit: 'rows/s',
      },
    );

    // At rest, as a production table is (and autovacuum must not wake up during the mail).
    start = performance.now();
    await sql`VACUUM (ANALYZE) users, user_concert_recommendations`.execute(db);
    report({
      name: 'scale: VACUUM (ANALYZE) after the scores',
      value: seconds(performance.now() - start),
      unit: 's',
    });
    report(...databaseSizeRows(await measureDatabaseSize(db), 'scale, scored'));

    // BENCH_SCALE_MAIL=skip: only the dataset and the engine (the mail takes the longest).
    if (process.env.BENCH_SCALE_MAIL !== 'skip')
      report(...(await weeklyMail(database, postmaster)));
    loads.push(load());
    report(...databaseSizeRows(await measureDatabaseSize(db), 'scale, after the mail'));
    report({
      name: `scale: load average 1/5/15 min (start; after scoring; after the mail): ${loads.join('; ')}`,
      value: os.cpus().length,
      unit: 'cores',
    });
    return results;
  } finally {
    await database.dispose();
  }
}
