// The agenda in two parts: what every fan shares (concert fields and bands, cached by
// agenda-catalog.ts) and the fan's own rows. Like counts come apart (like-counts.repository.ts).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { ConcertRowBasics } from './concerts.repository.js';

export interface AgendaBand {
  id: number;
  name: string;
  spotify_url: string | null;
  image_url: string | null;
}

export interface ConcertDetailsRow extends ConcertRowBasics {
  venue_id: number;
  image_url: string | null;
  ticket_url: string | null;
  source_url: string | null;
  concert_description: string | null;
  description_short: string | null;
  description_long: string | null;
  description_short_ca: string | null;
  description_long_ca: string | null;
  cancelled: boolean;
  bands: AgendaBand[];
}

export interface AgendaStateRow {
  id: number;
  /** 'yyyy-MM-ddTHH:mm:ss', Mallorca time: comparable as a string. */
  starts_at: string;
  score: string | null;
  reason: string | null;
  liked: boolean | null;
  recommendation_feedback: number | null;
  /** The fan said "Voy" (false for visitors). */
  going: boolean;
  /** Cancelled concerts stay listed but are never scored. */
  cancelled: boolean;
}

/** The fan's "Voy" on concert `c`, as the column `going` (false for visitors). */
export const goingColumn = (userId: string | undefined) => sql<boolean>`EXISTS (
  SELECT 1 FROM concert_attendance a WHERE a.concert_id = c.id AND a.user_id = ${userId ?? null}::uuid
) AS going`;

/** Upcoming concerts in agenda order with this fan's row: one statement. */
export async function findAgendaState(
  db: Database,
  cutoff: { day: string; time: string },
  userId: string | undefined,
): Promise<AgendaStateRow[]> {
  const result = await sql<AgendaStateRow>`
    SELECT c.id, c.day::text || 'T' || c.hour::text AS starts_at, r.score, r.reason, r.liked, r.recommendation_feedback,
      ${goingColumn(userId)}, c.cancelled_at IS NOT NULL AS cancelled
    FROM concerts c
    LEFT JOIN user_concert_recommendations r
      ON r.concert_id = c.id AND r.user_id = ${userId ?? null}::uuid
    WHERE (c.day, c.hour) >= (${cutoff.day}::date, ${cutoff.time}::time)
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

/** The shared details of some concerts, bands aggregated in one grouped join. */
export async function findConcertDetails(
  db: Database,
  ids: number[],
): Promise<ConcertDetailsRow[]> {
  const result = await sql<ConcertDetailsRow>`
    SELECT c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.venue_id, c.genre,
      c.price::text AS price, c.image_url, c.ticket_url, c.source_url, c.bandname,
      c.concert_description,
      c.description_short, c.description_long, c.description_short_ca, c.description_long_ca,
      c.cancelled_at IS NOT NULL AS cancelled,
      coalesce(bl.bands, '[]'::json) AS bands
    FROM concerts c
    LEFT JOIN (
      SELECT cb.concert_id, json_agg(json_build_object(
        'id', b.id, 'name', b.band_name, 'spotify_url', b.band_spotify_url, 'image_url', b.image_url
      ) ORDER BY b.band_name) AS bands
      FROM concert_band cb JOIN bands b ON b.id = cb.band_id
      WHERE cb.concert_id = ANY(${ids}::int[])
      GROUP BY cb.concert_id
    ) bl ON bl.concert_id = c.id
    WHERE c.id = ANY(${ids}::int[])
  `.execute(db);
  return result.rows;
}
