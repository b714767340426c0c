// Process entry: config, database, migrations, demo data, HTTP, graceful shutdown.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { loadPageRenderer } from './ssr/page-renderer.js';
import { createApp } from './app.js';
import { sendMetrics } from './metrics/metrics.routes.js';
import { scheduleBackups } from './backup/backup-cron.js';
import { ChangeFeed } from './cache/change-feed.js';
import { loadConfigOrExit, type Config } from './config/config.js';
import { openDatabase, type OpenDatabase } from './db/open.js';
import { isDatabaseEmpty, seedDemoData } from './demo/seed.js';
import { aiGateFor } from './ai/ai-gate.js';
import { createLogger, type Logger } from './lib/logger.js';
import { StartupError } from './lib/startup-error.js';
import { createMailer } from './mail/mailer.js';
import { pruneRateLimits } from './security/rate-limit.js';
import { chooseEngine } from './recommendations/choose-engine.js';
import { RecommendationRunner } from './recommendations/runner.js';
import { Learner, queueFadedLessons } from './recommendations/learned-learner.js';
import { bootstrapAdmin } from './accounts/admin-bootstrap.js';
import { startBoss, stopBoss } from './jobs/boss.js';
import { scheduleSweep, type Sweep } from './sweeps.js';
import { sweepSubmissions } from './submissions/submission-sweep.js';
import { scheduleWeeklyMail } from './weekly-cron.js';
import { sweepChangeNotices } from './admin/writes/notice-sender.js';
import { DAILY_ALERTS_CRON, runDailyAlerts, sweepArtistAlerts } from './alerts/artist-alerts.js';
import { sendShowReminders } from './reminders/reminder-sender.js';
import { startWorkers } from './workers.js';
import { publishCount, publishOnChanges, startFediverse } from './fediverse-wiring.js';
import { IMPORT_TICK_CRON, queueDueSources } from './sources/import-schedule.js';
import { offThreadReader } from './sources/read-off-thread.js';
import { startWeeklyCampaign } from './weekly-mail/campaign.service.js';
import { systemClock } from './lib/time.js';

const SHUTDOWN_GRACE_MS = 10_000;
const RATE_LIMIT_PRUNE_MS = 15 * 60 * 1000;

/** The source reader's worker: built beside the bundle, or the source file under tsx. */
function findReadWorker(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'sources', 'read-worker.js');
  return existsSync(built) ? built : path.join(here, 'sources', 'read-worker.ts');
}

/** dist/server/index.js serves dist/client; under tsx (server/index.ts) use the built dist/client. */
function findClientDir(): string {
  const besideBundle = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
  if (existsSync(path.join(besideBundle, 'index.html'))) return besideBundle;
  return path.resolve('dist/client');
}

async function seedIfEmpty(database: OpenDatabase, config: Config, log: Logger): Promise<void> {
  if (!(await isDatabaseEmpty(database.db))) return;
  const randomPasswords = config.env === 'production';
  const demo = await seedDemoData(database.db, { clock: systemClock, log, randomPasswords });
  log.info('Datos de demostración creados.');
  // Printed on the console, never logged; in production the passwords are random and shown once.
  const lines = [demo.admin, demo.fan]
    .filter((account) => demo.created.includes(account.email))
    .map((account) => `    ${account.email} / ${account.password}`);
  if (lines.length > 0) {
    const note = randomPasswords ? ' (contraseñas aleatorias: se muestran solo esta vez)' : '';
    console.log(`\n  Cuentas de demostración${note}:\n${lines.join('\n')}\n`);
  }
}

