// What we last told the fediverse of each concert (its facts' digest), and what each actor sent.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Json } from '../db/schema.js';

/** pg_try_advisory_lock's key for the publishing pass ('fedi' in ASCII). */
const PUBLISH_LOCK = 0x66656469;

/** Runs `work` on one connection holding the pass's lock; undefined when another holds it. */
export function withPublishLock<T>(
  db: Database,
  work: (db: Database) => Promise<T>,
): Promise<T | undefined> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_lock(${PUBLISH_LOCK}) AS locked`.execute(conn);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work(conn);
    } finally {
      await sql`SELECT pg_advisory_unlock(${PUBLISH_LOCK})`.execute(conn);
    }
  });
}

export interface ConcertDigest {
  id: number;
  genre: string;
  day: string;
  digest: string;
}

/**
 * Every concert from `today` on, with a digest of the facts a follower sees: a change of any of
 * them (day, hour, venue, price, cancellation, names, genre, links, picture) is an Update.
 */
export async function findUpcomingDigests(db: Database, today: string): Promise<ConcertDigest[]> {
  const result = await sql<ConcertDigest>`
    SELECT c.id, c.genre, c.day::text AS day,
      md5(concat_ws('|', c.day, c.hour, c.venue, c.venue_id, c.price, c.cancelled_at IS NOT NULL,
        c.genre, c.bandname, c.ticket_url, c.image_url, c.description_short,
        (SELECT string_agg(b.band_name, ',' ORDER BY b.band_name)
         FROM concert_band cb JOIN bands b ON b.id = cb.band_id WHERE cb.concert_id = c.id)
      )) AS digest
    FROM concerts c
    WHERE c.day >= ${today}
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

export interface KnownConcert {
  concert_id: number;
  digest: string;
  genre: string;
}

/** The concerts we announced and did not delete since, from `today` on. */
export function findAnnounced(db: Database, today: string): Promise<KnownConcert[]> {
  return db
    .selectFrom('federation_concerts')
    .select(['concert_id', 'digest', 'genre'])
    .where('deleted_at', 'is', null)
    .where('day', '>=', today)
    .execute();
}

/** Of these announced concerts, the ones whose row is gone (deleted by an admin). */
export async function findGone(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const present = await db.selectFrom('concerts').select('id').where('id', 'in', ids).execute();
  const still = new Set(present.map((row) => row.id));
  return ids.filter((id) => !still.has(id));
}

export async function recordAnnounced(db: Database, concert: ConcertDigest) {
  await db
    .insertInto('federation_concerts')
    .values({
      concert_id: concert.id,
      digest: concert.digest,
      genre: concert.genre,
      day: concert.day,
    })
    .onConflict((oc) =>
      oc.column('concert_id').doUpdateSet({
        digest: concert.digest,
        genre: concert.genre,
        day: concert.day,
        updated_at: sql<Date>`now()`,
        deleted_at: null,
      }),
    )
    .execute();
}

export async function recordDeleted(db: Database, concertId: number) {
  await db
    .updateTable('federation_concerts')
    .set({ deleted_at: sql<Date>`now()` })
    .where('concert_id', '=', concertId)
    .execute();
}

export async function recordActivity(db: Database, actor: string, activity: unknown) {
  await db
    .insertInto('federation_activities')
    .values({ actor, activity: JSON.stringify(activity) as unknown as Json })
    .execute();
}

/** One page of an actor's activities, newest first, and the next page's cursor. */
export async function findActivityPage(
  db: Database,
  actor: string,
  before: string | null,
  limit: number,
): Promise<{ activities: unknown[]; next: string | null }> {
  const rows = await db
    .selectFrom('federation_activities')
    .select(['id', 'activity'])
    .where('actor', '=', actor)
    .$if(before !== null, (qb) => qb.where('id', '<', before!))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return {
    activities: page.map((row) => row.activity),
    next: more ? String(page[page.length - 1]!.id) : null,
  };
}

export async function countActivities(db: Database, actor: string): Promise<number> {
  const row = await db
    .selectFrom('federation_activities')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('actor', '=', actor)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function countUpcoming(db: Database, today: string): Promise<number> {
  const row = await db
    .selectFrom('concerts')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('day', '>=', today)
    .executeTakeFirstOrThrow();
  return row.count;
}
