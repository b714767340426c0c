// Mixed load: GET /api/concerts spread over 200 signed-in fans (a random fan for every
// request) at 20 connections, while likes and thumbs (feedback) arrive at 5 per second from those
// fans and one of them changes taste (PATCH /api/profile) every few seconds; each fan changes taste
// at most once in a run (the limit is 10 per hour per fan). Measured under the same writes for a
// browser-like client (`Accept-Encoding: gzip, deflate, br`) and one without Accept-Encoding, each
// for the agenda alone and as the app asks for it: the agenda and the shared like counts in turn
// on each connection (their p50/p99 are then of both kinds of request together).
// The share of agendas from kept responses is counted from the agenda statements the app sends.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { generateDataset } from './dataset.js';
import { installAgendaQueryCounter } from './lib/agenda-query-counter.js';
import { startBenchApp } from './lib/bench-app.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { listenChangeNotices } from './lib/change-notices.js';
import { loadRow, percentile, round, signInBenchFan } from './lib/http-client.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCERTS = Number(process.env.BENCH_CONCERTS ?? 360);
const FANS = 200;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP_S = 5;
const REACTIONS_PER_S = 5;
const TASTE_EVERY_MS = 3_000;
const BROWSER_ENCODING = 'gzip, deflate, br';
const setupRequest = fileURLToPath(new URL('./lib/random-fan-request.cjs', import.meta.url));

interface WriteStats {
  like: number[];
  feedback: number[];
  taste: number[];
  errors: number;
}

