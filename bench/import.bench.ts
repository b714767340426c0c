// Importing sources (server/sources/): a 2,000-event iCalendar feed and a 500-event JSON-LD page
// served on loopback, imported in this process as the app would: time, peak memory, queries per
// event, the second (unchanged) run and a 304, the longest the event loop was held during a run,
// and the agenda's p50/p99 for signed-in fans while a 2,000-event import runs beside it. A feed
// says no price, so its concerts are published with the price unknown; the 2,000-event import
// under load is a page, whose events have prices.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBoss, stopBoss } from '../server/jobs/boss.js';
import { createLogger } from '../server/lib/logger.js';
import { madridDateTime, systemClock } from '../server/lib/time.js';
import { createMailer } from '../server/mail/mailer.js';
import { builtinEngine } from '../server/recommendations/builtin-engine.js';
import { RecommendationRunner } from '../server/recommendations/runner.js';
import { runSource, type ImportDeps, type RunSummary } from '../server/sources/run-source.js';
import { createSource } from '../server/sources/sources.service.js';
import { offThreadReader } from '../server/sources/read-off-thread.js';
import { textsIn } from '../server/i18n/intl.js';
import { generateDataset } from './dataset.js';
import { benchConfig, startBenchApp } from './lib/bench-app.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { loadRow, round, signInBenchFan } from './lib/http-client.js';
import { generateCalendar, generatePage, type FeedVenue } from './lib/source-feeds.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 2_000);
const FEED_EVENTS = 2_000;
const PAGE_EVENTS = 500;
const FANS = 50;
const CONNECTIONS = 10;
const setupRequest = fileURLToPath(new URL('./lib/random-fan-request.cjs', import.meta.url));