function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log).catch((error: unknown) => {
    // Something the person starting the app must fix: one clear line, no stack trace.
    if (error instanceof StartupError) console.error(error.message);
    else log.fatal({ err: error }, 'No se pudo abrir la base de datos');
    process.exit(1);
  });
  if (config.demoData) await seedIfEmpty(database, config, log);

  const mailer = createMailer(config, log);
  await bootstrapAdmin(database.db, config, log);
  // One circuit breaker and daily budget for every AI call of this process (engine, descriptions).
  const ai = aiGateFor({ config, db: database.db, clock: systemClock, log });
  const engine = chooseEngine(config, log, ai);
  log.info({ engine: engine.name }, 'Motor de recomendaciones');
  const recommendations = new RecommendationRunner({
    db: database.db,
    pool: database.pool,
    engine,
    clock: systemClock,
    log,
  });
  const mailDeps = {
    db: database.db,
    pool: database.pool,
    mailer,
    log,
    config,
    clock: systemClock,
  };
  const boss = await startBoss(database.pool, log);
  // Feeds are parsed on a worker thread: a 5 MB calendar would hold this one for too long.
  const sourceReader = offThreadReader(findReadWorker());
  await startWorkers({
    ...mailDeps,
    boss,
    engine,
    runner: recommendations,
    sourceReader: sourceReader.read,
  });
  // The agenda on the fediverse (FEDERATION): followed from Mastodon, following Gancio/Mobilizon.
  const fediverse = config.federation.enabled
    ? await startFediverse(
        { ...mailDeps, boss, runner: recommendations, sourceReader: sourceReader.read },
        database.url,
      )
    : undefined;
  const weeklyCron = scheduleWeeklyMail(
    config.weeklyEmailCron,
    () => startWeeklyCampaign({ db: database.db, boss, clock: systemClock }, 'real'),
    log,
  );
  const sweeps: Sweep[] = [
    // Change notices a crash left pending (or due for a retry) go out from here.
    {
      name: 'change-notices',
      cron: '* * * * *',
      run: async () => (await sweepChangeNotices(mailDeps)).sent,
      done: 'Avisos de cambio pendientes enviados',
      failure: 'Error al revisar los avisos de cambio pendientes',
    },
    // Artist alerts: what became ready or was left pending, every minute; the daily ones at 09:00.
    {
      name: 'artist-alerts',
      cron: '* * * * *',
      run: async () => (await sweepArtistAlerts(mailDeps)).sent,
      done: 'Avisos de artistas favoritos enviados',
      failure: 'Error al revisar los avisos de artistas favoritos',
    },
    {
      name: 'daily-artist-alerts',
      cron: DAILY_ALERTS_CRON,
      atStart: false,
      run: async () => (await runDailyAlerts(mailDeps)).sent,
      done: 'Resumen diario de avisos de artistas enviado',
      failure: 'Error al enviar el resumen diario de avisos de artistas',
    },
    // Every quarter hour; a run does anything only from REMINDER_HOUR (Madrid) on, and mails each
    // fan at most once a day whatever the instances and restarts.
    {
      name: 'show-reminders',
      cron: '*/15 * * * *',
      run: () => sendShowReminders(mailDeps),
      done: 'Recordatorios de conciertos enviados',
      failure: 'Error al enviar los recordatorios de conciertos',
    },
    // Lessons whose signals grew too old: their fans are learned again, their scores follow.
    {
      name: 'faded-lessons',
      cron: '41 * * * *',
      run: () => queueFadedLessons({ db: database.db, boss, clock: systemClock }),
      done: 'Gustos aprendidos que se han desvanecido: fans en cola',
      failure: 'Error al revisar los gustos aprendidos que se desvanecen',
    },
    {
      name: 'submissions',
      cron: '17 * * * *',
      run: async () =>
        (await sweepSubmissions({ db: database.db, dataDir: config.dataDir, clock: systemClock }))
          .expired,
      done: 'Propuestas sin confirmar borradas',
      failure: 'Error al borrar las propuestas sin confirmar',
    },
    // Sources due for their scheduled import: one job each (server/sources/import-schedule.ts).
    {
      name: 'source-imports',
      cron: IMPORT_TICK_CRON,
      run: () => queueDueSources({ db: database.db, boss, clock: systemClock }),
      done: 'Importaciones de fuentes encoladas',
      failure: 'Error al encolar las importaciones de fuentes',
    },
  ];
  // What changed in the agenda goes out to the fediverse: every minute, and soon after a change.
  if (fediverse) {
    sweeps.push({
      name: 'fediverse-publish',
      cron: '* * * * *',
      run: () => publishCount(fediverse),
      done: 'Cambios de la agenda publicados en el fediverso',
      failure: 'Error al publicar la agenda en el fediverso',
    });
  }
  const sweepTasks = sweeps.map((sweep) => scheduleSweep(sweep, log));
  // Sessions, users and agendas are cached per instance while this feed reports changes.
  const feed = new ChangeFeed(database.url, log);
  await feed.start();
  if (fediverse) publishOnChanges(feed, fediverse, log);
  const clientDir = findClientDir();
  const learner = new Learner({
    db: database.db,
    pool: database.pool,
    engine,
    clock: systemClock,
    log,
    boss,
  });
  const app = createApp({
    feed,
    boss,
    recommendations,
    learner,
    config,
    db: database.db,
    pool: database.pool,
    log,
    mailer,
    clientDir,
    render: await loadPageRenderer(path.join(clientDir, '..', 'ssr'), log),
    ai,
    sourceReader: sourceReader.read,
    fediverse: fediverse?.fediverse,
  });
  const server = createServer(app);
  await listen(server, config.port, config.host).catch(async (error: unknown) => {
    log.fatal({ err: error }, `No se pudo escuchar en el puerto ${config.port}`);
    await feed.stop();
    await database.shutdown();
    process.exit(1);
  });
  log.info(`Conciertos Mallorca escuchando en ${config.publicUrl}`);

  // METRICS_PORT: /metrics alone, without token, for a scraper on a private network.
  let metricsServer: Server | undefined;
  if (config.metrics.port !== undefined) {
    const metricsApp = express();
    metricsApp.disable('x-powered-by');
    metricsApp.get('/metrics', sendMetrics);
    metricsServer = createServer(metricsApp);
    await listen(metricsServer, config.metrics.port, config.metrics.host);
    log.info(`Métricas en http://${config.metrics.host}:${config.metrics.port}/metrics`);
  }
  const backupCron = scheduleBackups(config, log);

  // Expired rate-limit counters are worthless; any instance may clear them.
  const pruning = setInterval(() => {
    pruneRateLimits(database.db).catch((error: unknown) =>
      log.warn({ err: error }, 'No se pudieron limpiar los límites de peticiones'),
    );
  }, RATE_LIMIT_PRUNE_MS);
  pruning.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'Apagando: se terminan las peticiones en curso...');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    clearTimeout(force);
    clearInterval(pruning);
    await weeklyCron?.stop();
    for (const task of sweepTasks) await task.stop();
    await backupCron?.stop();
    metricsServer?.close();
    // Before the pool closes: jobs in flight finish, or are failed to be retried elsewhere.
    await stopBoss(boss);
    await fediverse?.stop();
    await sourceReader.close();
    await recommendations.idle();
    await learner.idle();
    await feed.stop();
    mailer.close();
    await database.shutdown();
    log.info('Apagado completo.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
