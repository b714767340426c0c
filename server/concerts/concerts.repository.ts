import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** A concert's band names in alphabetical order ('{}' when none); the concert's alias is `c`. */
export const bandNamesOfConcert = sql<string[]>`coalesce((
  SELECT array_agg(b.band_name ORDER BY b.band_name)
  FROM concert_band cb JOIN bands b ON b.id = cb.band_id
  WHERE cb.concert_id = c.id
), '{}')`;

/** What a mail shows of concert `c`: a band's picture (the first by name with one), else its own. */
export const mailImageOfConcert = sql<string | null>`coalesce((
  SELECT b.image_url FROM concert_band cb JOIN bands b ON b.id = cb.band_id
  WHERE cb.concert_id = c.id AND b.image_url IS NOT NULL ORDER BY b.band_name LIMIT 1
), c.image_url)`;

/** The columns most concert rows carry: hour as 'HH:mm', price as text. */
export interface ConcertRowBasics {
  id: number;
  day: string;
  hour: string;
  venue: string;
  genre: string;
  /** Null when unknown (an imported event that did not say); '0.00' is free. */
  price: string | null;
  bandname: string | null;
}

export interface CarouselRow extends ConcertRowBasics {
  band_names: string[];
}

/** Upcoming concerts by day and hour, with their band names, for the landing carousel. */
export async function findCarouselConcerts(
  db: Database,
  cutoff: { day: string; time: string },
  limit: number,
): Promise<CarouselRow[]> {
  return db
    .selectFrom('concerts as c')
    .select([
      'c.id',
      'c.day',
      sql<string>`to_char(c.hour, 'HH24:MI')`.as('hour'),
      'c.genre',
      'c.venue',
      sql<string | null>`c.price::text`.as('price'),
      'c.bandname',
      bandNamesOfConcert.as('band_names'),
    ])
    .where(sql<boolean>`(c.day, c.hour) >= (${cutoff.day}::date, ${cutoff.time}::time)`)
    .orderBy('c.day')
    .orderBy('c.hour')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/** A concert as a picker or a mail names it: when, where, and by whom. */
export interface ConcertOptionRow {
  id: number;
  day: string;
  hour: string;
  venue: string;
  bandname: string | null;
  band_names: string[];
}
