import { sql } from 'kysely';
import { bandNamesOfConcert, type ConcertRowBasics } from '../concerts/concerts.repository.js';
import type { Database } from '../db/database.js';

export type DescriptionLength = 'short' | 'long';

export interface ConcertToDescribe extends ConcertRowBasics {
  bands: string[];
}

const column = (length: DescriptionLength) =>
  length === 'short' ? 'description_short' : 'description_long';

/** Concerts (past ones included: a page may still show them) lacking that description. */
export async function findConcertsLacking(
  db: Database,
  length: DescriptionLength,
): Promise<ConcertToDescribe[]> {
  const result = await sql<ConcertToDescribe>`
    SELECT c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.genre, c.price::text AS price,
      c.bandname, ${bandNamesOfConcert} AS bands
    FROM concerts c
    WHERE ${sql.ref(`c.${column(length)}`)} IS NULL
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

/** Stores a description only where there still is none: a concurrent run never overwrites. */
export async function saveDescription(
  db: Database,
  concertId: number,
  length: DescriptionLength,
  text: string,
): Promise<boolean> {
  const result = await db
    .updateTable('concerts')
    .set(length === 'short' ? { description_short: text } : { description_long: text })
    .where('id', '=', concertId)
    .where(column(length), 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
