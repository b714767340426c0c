// Walking a large table in pages by its key (keyset pagination): each page reads only the rows
// after the last key of the previous one, however far the walk has gone.
import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';

/** The next page of `query`: at most `limit` rows whose `key` comes after `afterKey`, in key order. */
export function pageAfter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  key: StringReference<DB, TB> & string,
  afterKey: string,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  return query.where(sql.ref(key), '>', afterKey).orderBy(sql.ref(key)).limit(limit);
}
