// A large, reproducible dataset for benchmarks: N fans, M upcoming concerts and a recommendation
// for every fan × concert. Reused by other benchmarks through generateDataset(); also a CLI:
//   npx tsx bench/dataset.ts --users 10000 --concerts 300 [--bands-per-concert 3] [--seed 1] [--reset]
// against DATABASE_URL, or the embedded database when it is unset.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { hashPassword, PRODUCTION_BCRYPT_COST } from '../server/accounts/password.js';
import { loadConfigOrExit } from '../server/config/config.js';
import type { Database } from '../server/db/database.js';
import { openDatabase } from '../server/db/open.js';
import { createRandom } from '../server/demo/random.js';
import { DEMO_VENUES } from '../server/demo/venues.js';
import { createLogger } from '../server/lib/logger.js';
import { madridDateTime, systemClock, type Clock } from '../server/lib/time.js';
import {
  generateBands,
  generateConcerts,
  generateUsers,
  isLikedCode,
  recommendationCode,
} from './lib/dataset-rows.js';
import {
  countBenchUsers,
  deleteBenchData,
  ensureVenues,
  insertBands,
  insertConcerts,
  insertOwner,
  insertRecommendationChunk,
  insertUsers,
  reserveIds,
  restoreForeignKeyChecks,
  setLikeCounts,
  trySkipForeignKeyChecks,
} from './lib/dataset-sql.js';
import { describeDatabaseSize, measureDatabaseSize } from './lib/database-size.js';

export { BENCH_OWNER_EMAIL, benchUserEmail } from './lib/dataset-rows.js';

/** Every bench user (and the owner) signs in with this password. */
export const BENCH_PASSWORD = 'bench-password-1234';

export interface DatasetOptions {
  users: number;
  concerts: number;
  /** Each concert gets 1 .. bandsPerConcert bands (default 3). */
  bandsPerConcert?: number;
  seed?: number | string;
  /** Delete a previous run's data first; without it an existing bench dataset is an error. */
  reset?: boolean;
  clock?: Clock;
  /** bcrypt cost of the one hash all bench users share (default: production's, for login benches). */
  passwordCost?: number;
  /** Recommendation rows per INSERT statement (default about 50,000). */
  chunkRows?: number;
}

export interface DatasetResult {
  ownerId: string;
  /** Sorted by id; user i of the CLI's numbering is not userIds[i]. */
  userIds: string[];
  concertIds: number[];
  bands: number;
  concertBands: number;
  recommendations: number;
  likes: number;
  /** False when the load could skip foreign-key triggers (superuser connection). */
  foreignKeyChecks: boolean;
  password: string;
  timingsMs: Record<string, number>;
}

const USERS_PER_STATEMENT = 5_000;
// Two connections: the database inserts one chunk while Node packs the next.
const LOAD_CONNECTIONS = 2;

async function timed<T>(timings: Record<string, number>, name: string, work: () => Promise<T>) {
  const start = performance.now();
  const result = await work();
  timings[name] = Math.round(performance.now() - start);
  return result;
}

