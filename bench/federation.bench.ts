// One new concert to 10,000 fediverse followers of @agenda on 500 servers (20 each, all with the
// server's shared inbox) through Fedify's PostgreSQL queue, to a local fediverse answering 202
// (after BENCH_INBOX_DELAY_MS) that checks every 50th POST's HTTP Signature (keyId, verifyRequest).
// Run idle, then under a load of GET /api/concerts (200 signed-in fans, 20 connections, gzip)
// started with publish(). Figures: publish()'s own time (Fedify queues a fan-out and returns), from
// publish() to the first and last server's Create, POSTs by type (500 Creates = once per shared
// inbox), the depth of fedify_message_v2 every 250 ms and when it drained, this process's
// event-loop delay p99, and the agenda's p50/p99 during delivery beside the same load without.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';
import { findUpcomingDigests, recordAnnounced } from '../server/federation/published.repository.js';
import { madridDateTime, systemClock } from '../server/lib/time.js';
import { scoreConcertsForEveryFan } from '../server/recommendations/concert-rescore.js';
import { generateDataset } from './dataset.js';
import { startFediverseBenchApp } from './lib/bench-app.js';
import { startBenchDatabase, type BenchDatabase } from './lib/bench-database.js';
import { startFediverseInboxes, type FediverseInboxes } from './lib/fediverse-inboxes.js';
import { loadRow, round, signInBenchFan } from './lib/http-client.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCERTS = Number(process.env.BENCH_CONCERTS ?? 360);
const SERVERS = 500;
const PER_SERVER = 20;
const FANS = 200;
const CONNECTIONS = 20;
const WARMUP_S = 5;
const SAMPLE_EVERY = 50;
const QUEUE_SAMPLE_MS = 250;
/** The bench gives up on a round (and says so) rather than hang. */
const GIVE_UP_MS = 90_000;
/** Each inbox answers after this long (a remote server's latency); 0 by default. */
const INBOX_DELAY_MS = Number(process.env.BENCH_INBOX_DELAY_MS ?? 0);
const BROWSER_ENCODING = 'gzip, deflate, br';
const setupRequest = fileURLToPath(new URL('./lib/random-fan-request.cjs', import.meta.url));

