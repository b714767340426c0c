// The agenda: upcoming concerts with their bands and the fan's own row, in one SQL statement
// whatever the number of concerts (no N+1).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface AgendaBand {
  id: number;
  name: string;
  spotify_url: string | null;
  image_url: string | null;
}

export interface AgendaRow {
  id: number;
  day: string;
  hour: string;
  venue: string;
  venue_id: number;
  genre: string;
  price: string;
  image_url: string | null;
  like_count: number;
  bandname: string | null;
  concert_description: string | null;
  description_short: string | null;
  description_long: string | null;
  bands: AgendaBand[];
  score: string | null;
  reason: string | null;
  liked: boolean | null;
  recommendation_feedback: number | null;
}

export async function findAgenda(
  db: Database,
  cutoff: { day: string; time: string },
  userId: string | undefined,
): Promise<AgendaRow[]> {
  // Bands are aggregated once for all upcoming concerts (a grouped join), not per concert.
  const result = await sql<AgendaRow>`
    WITH upcoming AS (
      SELECT * FROM concerts c
      WHERE (c.day, c.hour) >= (${cutoff.day}::date, ${cutoff.time}::time)
    ), band_lists AS (
      SELECT cb.concert_id, json_agg(json_build_object(
        'id', b.id, 'name', b.band_name, 'spotify_url', b.band_spotify_url, 'image_url', b.image_url
      ) ORDER BY b.band_name) AS bands
      FROM upcoming u
      JOIN concert_band cb ON cb.concert_id = u.id
      JOIN bands b ON b.id = cb.band_id
      GROUP BY cb.concert_id
    )
    SELECT c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.venue_id, c.genre,
      c.price::text AS price, c.image_url, c.like_count, c.bandname, c.concert_description,
      c.description_short, c.description_long,
      coalesce(bl.bands, '[]'::json) AS bands,
      r.score, r.reason, r.liked, r.recommendation_feedback
    FROM upcoming c
    LEFT JOIN band_lists bl ON bl.concert_id = c.id
    LEFT JOIN user_concert_recommendations r
      ON r.concert_id = c.id AND r.user_id = ${userId ?? null}::uuid
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

export async function concertExists(db: Database, concertId: number): Promise<boolean> {
  const row = await db
    .selectFrom('concerts')
    .select('id')
    .where('id', '=', concertId)
    .executeTakeFirst();
  return row !== undefined;
}