/** Likes, thumbs and taste changes at a steady pace until `stop` says so. */
async function writeTraffic(
  base: string,
  cookies: string[],
  concertIds: number[],
  stats: WriteStats,
  stopped: () => boolean,
): Promise<void> {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const send = async (
    kind: keyof Omit<WriteStats, 'errors'>,
    method: string,
    url: string,
    body: unknown,
    cookie: string,
  ) => {
    const start = performance.now();
    try {
      const response = await fetch(url, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (response.status !== 200) stats.errors += 1;
    } catch {
      stats.errors += 1;
    }
    stats[kind].push(performance.now() - start);
  };
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let reactions = 0;
  let tastes = 0;
  while (!stopped()) {
    const elapsed = performance.now() - started;
    // Sent on schedule, not after the previous answer: a slow answer must not slow the writes.
    while (reactions < (elapsed / 1000) * REACTIONS_PER_S) {
      const concert = pick(concertIds);
      const cookie = pick(cookies);
      inFlight.push(
        reactions % 2 === 0
          ? send(
              'like',
              'PUT',
              `${base}/api/concerts/${concert}/like`,
              { liked: Math.random() < 0.5 },
              cookie,
            )
          : send(
              'feedback',
              'PUT',
              `${base}/api/concerts/${concert}/feedback`,
              { feedback: pick([-1, 0, 1]) },
              cookie,
            ),
      );
      reactions += 1;
    }
    while (tastes < elapsed / TASTE_EVERY_MS) {
      // Fans in turn, a new favourite artist each time: always a real change of taste.
      const cookie = cookies[tastes % cookies.length]!;
      inFlight.push(
        send(
          'taste',
          'PATCH',
          `${base}/api/profile`,
          { topArtists: [`Artista mixto ${tastes}`] },
          cookie,
        ),
      );
      tastes += 1;
    }
    await sleep(20);
  }
  await Promise.all(inFlight);
}

/**
 * The agenda alone, or as the app opens it: the fan's agenda and then the shared like counts
 * (GET /api/concerts/likes) on each connection in turn, so every agenda answer has its counts.
 */
async function load(
  base: string,
  acceptEncoding: string | undefined,
  durationS: number,
  withCounts = false,
) {
  const paths = withCounts ? ['/api/concerts', '/api/concerts/likes'] : ['/api/concerts'];
  return autocannon({
    url: `${base}/api/concerts`,
    connections: CONNECTIONS,
    duration: durationS,
    workers: 1, // the load runs in its own thread, the app in this one
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    requests: paths.map((path) => ({ method: 'GET', path, setupRequest })),
  });
}

export async function run(): Promise<BenchResult[]> {
  const counter = installAgendaQueryCounter();
  const database = await startBenchDatabase(CONNECTIONS);
  try {
    const dataset = await generateDataset(database.db, {
      users: USERS,
      concerts: CONCERTS,
      passwordCost: 4,
    });
    const app = await startBenchApp(database, undefined, {
      env: { DATABASE_POOL_SIZE: String(CONNECTIONS), TRUST_PROXY: '1' },
    });
    try {
      const cookies: string[] = [];
      for (let i = 1; i <= FANS; i += 10) {
        const batch = Array.from({ length: Math.min(10, FANS + 1 - i) }, (_, j) =>
          signInBenchFan(app.base, i + j),
        );
        cookies.push(...(await Promise.all(batch)));
      }
      const cookieFile = path.join(tmpdir(), `cm-bench-mixed-cookies-${process.pid}.json`);
      writeFileSync(cookieFile, JSON.stringify(cookies));
      process.env.BENCH_FAN_COOKIES = cookieFile;

      const notices = await listenChangeNotices(database.url);
      const stats: WriteStats = { like: [], feedback: [], taste: [], errors: 0 };
      let stop = false;
      const writer = writeTraffic(app.base, cookies, dataset.concertIds, stats, () => stop);
      const browser = `browser (Accept-Encoding: ${BROWSER_ENCODING})`;
      const phases: { label: string; encoding: string | undefined; withCounts: boolean }[] = [
        { label: browser, encoding: BROWSER_ENCODING, withCounts: false },
        { label: 'no Accept-Encoding', encoding: undefined, withCounts: false },
        { label: `${browser}, agenda + like counts`, encoding: BROWSER_ENCODING, withCounts: true },
        {
          label: 'no Accept-Encoding, agenda + like counts',
          encoding: undefined,
          withCounts: true,
        },
      ];
      const rows: BenchResult[] = [
        {
          name: `mixed: dataset ${USERS} fans x ${CONCERTS} concerts, ${FANS} fans reading`,
          value: dataset.recommendations,
          unit: 'recs',
        },
      ];
      try {
        rows.push(loadRow('mixed, before the measured load'));
        for (const phase of phases) {
          // Every fan's agenda asked once or more in this phase's form first: each form is kept
          // only once a client asked for it, and a fan's browser keeps asking in one form.
          await load(app.base, phase.encoding, WARMUP_S, phase.withCounts);
          const queriesBefore = counter.read();
          const noticesBefore = notices.counts();
          const result = await load(app.base, phase.encoding, DURATION_S, phase.withCounts);
          const misses = counter.read() - queriesBefore;
          const noticesAfter = notices.counts();
          const noticeText = Object.keys(noticesAfter)
            .sort()
            .map(
              (kind) =>
                `${kind} ${round((noticesAfter[kind]! - (noticesBefore[kind] ?? 0)) / DURATION_S)}/s`,
            )
            .join(', ');
          const failed = result.non2xx + result.errors + result.timeouts;
          // Every other answer is the like counts in the phases that ask for them too.
          const answered = phase.withCounts ? Math.round(result['2xx'] / 2) : result['2xx'];
          const hitShare = answered > 0 ? Math.max(0, 1 - misses / answered) : NaN;
          rows.push(
            {
              name: `mixed, ${phase.label}: p50`,
              value: result.latency.p50,
              unit: 'ms',
              budget: '<= 15',
              ok: result.latency.p50 <= 15,
            },
            {
              name: `mixed, ${phase.label}: p99`,
              value: result.latency.p99,
              unit: 'ms',
              budget: '<= 50',
              ok: result.latency.p99 <= 50,
            },
            {
              name: `mixed, ${phase.label}: throughput`,
              value: Math.round(result.requests.average),
              unit: 'req/s',
            },
            {
              name: `mixed, ${phase.label}: errors (non-2xx, errors, timeouts)`,
              value: failed,
              unit: 'count',
              budget: '0',
              ok: failed === 0,
            },
            {
              name: `mixed, ${phase.label}: change notices (${noticeText})`,
              value:
                Object.keys(noticesAfter).reduce(
                  (sum, kind) => sum + noticesAfter[kind]! - (noticesBefore[kind] ?? 0),
                  0,
                ) / DURATION_S,
              unit: 'per s',
            },
            {
              name: `mixed, ${phase.label}: agendas from kept responses (${answered} agendas, ${misses} agenda queries)`,
              value: round(hitShare * 100),
              unit: '%',
            },
          );
        }
      } finally {
        stop = true;
        await writer;
        await notices.stop();
      }
      for (const kind of ['like', 'feedback', 'taste'] as const) {
        rows.push(
          {
            name: `mixed: writes ${kind} p50 (${stats[kind].length} sent)`,
            value: round(percentile(stats[kind], 50)),
            unit: 'ms',
          },
          {
            name: `mixed: writes ${kind} p99`,
            value: round(percentile(stats[kind], 99)),
            unit: 'ms',
          },
        );
      }
      rows.push(loadRow('mixed, after'));
      rows.push({
        name: 'mixed: writes not answered 200',
        value: stats.errors,
        unit: 'count',
        budget: '0',
        ok: stats.errors === 0,
      });
      return rows;
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}