// Every statement this process sends, counted (pg.Client#query wrapped, as the agenda bench does).
let queries = 0;
// eslint-disable-next-line @typescript-eslint/unbound-method
const originalQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function countingQuery(this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return originalQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

interface Measured {
  summary: RunSummary;
  ms: number;
  queries: number;
  maxLoopDelayMs: number;
  peakRssMb: number;
  peakHeapMb: number;
}

/** One run, with the event loop's longest delay and the peak memory sampled while it ran. */
async function measure(work: () => Promise<RunSummary>): Promise<Measured> {
  global.gc?.();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const before = queries;
  loop.enable();
  const started = performance.now();
  const summary = await work();
  const ms = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  sample();
  return {
    summary,
    ms,
    queries: queries - before,
    maxLoopDelayMs: loop.max / 1e6,
    peakRssMb: peakRss / 2 ** 20,
    peakHeapMb: peakHeap / 2 ** 20,
  };
}

function rowsOf(label: string, run: Measured, events: number): BenchResult[] {
  const { summary } = run;
  const counts = `found ${summary.found}, created ${summary.created}, updated ${summary.updated}, unchanged ${summary.unchanged}, waiting ${summary.waiting}, skipped ${summary.skipped}${summary.error ? `, error ${summary.error.id}` : ''}`;
  return [
    { name: `import, ${label}: time (${counts})`, value: Math.round(run.ms), unit: 'ms' },
    {
      name: `import, ${label}: queries per event`,
      value: round(run.queries / events, 2),
      unit: 'queries',
    },
    {
      name: `import, ${label}: longest event-loop delay`,
      value: round(run.maxLoopDelayMs),
      unit: 'ms',
      budget: '<= 50',
      ok: run.maxLoopDelayMs <= 50,
    },
    { name: `import, ${label}: peak RSS`, value: round(run.peakRssMb), unit: 'MB' },
    { name: `import, ${label}: peak heap used`, value: round(run.peakHeapMb), unit: 'MB' },
  ];
}

/** Serves `bodies` by path, with an ETag where one is given. */
async function serveSources(bodies: Map<string, { body: string; type: string; etag?: string }>) {
  const server = http.createServer((request, response) => {
    const found = bodies.get(request.url ?? '');
    if (!found) return void response.writeHead(404).end();
    if (found.etag && request.headers['if-none-match'] === found.etag) {
      return void response.writeHead(304, { ETag: found.etag }).end();
    }
    response.writeHead(200, {
      'Content-Type': found.type,
      ...(found.etag ? { ETag: found.etag } : {}),
    });
    response.end(found.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const agendaLoad = (base: string, seconds: number) =>
  autocannon({
    url: `${base}/api/concerts`,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    requests: [{ method: 'GET', path: '/api/concerts', setupRequest }],
  });

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(20);
  const log = createLogger('silent');
  try {
    await generateDataset(database.db, { users: USERS, concerts: 200, passwordCost: 4 });
    const venues: FeedVenue[] = await database.db
      .selectFrom('venues')
      .select(['name', 'town'])
      .orderBy('id')
      .execute();
    const today = madridDateTime(systemClock()).day;
    const bodies = new Map<string, { body: string; type: string; etag?: string }>([
      [
        '/agenda.ics',
        { body: generateCalendar(today, venues, FEED_EVENTS, 'Artista'), type: 'text/calendar' },
      ],
      ['/entradas', { body: generatePage(today, venues, PAGE_EVENTS), type: 'text/html' }],
      // Events with prices are published at once: the import that creates 2,000 concerts.
      ['/gira', { body: generatePage(today, venues, FEED_EVENTS, 'tour'), type: 'text/html' }],
    ]);
    const peer = await serveSources(bodies);
    const config = benchConfig(database, {
      IMPORT_ALLOW_PRIVATE_NETWORKS: 'true',
      DATABASE_POOL_SIZE: '20',
    });
    // Jobs are queued as the app queues them (scores, alerts); no worker here runs them.
    const boss = await startBoss(database.pool, log);
    const deps: ImportDeps = {
      db: database.db,
      pool: database.pool,
      config,
      clock: systemClock,
      log,
      mailer: createMailer(config, log),
      runner: new RecommendationRunner({
        ...database,
        engine: builtinEngine,
        clock: systemClock,
        log,
      }),
      boss,
      // As server/index.ts reads them: on a worker thread.
      sourceReader: offThreadReader(new URL('../server/sources/read-worker.ts', import.meta.url))
        .read,
    };
    const t = textsIn('es');
    const source = async (pathname: string, name: string) =>
      (
        await createSource(
          deps,
          { url: `${peer.origin}${pathname}`, name, review: false, genre: null, venueId: null },
          t,
        )
      ).id;
    const rows: BenchResult[] = [loadRow('import, before the runs')];
    try {
      const feed = await source('/agenda.ics', 'Agenda');
      rows.push(
        ...rowsOf(
          `feed of ${FEED_EVENTS}, first run`,
          await measure(() => runSource(deps, feed, 'admin')),
          FEED_EVENTS,
        ),
      );
      rows.push(
        ...rowsOf(
          `feed of ${FEED_EVENTS}, second run (unchanged)`,
          await measure(() => runSource(deps, feed, 'admin')),
          FEED_EVENTS,
        ),
      );
      bodies.get('/agenda.ics')!.etag = '"v1"';
      await runSource(deps, feed, 'admin');
      rows.push(
        ...rowsOf(
          `feed of ${FEED_EVENTS}, 304 Not Modified`,
          await measure(() => runSource(deps, feed, 'admin')),
          FEED_EVENTS,
        ),
      );

      const page = await source('/entradas', 'Entradas');
      rows.push(
        ...rowsOf(
          `page of ${PAGE_EVENTS}, first run`,
          await measure(() => runSource(deps, page, 'admin')),
          PAGE_EVENTS,
        ),
      );
      rows.push(
        ...rowsOf(
          `page of ${PAGE_EVENTS}, second run (unchanged)`,
          await measure(() => runSource(deps, page, 'admin')),
          PAGE_EVENTS,
        ),
      );

      // The agenda for signed-in fans, alone and then while another 2,000-event feed is imported
      // by this same process.
      const app = await startBenchApp(database, undefined, {
        env: { DATABASE_POOL_SIZE: '20', TRUST_PROXY: '1' },
      });
      try {
        const cookies = [];
        for (let i = 1; i <= FANS; i += 1) cookies.push(await signInBenchFan(app.base, i));
        const cookieFile = path.join(tmpdir(), `cm-bench-import-cookies-${process.pid}.json`);
        writeFileSync(cookieFile, JSON.stringify(cookies));
        process.env.BENCH_FAN_COOKIES = cookieFile;
        await agendaLoad(app.base, 3);
        const alone = await agendaLoad(app.base, 8);
        const other = await source('/gira', 'Gira');
        const importing = measure(() => runSource(deps, other, 'admin'));
        const during = await agendaLoad(app.base, 8);
        const imported = await importing;
        rows.push(
          { name: 'import, agenda alone: p50', value: alone.latency.p50, unit: 'ms' },
          {
            name: 'import, agenda alone: p99',
            value: alone.latency.p99,
            unit: 'ms',
            budget: '<= 50',
            ok: alone.latency.p99 <= 50,
          },
          {
            name: 'import, agenda during a 2,000-event import: p50',
            value: during.latency.p50,
            unit: 'ms',
          },
          {
            name: 'import, agenda during a 2,000-event import: p99',
            value: during.latency.p99,
            unit: 'ms',
            budget: '<= 50',
            ok: during.latency.p99 <= 50,
          },
          {
            name: 'import, agenda during the import: errors',
            value: during.non2xx + during.errors + during.timeouts,
            unit: 'count',
            budget: '0',
          },
          ...rowsOf(`page of ${FEED_EVENTS} under the agenda load`, imported, FEED_EVENTS),
        );
      } finally {
        await app.close();
      }
    } finally {
      peer.server.close();
      await stopBoss(boss, 2000);
    }
    return rows;
  } finally {
    await database.dispose();
  }
}
