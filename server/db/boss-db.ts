// pg-boss's database adapter over one of our Kysely transactions, so a job is written in the same
// transaction as the rows it is about: both commit or neither.
import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';

export function bossDbOf(trx: Pick<Kysely<unknown>, 'executeQuery'>): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as never[] };
    },
  };
}
