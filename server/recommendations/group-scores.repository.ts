// Writing a group's scores (bulk-generator.ts): the whole group in one INSERT.
//
// Nearly all the cost of the table's triggers is its two foreign-key checks, which PostgreSQL runs
// once per row (each locks the referenced user or concert row). So when the database lets this
// role set session_replication_role (a superuser, as the embedded database is, or a role given
// `GRANT SET ON PARAMETER session_replication_role`), the INSERT runs with triggers off and this
// transaction does what they would have done, once per group instead of once per row:
// - the foreign keys: the fans' and concerts' rows are locked FOR KEY SHARE first (so neither can
//   be deleted until commit) and the INSERT joins both, so no row can point at a missing one;
// - the change notice of migration 0002, sent with pg_notify.
// test/bulk-generator.test.ts fails if a trigger is added to the table that this does not know.
// Without that privilege the same INSERT runs with the triggers, just slower.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/pg-errors.js';
import type { ScoredConcert } from './engine.js';

/** The taste a fan's scores were computed for: users.updated_at as text. */
export interface ScoredTaste {
  user_id: string;
  version: string;
}

/** Past this many fans one notice says "every agenda" (as the trigger does). */
const MANY_KEYS = 100;

const SCORES = ['extreme', 'high', 'medium', 'low'];
const ENGINES = ['builtin', 'openai'];
/** 0: learning did not move the score (NULL in the table). */
const LEARNED = ['up', 'down'];

/**
 * Inserts or rescores (never touching liked or feedback) the rows of the fans whose taste is still
 * the one that was scored. Returns those fans.
 */
export async function saveGroupScores(
  db: Database,
  fans: ScoredTaste[],
  users: string[],
  scores: ScoredConcert[],
): Promise<Set<string>> {
  if (scores.length === 0) return new Set();
  // Every row is a few small integers pointing into short lists (fans, reasons, scores): parsing a
  // uuid and a sentence per row would cost more than writing the rows. Reasons repeat across fans.
  const fanIndex = new Map(fans.map((fan, i) => [fan.user_id, i + 1]));
  const reasonIndex = new Map<string, number>();
  const columns: Record<'fan' | 'concert' | 'score' | 'reason' | 'engine' | 'learned', number[]> = {
    fan: [],
    concert: [],
    score: [],
    reason: [],
    engine: [],
    learned: [],
  };
  scores.forEach((score, i) => {
    let reason = reasonIndex.get(score.reason);
    if (reason === undefined) reasonIndex.set(score.reason, (reason = reasonIndex.size + 1));
    columns.fan.push(fanIndex.get(users[i]!)!);
    columns.concert.push(score.concertId);
    columns.score.push(SCORES.indexOf(score.score) + 1);
    columns.reason.push(reason);
    columns.engine.push(ENGINES.indexOf(score.engine) + 1);
    columns.learned.push(score.learned ? LEARNED.indexOf(score.learned) + 1 : 0);
  });
  const intArray = (values: number[]) => `{${values.join(',')}}`;
  const rows = sql`
    SELECT current_fans.user_id, s.concert_id, (${SCORES}::text[])[s.score],
      (${[...reasonIndex.keys()]}::text[])[s.reason], (${ENGINES}::text[])[s.engine],
      (${LEARNED}::text[])[nullif(s.learned, 0)], now(), now()
    FROM unnest(${intArray(columns.fan)}::int[], ${intArray(columns.concert)}::int[],
                ${intArray(columns.score)}::int[], ${intArray(columns.reason)}::int[],
                ${intArray(columns.engine)}::int[], ${intArray(columns.learned)}::int[])
      AS s(fan, concert_id, score, reason, engine, learned)
    JOIN current_fans ON current_fans.fan = s.fan
    JOIN concerts c ON c.id = s.concert_id`;
  // The fans whose taste is still the one scored, seen in the same snapshot as the INSERT.
  const currentFans = sql`
    current_fans AS (
      SELECT f.fan, f.user_id FROM unnest(${fans.map((fan) => fan.user_id)}::uuid[],
        ${fans.map((fan) => fan.version)}::text[]) WITH ORDINALITY AS f(user_id, version, fan)
      JOIN users u ON u.user_id = f.user_id AND u.updated_at::text = f.version
    )`;
  const columnList = sql`(user_id, concert_id, score, reason, engine, learned, scored_at, updated_at)`;

  return db.transaction().execute(async (trx) => {
    const fast = await skipTriggers(trx, fans, [...new Set(columns.concert)]);
    // Nearly always no row exists yet: a plain INSERT, cheaper than an upsert. A row liked before
    // it was scored (or liked meanwhile) makes it fail; then the upsert does the lot.
    await sql`SAVEPOINT plain_insert`.execute(trx);
    let written;
    try {
      written = await sql<ScoredTaste>`
        WITH ${currentFans}, inserted AS (
          INSERT INTO user_concert_recommendations ${columnList} ${rows}
        )
        SELECT user_id FROM current_fans`.execute(trx);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await sql`ROLLBACK TO SAVEPOINT plain_insert`.execute(trx);
      written = await sql<ScoredTaste>`
        WITH ${currentFans}, upserted AS (
          INSERT INTO user_concert_recommendations AS r ${columnList} ${rows}
          ON CONFLICT (user_id, concert_id) DO UPDATE SET
            score = excluded.score, reason = excluded.reason, engine = excluded.engine,
            learned = excluded.learned, scored_at = excluded.scored_at,
            updated_at = excluded.updated_at
        )
        SELECT user_id FROM current_fans`.execute(trx);
    }
    const fanIds = written.rows.map((row) => row.user_id);
    if (fast && fanIds.length > 0) {
      const keys = fanIds.length > MANY_KEYS ? ['*'] : fanIds;
      await sql`SELECT pg_notify('cm_changes', 'agenda:' || key)
                FROM unnest(${keys}::text[]) AS key`.execute(trx);
    }
    return new Set(fanIds);
  });
}

/**
 * Turns the triggers off for this transaction when the role may, after doing the foreign keys'
 * part: the referenced rows locked against deletion until commit (the INSERT joins them).
 */
async function skipTriggers(trx: Database, fans: ScoredTaste[], concertIds: number[]) {
  const { rows } = await sql<{ fast: boolean }>`
    SELECT has_parameter_privilege('session_replication_role', 'SET') AS fast`.execute(trx);
  if (!rows[0]!.fast) return false;
  await sql`SET LOCAL session_replication_role = replica`.execute(trx);
  await sql`SELECT 1 FROM users WHERE user_id = ANY(${fans.map((fan) => fan.user_id)}::uuid[])
            ORDER BY user_id FOR KEY SHARE`.execute(trx);
  await sql`SELECT 1 FROM concerts WHERE id = ANY(${concertIds}::int[])
            ORDER BY id FOR KEY SHARE`.execute(trx);
  return true;
}
