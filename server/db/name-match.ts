// Names matched as people type them: case and accents aside. The repositories of the admin lists,
// the pickers and the submissions share these, so "es gremí" finds "Es Gremi" everywhere.
import { sql, type RawBuilder } from 'kysely';
import { ACCENTED, foldName, PLAIN } from '../../common/text/fold.js';

/** Lower case without accents, in SQL, so the server needs no unaccent extension. */
export const normalised = (expression: RawBuilder<unknown>) =>
  sql<string>`translate(lower(${expression}), ${ACCENTED}, ${PLAIN})`;

/** The same normalisation on our side, then a LIKE pattern with its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${foldName(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