/** 500 servers × 20 accounts following @agenda, each with its server's shared inbox. */
async function insertFollowers(db: Database, inboxes: FediverseInboxes): Promise<number> {
  const origin = inboxes.origin;
  const result = await sql`
    INSERT INTO federation_followers (actor, follower, inbox, shared_inbox)
    SELECT 'agenda',
      ${origin} || '/s/' || s || '/users/' || m,
      ${origin} || '/s/' || s || '/users/' || m || '/inbox',
      ${origin} || '/s/' || s || '/inbox'
    FROM generate_series(0, ${SERVERS - 1}::int) s, generate_series(0, ${PER_SERVER - 1}::int) m
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Every concert of the dataset as already announced: the pass then finds only the new one. */
async function markAnnounced(db: Database): Promise<number> {
  const upcoming = await findUpcomingDigests(db, madridDateTime(systemClock()).day);
  for (const concert of upcoming) await recordAnnounced(db, concert);
  return upcoming.length;
}

/**
 * A new upcoming concert: a copy of an upcoming one (its bands too), `weeks` weeks later, scored
 * for every fan as an admin's new concert is (the rescore job). Unscored, it would slow every
 * fan's agenda about tenfold (measured: ~575 to ~50 req/s) and swamp what delivery does to it.
 */
async function newConcert(database: BenchDatabase, weeks: number): Promise<number> {
  const { db } = database;
  const { rows } = await sql<{ id: number }>`
    WITH source AS (
      SELECT * FROM concerts WHERE day >= current_date ORDER BY day, id LIMIT 1
    ), copy AS (
      INSERT INTO concerts (day, hour, venue, venue_id, genre, price, bandname,
        concert_description, description_short, description_long, image_url)
      SELECT day + 7 * ${weeks}::int, hour, venue, venue_id, genre, price, bandname,
        concert_description, description_short, description_long, image_url
      FROM source
      RETURNING id
    ), bands AS (
      INSERT INTO concert_band (concert_id, band_id)
      SELECT copy.id, cb.band_id FROM copy, source JOIN concert_band cb ON cb.concert_id = source.id
    )
    SELECT id FROM copy
  `.execute(db);
  const id = rows[0]!.id;
  await scoreConcertsForEveryFan({ ...database, clock: systemClock }, [id]);
  return id;
}

function agendaLoad(base: string, durationS: number) {
  return autocannon({
    url: `${base}/api/concerts`,
    connections: CONNECTIONS,
    duration: durationS,
    workers: 1, // the load runs in its own thread, the app in this one
    headers: { 'accept-encoding': BROWSER_ENCODING },
    requests: [{ method: 'GET', path: '/api/concerts', setupRequest }],
  });
}

interface Delivery {
  publishMs: number;
  firstMs: number;
  lastMs: number;
  creates: number;
  serversReached: number;
  personal: number;
  byType: Record<string, number>;
  maxDepth: number;
  drainedMs: number;
  eventLoopP99: number;
  eventLoopMax: number;
  maxInFlight: number;
  completed: boolean;
}

/** One publishing pass for one new concert, watched until every server has it and the queue is empty. */
async function deliver(
  db: Database,
  publish: () => Promise<unknown>,
  inboxes: FediverseInboxes,
): Promise<Delivery> {
  inboxes.reset();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const depth = async () => {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM fedify_message_v2`.execute(db);
    return rows[0]!.n;
  };
  const start = performance.now();
  loop.enable();
  const summary = await publish();
  const publishMs = performance.now() - start;
  if (!summary) throw new Error('otra pasada de publicación tenía el cerrojo');
  let maxDepth = 0;
  let drainedMs = NaN;
  let seen = false;
  const creates = () =>
    [...inboxes.arrivals.entries()].filter(
      ([url, list]) => /\/s\/\d+\/inbox$/.test(url) && list.some((a) => a.type === 'Create'),
    );
  while (performance.now() - start < GIVE_UP_MS) {
    const n = await depth();
    maxDepth = Math.max(maxDepth, n);
    if (n > 0) seen = true;
    // Drained: the queue emptied after it had held something, or it never showed anything and
    // every server has the Create (a pass too quick for the sampler).
    if ((seen && n === 0) || (!seen && creates().length === SERVERS)) {
      drainedMs = performance.now() - start;
      if (creates().length === SERVERS) break;
    }
    await sleep(QUEUE_SAMPLE_MS);
  }
  loop.disable();
  const reached = creates();
  const times = reached.map(([, list]) => list.find((a) => a.type === 'Create')!.at - start);
  const all = [...inboxes.arrivals.entries()];
  return {
    publishMs,
    firstMs: times.length ? Math.min(...times) : NaN,
    lastMs: times.length ? Math.max(...times) : NaN,
    creates: all.flatMap(([, list]) => list).filter((a) => a.type === 'Create').length,
    serversReached: reached.length,
    personal: all.filter(([url]) => /\/users\/\d+\/inbox$/.test(url)).length,
    byType: inboxes.byType(),
    maxDepth,
    drainedMs,
    eventLoopP99: loop.percentile(99) / 1e6,
    eventLoopMax: loop.max / 1e6,
    maxInFlight: inboxes.maxInFlight(),
    completed: reached.length === SERVERS,
  };
}

function deliveryRows(label: string, d: Delivery): BenchResult[] {
  const types = Object.entries(d.byType)
    .map(([type, n]) => `${type} ${n}`)
    .join(', ');
  return [
    { name: `federation, ${label}: publish() call`, value: round(d.publishMs), unit: 'ms' },
    {
      name: `federation, ${label}: publish() to the first server's Create`,
      value: round(d.firstMs),
      unit: 'ms',
    },
    {
      name: `federation, ${label}: publish() to the last (${d.serversReached} of ${SERVERS} servers)`,
      value: round(d.lastMs),
      unit: 'ms',
      ok: d.completed,
    },
    {
      name: `federation, ${label}: POSTs received (${types || 'none'}; to personal inboxes ${d.personal})`,
      value: Object.values(d.byType).reduce((a, b) => a + b, 0),
      unit: 'count',
    },
    {
      name: `federation, ${label}: Creates received (one per shared inbox)`,
      value: d.creates,
      unit: 'count',
      budget: `${SERVERS}`,
      ok: d.creates === SERVERS,
    },
    {
      name: `federation, ${label}: queue fedify_message_v2, max depth (every ${QUEUE_SAMPLE_MS} ms)`,
      value: d.maxDepth,
      unit: 'rows',
    },
    { name: `federation, ${label}: queue drained after`, value: round(d.drainedMs), unit: 'ms' },
    {
      name: `federation, ${label}: most deliveries in flight at once (inboxes answer after ${INBOX_DELAY_MS} ms)`,
      value: d.maxInFlight,
      unit: 'POSTs',
    },
    {
      name: `federation, ${label}: event-loop delay p99 (max ${round(d.eventLoopMax)} ms)`,
      value: round(d.eventLoopP99),
      unit: 'ms',
    },
  ];
}

