// Recommendation scoring and storage:
//   a. the built-in engine scoring one fan's 300 concerts in memory;
//   b. 10,000 fans × 300 concerts scored by the built-in engine and written to PostgreSQL, through
//      the production path of the admin's "generate for all users": the pg-boss job fans out group
//      jobs, which this instance's workers run (bulk-generator.ts);
//   c. a new fan's 300 concerts scored by the OpenAI engine against a fake server answering each
//      call after 500 ms: default settings (batches of 3, 8 in flight) and one batch at a time.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { GENRES } from '../common/genres/genres.js';
import { createRandom, type Random } from '../server/demo/random.js';
import type { Database } from '../server/db/database.js';
import { createLogger } from '../server/lib/logger.js';
import { systemClock } from '../server/lib/time.js';
import { builtinEngine, scoreConcert } from '../server/recommendations/builtin-engine.js';
import type { ConcertToScore, FanTaste } from '../server/recommendations/engine.js';
import { generateForUser, type GeneratorDeps } from '../server/recommendations/generator.js';
import {
  findTaste,
  findUnscoredConcerts,
  saveScores,
} from '../server/recommendations/recommendations.repository.js';
import { madridDateTime } from '../server/lib/time.js';
import { startFakeOpenAi } from '../test/helpers/fake-openai.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { AI_BATCH, AI_CONCURRENCY, AI_DELAY_MS, fakeAiEngine } from './lib/fake-ai-engine.js';
import { startQueueWorkers } from './lib/bench-workers.js';
import { QUEUES } from '../server/jobs/queues.js';
import { insertFansAndConcerts } from './lib/fans-without-recommendations.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCERTS = 300;
const IN_MEMORY_RUNS = 20;
/** Batches measured at concurrency 1 (of 100); the full time is extrapolated from them. */
const SEQUENTIAL_BATCHES = 30;

const log = createLogger('silent');
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

function randomTaste(random: Random, artists: string[]): FanTaste {
  const genres = random.shuffle(GENRES);
  return {
    topGenres: genres.slice(0, random.int(1, 5)),
    dislikedGenres: genres.slice(5, 5 + random.int(0, 3)),
    topArtists: random.shuffle(artists).slice(0, random.int(0, 5)),
  };
}

