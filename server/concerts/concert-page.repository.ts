// Reads for the public concert pages: one concert with its venue and bands (and the fan's row when
// signed in), and the upcoming concerts the sitemap lists.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { goingColumn, type AgendaBand } from './agenda.repository.js';

export interface ConcertPageRow {
  id: number;
  day: string;
  hour: string;
  venue: string;
  venue_id: number;
  genre: string;
  price: string | null;
  image_url: string | null;
  ticket_url: string | null;
  source_url: string | null;
  bandname: string | null;
  concert_description: string | null;
  description_short: string | null;
  description_long: string | null;
  description_short_ca: string | null;
  description_long_ca: string | null;
  like_count: number;
  going_count: number;
  cancelled: boolean;
  bands: AgendaBand[];
  town: string | null;
  address: string | null;
  website: string | null;
  lat: number | null;
  lon: number | null;
  /** The fan's row; all null for visitors or when the fan has none. */
  score: string | null;
  reason: string | null;
  liked: boolean | null;
  recommendation_feedback: number | null;
  /** The fan said "Voy" (false for visitors). */
  going: boolean;
}

/** One concert with its venue, bands in alphabetical order and the fan's row; one statement. */
export async function findConcertPageRow(
  db: Database,
  id: number,
  userId: string | undefined,
): Promise<ConcertPageRow | undefined> {
  const result = await sql<ConcertPageRow>`
    SELECT c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.venue_id, c.genre,
      c.price::text AS price, c.image_url, c.ticket_url, c.source_url, c.bandname,
      c.concert_description,
      c.description_short, c.description_long, c.description_short_ca, c.description_long_ca,
      c.like_count,
      c.going_count, c.cancelled_at IS NOT NULL AS cancelled,
      coalesce((
        SELECT json_agg(json_build_object(
          'id', b.id, 'name', b.band_name, 'spotify_url', b.band_spotify_url, 'image_url', b.image_url
        ) ORDER BY b.band_name)
        FROM concert_band cb JOIN bands b ON b.id = cb.band_id
        WHERE cb.concert_id = c.id
      ), '[]'::json) AS bands,
      v.town, v.address, v.website, v.lat, v.lon,
      r.score, r.reason, r.liked, r.recommendation_feedback, ${goingColumn(userId)}
    FROM concerts c
    LEFT JOIN venues v ON v.id = c.venue_id
    LEFT JOIN user_concert_recommendations r
      ON r.concert_id = c.id AND r.user_id = ${userId ?? null}::uuid
    WHERE c.id = ${id}
  `.execute(db);
  return result.rows[0];
}

export interface SitemapRow {
  id: number;
  day: string;
  venue: string;
  bandname: string | null;
  band_names: string[];
}

/** Every upcoming concert with what its slug is made of, in agenda order. */
export async function findUpcomingConcertSlugs(
  db: Database,
  cutoff: { day: string; time: string },
): Promise<SitemapRow[]> {
  const result = await sql<SitemapRow>`
    SELECT c.id, c.day, c.venue, c.bandname, coalesce((
      SELECT array_agg(b.band_name ORDER BY b.band_name)
      FROM concert_band cb JOIN bands b ON b.id = cb.band_id
      WHERE cb.concert_id = c.id
    ), '{}') AS band_names
    FROM concerts c
    WHERE (c.day, c.hour) >= (${cutoff.day}::date, ${cutoff.time}::time)
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}