export async function generateDataset(
  db: Database,
  options: DatasetOptions,
): Promise<DatasetResult> {
  const seed = options.seed ?? 1;
  const maxBands = Math.max(1, options.bandsPerConcert ?? 3);
  const clock = options.clock ?? systemClock;
  const today = madridDateTime(clock()).day;
  const timings: Record<string, number> = {};
  const started = performance.now();

  if (options.reset) await timed(timings, 'reset', () => deleteBenchData(db));
  else if ((await countBenchUsers(db)) > 0) {
    throw new Error('Ya hay datos de benchmark (@bench.local) en la base de datos: usa --reset.');
  }

  const passwordHash = await hashPassword(
    BENCH_PASSWORD,
    options.passwordCost ?? PRODUCTION_BCRYPT_COST,
  );
  const random = createRandom(`bench:${seed}`);
  // Enough bands that lineups and favourite artists vary, at least two per genre.
  const bandCount = Math.max(36, options.concerts);
  const bands = generateBands(random, await reserveIds(db, 'bands', bandCount));
  const users = generateUsers(random, options.users, bands.length);
  const concerts = generateConcerts(random, await reserveIds(db, 'concerts', options.concerts), {
    today,
    bands,
    venues: DEMO_VENUES,
    maxBands,
  });

  const ownerId = await timed(timings, 'users', async () => {
    const owner = await insertOwner(db, passwordHash);
    for (let i = 0; i < users.length; i += USERS_PER_STATEMENT) {
      await insertUsers(db, users.slice(i, i + USERS_PER_STATEMENT), bands, passwordHash);
    }
    return owner;
  });
  const concertBands = await timed(timings, 'bands+concerts', async () => {
    await ensureVenues(db);
    await insertBands(db, bands);
    return insertConcerts(db, concerts, bands, ownerId);
  });

  const concertIds = concerts.map((c) => c.id);
  const likes = new Map(concertIds.map((id) => [id, 0]));
  const usersPerChunk = Math.max(1, Math.floor((options.chunkRows ?? 50_000) / concerts.length));
  const scoredAt = clock();
  let nextUser = 0;
  const insertChunks = async (conn: Database) => {
    while (nextUser < users.length) {
      const chunk = users.slice(nextUser, nextUser + usersPerChunk);
      nextUser += chunk.length;
      const codes: number[] = [];
      for (const user of chunk) {
        // One generator per user keeps the data identical whatever order the workers run in.
        const userRandom = createRandom(`bench:${seed}:recs:${user.userId}`);
        const favourites = new Set(user.topArtists);
        for (const concert of concerts) {
          const code = recommendationCode(userRandom, user, concert, favourites);
          if (isLikedCode(code)) likes.set(concert.id, (likes.get(concert.id) ?? 0) + 1);
          codes.push(code);
        }
      }
      const ids = chunk.map((u) => u.userId);
      await insertRecommendationChunk(conn, ids, concertIds, codes, scoredAt);
    }
  };
  let foreignKeyChecks = true;
  const load = async (conn: Database) => {
    const skipped = await trySkipForeignKeyChecks(conn);
    if (skipped) foreignKeyChecks = false;
    try {
      await insertChunks(conn);
    } finally {
      if (skipped) await restoreForeignKeyChecks(conn);
    }
  };
  if (concerts.length > 0) {
    await timed(timings, 'recommendations', () =>
      Promise.all(Array.from({ length: LOAD_CONNECTIONS }, () => db.connection().execute(load))),
    );
  }
  await timed(timings, 'like_count', () => setLikeCounts(db, likes));
  // Fresh statistics, or the benchmarks that follow would measure plans made for empty tables;
  // and vacuumed, as a production table at rest is, or autovacuum would pick the freshly loaded
  // millions of rows up in the middle of a measurement.
  await timed(timings, 'vacuum', () =>
    sql`VACUUM (ANALYZE) users, bands, concerts, concert_band, user_concert_recommendations`.execute(
      db,
    ),
  );
  timings.total = Math.round(performance.now() - started);

  return {
    ownerId,
    userIds: users.map((u) => u.userId),
    concertIds,
    bands: bands.length,
    concertBands,
    recommendations: users.length * concerts.length,
    likes: [...likes.values()].reduce((sum, n) => sum + n, 0),
    foreignKeyChecks,
    password: BENCH_PASSWORD,
    timingsMs: timings,
  };
}

function positiveInt(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} debe ser un entero >= 0`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      concerts: { type: 'string' },
      'bands-per-concert': { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  const options: DatasetOptions = {
    users: positiveInt(values.users, 'users', 1000),
    concerts: positiveInt(values.concerts, 'concerts', 100),
    bandsPerConcert: positiveInt(values['bands-per-concert'], 'bands-per-concert', 3),
    seed: values.seed ?? 1,
    reset: values.reset,
  };
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  try {
    console.log(
      `Generando ${options.users} usuarios × ${options.concerts} conciertos` +
        ` (${database.embedded ? 'PostgreSQL embebido' : 'DATABASE_URL'})...`,
    );
    const result = await generateDataset(database.db, options);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const recsPerSecond = Math.round(
      result.recommendations / ((result.timingsMs.recommendations ?? 1) / 1000),
    );
    console.log(`Usuarios:          ${result.userIds.length} (+1 propietario de los conciertos)`);
    console.log(`Grupos:            ${result.bands}`);
    console.log(`Conciertos:        ${result.concertIds.length} (${result.concertBands} enlaces)`);
    console.log(
      `Recomendaciones:   ${result.recommendations} (${recsPerSecond} filas/s` +
        `${result.foreignKeyChecks ? '' : ', sin comprobar claves foráneas'})`,
    );
    console.log(`Me gusta:          ${result.likes}`);
    console.log(`Contraseña:        ${result.password}`);
    for (const [phase, ms] of Object.entries(result.timingsMs)) {
      console.log(`  ${phase.padEnd(17)}${seconds(ms)}`);
    }
    for (const line of describeDatabaseSize(await measureDatabaseSize(database.db))) {
      console.log(line);
    }
  } finally {
    await database.shutdown();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