function loadRows(label: string, result: autocannon.Result): BenchResult[] {
  const failed = result.non2xx + result.errors + result.timeouts;
  return [
    { name: `federation, agenda ${label}: p50`, value: result.latency.p50, unit: 'ms' },
    { name: `federation, agenda ${label}: p99`, value: result.latency.p99, unit: 'ms' },
    {
      name: `federation, agenda ${label}: throughput`,
      value: Math.round(result.requests.average),
      unit: 'req/s',
    },
    {
      name: `federation, agenda ${label}: errors (non-2xx, errors, timeouts)`,
      value: failed,
      unit: 'count',
      budget: '0',
      ok: failed === 0,
    },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase(CONNECTIONS);
  try {
    await generateDataset(database.db, { users: USERS, concerts: CONCERTS, passwordCost: 4 });
    let expectedKeyId: string | undefined;
    const inboxes = await startFediverseInboxes({
      expectedKeyId: () => expectedKeyId,
      sampleEvery: SAMPLE_EVERY,
      answerAfterMs: INBOX_DELAY_MS,
    });
    const app = await startFediverseBenchApp(database, {
      DATABASE_POOL_SIZE: String(CONNECTIONS),
      TRUST_PROXY: '1',
    });
    try {
      // The agenda's actor as a remote server reads it (its keys are made on this first read).
      const actor = (await (
        await fetch(`${app.base}/ap/actors/agenda`, {
          headers: { accept: 'application/activity+json' },
        })
      ).json()) as { publicKey?: { id?: string } };
      expectedKeyId = actor.publicKey?.id;
      const announced = await markAnnounced(database.db);
      const followers = await insertFollowers(database.db, inboxes);
      const rows: BenchResult[] = [
        {
          name: `federation: ${followers} followers of @agenda on ${SERVERS} servers (${announced} concerts already announced)`,
          value: followers,
          unit: 'rows',
        },
        loadRow('federation, before'),
      ];

      // Idle: nothing but the delivery.
      await newConcert(database, 10);
      const idle = await deliver(database.db, app.fediverse.publish, inboxes);
      rows.push(...deliveryRows('idle', idle));

      // The next concert is in the agenda before the load starts, so both windows read the same
      // agendas; it is published when the second window starts.
      await newConcert(database, 11);
      const cookies: string[] = [];
      for (let i = 1; i <= FANS; i += 10) {
        const batch = Array.from({ length: Math.min(10, FANS + 1 - i) }, (_, j) =>
          signInBenchFan(app.base, i + j),
        );
        cookies.push(...(await Promise.all(batch)));
      }
      const cookieFile = path.join(tmpdir(), `cm-bench-federation-cookies-${process.pid}.json`);
      writeFileSync(cookieFile, JSON.stringify(cookies));
      process.env.BENCH_FAN_COOKIES = cookieFile;
      await agendaLoad(app.base, WARMUP_S);

      // As long as the idle delivery took, 5 to 20 s (the bench stays near 3 minutes): under load
      // it takes longer, so the whole loaded window falls within the delivery.
      const windowS = Math.min(20, Math.max(5, Math.ceil(idle.lastMs / 1000)));
      const quietLoop = monitorEventLoopDelay({ resolution: 10 });
      quietLoop.enable();
      const quiet = await agendaLoad(app.base, windowS);
      quietLoop.disable();
      const loadedRun = agendaLoad(app.base, windowS);
      const loaded = await deliver(database.db, app.fediverse.publish, inboxes);
      const during = await loadedRun;
      await inboxes.settled();
      const samples = inboxes.signatures;

      rows.push(
        ...deliveryRows(`under agenda load (${CONNECTIONS} connections)`, loaded),
        ...loadRows(`with no delivery (${windowS} s)`, quiet),
        {
          name: `federation, agenda with no delivery: event-loop delay p99 (max ${round(quietLoop.max / 1e6)} ms)`,
          value: round(quietLoop.percentile(99) / 1e6),
          unit: 'ms',
        },
        ...loadRows(`during the delivery (${windowS} s from publish())`, during),
        {
          name: `federation: signatures checked in the loaded round (every ${SAMPLE_EVERY}th POST), keyId ${expectedKeyId ?? '?'}`,
          value: samples.checked,
          unit: 'count',
        },
        {
          name: `federation: of those, keyId is @agenda's and verifyRequest accepts${samples.failures.length ? ` (${samples.failures[0]})` : ''}`,
          value: Math.min(samples.keyIdMatches, samples.verified),
          unit: 'count',
          budget: `${samples.checked}`,
          ok: samples.keyIdMatches === samples.checked && samples.verified === samples.checked,
        },
        loadRow('federation, after'),
      );
      return rows;
    } finally {
      await app.close();
      await inboxes.close();
    }
  } finally {
    await database.dispose();
  }
}
