// The like counts the agenda's cards show, read apart from every fan's agenda (like-counts.ts).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Like counts of the upcoming concerts that have any. */
export async function findUpcomingLikeCounts(
  db: Database,
  cutoff: { day: string; time: string },
): Promise<{ id: number; like_count: number }[]> {
  const result = await sql<{ id: number; like_count: number }>`
    SELECT c.id, c.like_count FROM concerts c
    WHERE (c.day, c.hour) >= (${cutoff.day}::date, ${cutoff.time}::time) AND c.like_count > 0
  `.execute(db);
  return result.rows;
}