function inMemoryConcerts(random: Random, count: number): ConcertToScore[] {
  const bands = Array.from({ length: count }, (_, i) => ({
    name: `Grupo Ñandú ${i + 1}`,
    genres: random.chance(0.4) ? [random.pick(GENRES), random.pick(GENRES)] : [random.pick(GENRES)],
  }));
  return Array.from({ length: count }, (_, i) => {
    const lineup = random.shuffle(bands).slice(0, random.int(1, 3));
    return {
      id: i + 1,
      day: '2026-07-01',
      hour: '21:00',
      genre: lineup[0]!.genres[0]!,
      name: random.chance(0.5) ? lineup[0]!.name : null,
      description: 'Concierto de prueba',
      bands: lineup,
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** a. Median time of the built-in engine over one fan's 300 concerts. */
async function inMemoryScoring(): Promise<BenchResult> {
  const random = createRandom('bench:recommendations:memory');
  const concerts = inMemoryConcerts(random, CONCERTS);
  const taste = randomTaste(
    random,
    concerts.flatMap((c) => c.bands.map((b) => b.name)),
  );
  await builtinEngine.scoreBatch(taste, concerts); // warm-up (JIT, regex compilation)
  const samples: number[] = [];
  for (let i = 0; i < IN_MEMORY_RUNS; i += 1) {
    const start = performance.now();
    const scored = await builtinEngine.scoreBatch(taste, concerts);
    samples.push(performance.now() - start);
    if (scored.length !== CONCERTS) throw new Error(`scored ${scored.length} of ${CONCERTS}`);
  }
  const ms = median(samples);
  return {
    name: `builtin engine: 1 fan × ${CONCERTS} concerts in memory (median of ${IN_MEMORY_RUNS})`,
    value: Number(ms.toFixed(2)),
    unit: 'ms',
    budget: '<= 50',
    ok: ms <= 50,
  };
}

async function countRecommendations(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM user_concert_recommendations WHERE score IS NOT NULL
  `.execute(db);
  return rows[0]!.n;
}

/** A fan with no scores yet, as after sign-up and onboarding. */
async function insertNewFan(db: Database, email: string): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email,
      name: 'Fan nuevo',
      top_genres: ['Rock', 'Indie', 'Jazz'],
      disliked_genres: ['Reggaetón'],
      top_artists: ['Bench Band 00001', 'Bench Band 00002'],
      onboarding_completed: true,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [await inMemoryScoring()];

  const database = await startBenchDatabase(20);
  const fake = await startFakeOpenAi();
  try {
    const { db, pool } = database;
    const { concertIds } = await insertFansAndConcerts(db, {
      users: USERS,
      concerts: CONCERTS,
    });
    const deps: GeneratorDeps = { db, pool, engine: builtinEngine, clock: systemClock, log };

    // b. The production path, as the admin's button starts it: one job fans out the groups to
    // every onboarded fan (the bench owner account too).
    const { fans } = await sql<{ fans: number }>`
      SELECT count(*)::int AS fans FROM users WHERE onboarding_completed`
      .execute(db)
      .then((result) => result.rows[0]!);
    const allUsersRows = fans * concertIds.length;
    const { boss, stop } = await startQueueWorkers(database);
    let start = performance.now();
    let allUsersMs = 0;
    try {
      await boss.send(QUEUES.recommendationsAll, {});
      // Done when neither queue has a job waiting or running (counting rows would cost a scan).
      const pending = async () =>
        (await boss.getQueueSize(QUEUES.recommendationsAll, { before: 'completed' })) +
        (await boss.getQueueSize(QUEUES.recommendationsGroup, { before: 'completed' }));
      while ((await pending()) > 0) {
        if (performance.now() - start > 600_000) throw new Error('the jobs did not finish');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      allUsersMs = performance.now() - start;
    } finally {
      await stop();
    }
    const scoredRows = await countRecommendations(db);
    if (scoredRows !== allUsersRows) throw new Error(`wrote ${scoredRows} of ${allUsersRows}`);
    results.push({
      name: `builtin: ${fans} fans × ${CONCERTS} scored + written, "all users" jobs (${scoredRows} rows)`,
      value: seconds(allUsersMs),
      unit: 's',
      budget: '<= 60',
      ok: allUsersMs <= 60_000,
    });

    // c. The OpenAI engine against the fake server, 500 ms per call.
    fake.setDelay(AI_DELAY_MS);
    const today = madridDateTime(systemClock()).day;

    const parallelFan = await insertNewFan(db, 'fan-nuevo-paralelo@bench.local');
    start = performance.now();
    await generateForUser({ ...deps, engine: fakeAiEngine(fake) }, parallelFan);
    const parallelMs = performance.now() - start;
    const parallelCalls = fake.calls;
    const parallelLeft = (await findUnscoredConcerts(db, parallelFan, today)).length;
    if (parallelLeft > 0) throw new Error(`${parallelLeft} concerts left unscored (AI, parallel)`);

    // One batch at a time: only SEQUENTIAL_BATCHES batches are left unscored for this fan (the
    // rest pre-scored by the built-in engine), then the time is scaled to all the batches.
    const sequentialFan = await insertNewFan(db, 'fan-nuevo-secuencial@bench.local');
    const all = await findUnscoredConcerts(db, sequentialFan, today);
    const totalBatches = Math.ceil(all.length / AI_BATCH);
    const preScored = all.slice(0, all.length - SEQUENTIAL_BATCHES * AI_BATCH);
    const fan = (await findTaste(db, sequentialFan))!;
    await saveScores(
      db,
      sequentialFan,
      fan.version,
      preScored.map((concert) => scoreConcert(fan.taste, concert)),
    );
    fake.reset();
    fake.setDelay(AI_DELAY_MS);
    start = performance.now();
    await generateForUser({ ...deps, engine: fakeAiEngine(fake, 1) }, sequentialFan);
    const sequentialPartMs = performance.now() - start;
    if (fake.calls !== SEQUENTIAL_BATCHES) {
      throw new Error(`expected ${SEQUENTIAL_BATCHES} AI calls, got ${fake.calls}`);
    }
    const sequentialMs = (sequentialPartMs * totalBatches) / SEQUENTIAL_BATCHES;
    const ratio = sequentialMs / parallelMs;

    results.push(
      {
        name: `openai (fake, ${AI_DELAY_MS} ms/call): new fan ${all.length} concerts, batch ${AI_BATCH}, concurrency ${AI_CONCURRENCY} (${parallelCalls} calls)`,
        value: seconds(parallelMs),
        unit: 's',
        budget: '<= 10',
        ok: parallelMs <= 10_000,
      },
      {
        name: `openai (fake): concurrency 1, ${SEQUENTIAL_BATCHES} batches measured`,
        value: seconds(sequentialPartMs),
        unit: 's',
      },
      {
        name: `openai (fake): concurrency 1, ${totalBatches} batches EXTRAPOLATED from ${SEQUENTIAL_BATCHES}`,
        value: seconds(sequentialMs),
        unit: 's',
      },
      {
        name: `openai (fake): concurrency 1 (extrapolated) / concurrency ${AI_CONCURRENCY}`,
        value: Number(ratio.toFixed(2)),
        unit: 'ratio',
      },
    );
    return results;
  } finally {
    await fake.close();
    await database.dispose();
  }
}
