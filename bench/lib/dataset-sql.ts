// Bulk loading for the benchmark dataset. COPY needs pg-copy-streams (not installed), so every
// table is loaded with INSERT ... SELECT FROM unnest(arrays): one parameter per column, not per row.
import { sql } from 'kysely';
import { GENRES } from '../../common/genres/genres.js';
import type { Database } from '../../server/db/database.js';
import { DEMO_VENUES } from '../../server/demo/venues.js';
import {
  BENCH_BAND_PREFIX,
  BENCH_EMAIL_DOMAIN,
  BENCH_OWNER_EMAIL,
  REASONS,
  SCORE_NAMES,
  type BenchBand,
  type BenchConcert,
  type BenchUser,
} from './dataset-rows.js';

// Lists travel as '|'-joined text and are split in SQL: unnest() would flatten a text[][].
const SEPARATOR = '|';

/** Takes ids from a table's identity sequence, so rows can be inserted with known ids. */
export async function reserveIds(
  db: Database,
  table: 'bands' | 'concerts',
  count: number,
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id
    FROM generate_series(1, ${count}::int)
  `.execute(db);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function countBenchUsers(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM users WHERE lower(email) LIKE ${`%@${BENCH_EMAIL_DOMAIN}`}
  `.execute(db);
  return rows[0]!.n; // count(*) without GROUP BY always returns one row
}

/** Deletes everything a previous run created: its users, their concerts and the bench bands. */
export async function deleteBenchData(db: Database): Promise<void> {
  const benchUsers = sql`SELECT user_id FROM users WHERE lower(email) LIKE ${`%@${BENCH_EMAIL_DOMAIN}`}`;
  await db.transaction().execute(async (trx) => {
    // Deleting millions of recommendation rows one by one takes far longer than a TRUNCATE, which
    // is safe when every row belongs to bench users.
    const { rows } = await sql<{ other_rows: boolean }>`
      SELECT EXISTS (
        SELECT 1 FROM user_concert_recommendations WHERE user_id NOT IN (${benchUsers})
      ) AS other_rows
    `.execute(trx);
    // SELECT EXISTS returns exactly one row.
    if (!rows[0]!.other_rows) await sql`TRUNCATE user_concert_recommendations`.execute(trx);
    await sql`DELETE FROM concerts WHERE user_id IN (${benchUsers})`.execute(trx);
    await sql`DELETE FROM bands WHERE band_name LIKE ${`${BENCH_BAND_PREFIX}%`}`.execute(trx);
    await sql`DELETE FROM users WHERE user_id IN (${benchUsers})`.execute(trx);
  });
}

