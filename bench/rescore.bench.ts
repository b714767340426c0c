// re-scoring one concert for every onboarded fan with the built-in engine (what an
// admin's new concert, or a change of its genre or bands, starts). 10,000 fans by default
// (`npm run bench -- rescore --users 100000`), on a throwaway embedded PostgreSQL:
//   a. a new concert: nobody has a score for it yet (INSERTs);
//   b. the same concert again, as after a change of genre: every fan's row is written over;
//   c. for comparison, only reading every fan's taste at once, as an earlier version of the code did.
// `NODE_OPTIONS=--expose-gc` lets each run start after a garbage collection (a cleaner baseline).
// Each prints wall time, CPU seconds (this process and PostgreSQL) and the peak RSS of this
// process during the run, sampled every 20 ms, above what it held before the run.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { systemClock } from '../server/lib/time.js';
import { scoreConcertsForEveryFan } from '../server/recommendations/concert-rescore.js';
import { findOnboardedTastesPage } from '../server/recommendations/concert-rescore.repository.js';
import { startBenchDatabase } from './lib/bench-database.js';
import { cpuSince, cpuSnapshot, postmasterPid } from './lib/cpu-time.js';
import { insertFansAndConcerts } from './lib/fans-without-recommendations.js';
import { watchRss } from './lib/rss-watch.js';
import type { BenchResult } from './types.js';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
/** A few other concerts, so the fans' tables look like a real week's (scores are per concert). */
const CONCERTS = 5;
const MB = 1024 * 1024;
const SAMPLE_MS = 20;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

async function measured<T>(run: () => Promise<T>) {
  const rss = watchRss(SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await run();
    rss.sample();
    return { result, ms: performance.now() - started, baseline: rss.baseline, peak: rss.peak };
  } finally {
    rss.stop();
  }
}

export async function run(): Promise<BenchResult[]> {
  const database = await startBenchDatabase();
  try {
    process.stderr.write(`  rescore: ${USERS} fans...\n`);
    const { concertIds } = await insertFansAndConcerts(database.db, {
      users: USERS,
      concerts: CONCERTS,
      seed: 'rescore',
    });
    const concertId = concertIds[0]!; // CONCERTS > 0
    const postmaster = await postmasterPid(database.db);
    const deps = { db: database.db, pool: database.pool, clock: systemClock };
    const rows: BenchResult[] = [];
    for (const pass of ['nuevo', 'cambio de género'] as const) {
      global.gc?.();
      const cpuBefore = cpuSnapshot(postmaster);
      const loadBefore = load();
      const { result, ms, baseline, peak } = await measured(() =>
        scoreConcertsForEveryFan(deps, [concertId]),
      );
      const cpu = cpuSince(cpuBefore, cpuSnapshot(postmaster));
      console.log(
        `rescore ${pass}: ${result.fans} fans, ${result.rows} filas en ${(ms / 1000).toFixed(2)} s; ` +
          `CPU node ${cpu.node.toFixed(1)} s + PostgreSQL ${cpu.postgres.toFixed(1)} s; ` +
          `RSS ${(baseline / MB).toFixed(0)} MB antes, pico ${(peak / MB).toFixed(0)} MB ` +
          `(+${((peak - baseline) / MB).toFixed(0)} MB); loadavg antes ${loadBefore}, después ${load()}`,
      );
      rows.push(
        { name: `rescore ${pass}: ${USERS} fans`, value: Math.round(ms), unit: 'ms' },
        {
          name: `rescore ${pass}: pico RSS sobre el inicial`,
          value: Math.round((peak - baseline) / MB),
          unit: 'MB',
        },
      );
    }
    global.gc?.();
    const allAtOnce = await measured(() =>
      findOnboardedTastesPage(database.db, '00000000-0000-0000-0000-000000000000', USERS + 1),
    );
    console.log(
      `rescore (antes): leer los ${allAtOnce.result.length} gustos de golpe: ` +
        `${(allAtOnce.ms / 1000).toFixed(2)} s, pico RSS +${((allAtOnce.peak - allAtOnce.baseline) / MB).toFixed(0)} MB`,
    );
    rows.push({
      name: 'rescore (antes): pico RSS de leer todos los gustos de golpe',
      value: Math.round((allAtOnce.peak - allAtOnce.baseline) / MB),
      unit: 'MB',
    });
    // Every fan scored, once: what the admin's change promised.
    const { rows: counted } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM user_concert_recommendations
      WHERE concert_id = ${concertId} AND score IS NOT NULL`.execute(database.db);
    rows.push({ name: 'rescore: fans con puntuación', value: Number(counted[0]!.n), unit: 'fans' });
    rows.push({ name: `rescore: loadavg 1 min (${load()})`, value: os.loadavg()[0]!, unit: '' });
    return rows;
  } finally {
    await database.dispose();
  }
}
