// The like and going counts the agenda's cards show, read apart from every fan's agenda
// (like-counts.ts).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

export interface ConcertCountsRow {
  id: number;
  like_count: number;
  going_count: number;
}

/** Like and going counts of the upcoming concerts that have any. */
export async function findUpcomingCounts(
  db: Database,
  cutoff: { day: string; time: string },
): Promise<ConcertCountsRow[]> {
  const result = await sql<ConcertCountsRow>`
    SELECT c.id, c.like_count, c.going_count FROM concerts c
    WHERE (c.day, c.hour) >= (${cutoff.day}::date, ${cutoff.time}::time)
      AND (c.like_count > 0 OR c.going_count > 0)
  `.execute(db);
  return result.rows;
}
