import { sql } from 'kysely';
import { bandNamesOfConcert, type ConcertRowBasics } from '../concerts/concerts.repository.js';
import type { Database } from '../db/database.js';
import { LOCALES, type Locale } from '../../common/i18n/locales.js';

export type DescriptionLength = 'short' | 'long';

export interface ConcertToDescribe extends ConcertRowBasics {
  bands: string[];
}

export interface ConcertLacking extends ConcertToDescribe {
  /** The languages this concert still lacks the text of that length in, Spanish first. */
  missing: Locale[];
}

const COLUMNS = {
  short: { es: 'description_short', ca: 'description_short_ca' },
  long: { es: 'description_long', ca: 'description_long_ca' },
} as const satisfies Record<DescriptionLength, Record<Locale, string>>;

/** The column of the text of that length in that language. */
export const descriptionColumn = (length: DescriptionLength, locale: Locale) =>
  COLUMNS[length][locale];

/** Concerts (past ones included: a page may still show them) lacking that description in a language. */
export async function findConcertsLacking(
  db: Database,
  length: DescriptionLength,
): Promise<ConcertLacking[]> {
  const lacks = (locale: Locale) =>
    sql`${sql.ref(`c.${descriptionColumn(length, locale)}`)} IS NULL`;
  const result = await sql<ConcertLacking>`
    SELECT c.id, c.day, to_char(c.hour, 'HH24:MI') AS hour, c.venue, c.genre, c.price::text AS price,
      c.bandname, ${bandNamesOfConcert} AS bands,
      array_remove(ARRAY[${sql.join(
        LOCALES.map((locale) => sql`CASE WHEN ${lacks(locale)} THEN ${locale}::text END`),
      )}], NULL) AS missing
    FROM concerts c
    WHERE ${sql.join(LOCALES.map(lacks), sql` OR `)}
    ORDER BY c.day, c.hour, c.id
  `.execute(db);
  return result.rows;
}

/** Stores a description only where there still is none: a concurrent run never overwrites. */
export async function saveDescription(
  db: Database,
  concertId: number,
  length: DescriptionLength,
  locale: Locale,
  text: string,
): Promise<boolean> {
  const column = sql.ref(descriptionColumn(length, locale));
  const result = await sql`
    UPDATE concerts SET ${column} = ${text} WHERE id = ${concertId} AND ${column} IS NULL
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