export async function ensureVenues(db: Database): Promise<void> {
  await db
    .insertInto('venues')
    .values(DEMO_VENUES.map((venue) => ({ ...venue })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertOwner(db: Database, passwordHash: string): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: BENCH_OWNER_EMAIL,
      name: 'Bench Owner',
      password_hash: passwordHash,
      is_admin: true,
      onboarding_completed: true,
      email_verified_at: new Date(),
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

export async function insertUsers(
  db: Database,
  users: BenchUser[],
  bands: BenchBand[],
  passwordHash: string,
): Promise<void> {
  const genres = (list: number[]) => list.map((g) => GENRES[g]).join(SEPARATOR);
  await sql`
    INSERT INTO users (user_id, email, name, password_hash, top_genres, disliked_genres,
                       top_artists, onboarding_completed, is_subscribed, email_verified_at)
    SELECT id, email, name, ${passwordHash}, string_to_array(top, ${SEPARATOR}),
           string_to_array(disliked, ${SEPARATOR}), string_to_array(artists, ${SEPARATOR}),
           true, true, now()
    FROM unnest(${users.map((u) => u.userId)}::uuid[], ${users.map((u) => u.email)}::text[],
                ${users.map((u) => u.name)}::text[], ${users.map((u) => genres(u.topGenres))}::text[],
                ${users.map((u) => genres(u.dislikedGenres))}::text[],
                ${users.map((u) => u.topArtists.map((b) => bandAt(bands, b).name).join(SEPARATOR))}::text[])
      AS t(id, email, name, top, disliked, artists)
  `.execute(db);
}

/** Users and concerts name their bands by index into the same generated list. */
function bandAt(bands: BenchBand[], index: number): BenchBand {
  const band = bands[index];
  if (!band) throw new Error(`No bench band at index ${index}`);
  return band;
}

export async function insertBands(db: Database, bands: BenchBand[]): Promise<void> {
  await sql`
    INSERT INTO bands (id, band_name, band_genres)
    SELECT id, name, string_to_array(genres, ${SEPARATOR})
    FROM unnest(${bands.map((b) => b.id)}::int[], ${bands.map((b) => b.name)}::text[],
                ${bands.map((b) => b.genres.map((g) => GENRES[g]).join(SEPARATOR))}::text[])
      AS t(id, name, genres)
  `.execute(db);
}

export async function insertConcerts(
  db: Database,
  concerts: BenchConcert[],
  bands: BenchBand[],
  ownerId: string,
): Promise<number> {
  const column = <T>(pick: (c: BenchConcert) => T) => concerts.map(pick);
  await sql`
    INSERT INTO concerts (id, day, hour, venue, venue_id, genre, price, bandname,
                          concert_description, user_id)
    SELECT id, day, hour, venue, venue_id, genre, price, bandname, description, ${ownerId}::uuid
    FROM unnest(${column((c) => c.id)}::int[], ${column((c) => c.day)}::date[],
                ${column((c) => c.hour)}::time[], ${column((c) => c.venue.name)}::text[],
                ${column((c) => c.venue.id)}::int[], ${column((c) => GENRES[c.genre])}::text[],
                ${column((c) => c.price)}::numeric[],
                ${column((c) => c.bands.map((b) => bandAt(bands, b).name).join(' + '))}::text[],
                ${column((c) => c.description)}::text[])
      AS t(id, day, hour, venue, venue_id, genre, price, bandname, description)
  `.execute(db);
  const links = concerts.flatMap((c) => c.bands.map((b) => [c.id, bandAt(bands, b).id] as const));
  await sql`
    INSERT INTO concert_band (concert_id, band_id)
    SELECT * FROM unnest(${links.map((l) => l[0])}::int[], ${links.map((l) => l[1])}::int[])
  `.execute(db);
  return links.length;
}

/**
 * Inserts users × concerts recommendations from packed codes (see recommendationCode), user-major:
 * row k is user userIds[k / concertIds.length], concert concertIds[k % concertIds.length].
 */
export async function insertRecommendationChunk(
  db: Database,
  userIds: string[],
  concertIds: number[],
  codes: number[],
  scoredAt: Date,
): Promise<void> {
  await sql`
    INSERT INTO user_concert_recommendations
      (user_id, concert_id, score, reason, engine, liked, scored_at, updated_at)
    SELECT (${userIds}::uuid[])[(r.i - 1) / ${concertIds.length}::int + 1],
           (${concertIds}::int[])[(r.i - 1) % ${concertIds.length}::int + 1],
           (${[...SCORE_NAMES]}::text[])[(r.code & 3) + 1],
           (${REASONS}::text[])[((r.code >> 2) & 7) + 1],
           'builtin', (r.code & 32) <> 0, ${scoredAt}::timestamptz, ${scoredAt}::timestamptz
    FROM unnest(${codes}::int2[]) WITH ORDINALITY AS r(code, i)
  `.execute(db);
}

export async function setLikeCounts(db: Database, likes: Map<number, number>): Promise<void> {
  await sql`
    UPDATE concerts SET like_count = v.n
    FROM unnest(${[...likes.keys()]}::int[], ${[...likes.values()]}::int[]) AS v(id, n)
    WHERE concerts.id = v.id
  `.execute(db);
}

/**
 * Foreign-key triggers cost about two thirds of the recommendation load. The loader inserts users
 * and concerts first, so the checks can only pass: skip them where allowed (superuser, e.g. the
 * embedded database), as pg_restore --disable-triggers does. Returns whether they are skipped;
 * call restoreForeignKeyChecks before the connection goes back to the pool.
 */
export async function trySkipForeignKeyChecks(conn: Database): Promise<boolean> {
  try {
    await sql`SET session_replication_role = replica`.execute(conn);
    return true;
  } catch {
    return false;
  }
}

export async function restoreForeignKeyChecks(conn: Database): Promise<void> {
  await sql`RESET session_replication_role`.execute(conn);
}
