// Deliveries Fedify gave up on, per inbox: a server that keeps failing (or says its account is
// gone) loses its followers, so we stop knocking.
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Deliveries given up on in a row after which an inbox's followers are dropped. */
export const DROP_AFTER_FAILURES = 3;

async function dropFollowersAt(db: Database, inbox: string) {
  await db
    .deleteFrom('federation_followers')
    .where((eb) => eb.or([eb('inbox', '=', inbox), eb('shared_inbox', '=', inbox)]))
    .execute();
}

export async function recordDeliveryFailure(
  db: Database,
  inbox: string,
  error: string,
  gone: boolean,
) {
  const row = await db
    .insertInto('federation_inboxes')
    .values({
      inbox,
      failures: 1,
      last_failed_at: sql<Date>`now()`,
      last_error: error.slice(0, 500),
    })
    .onConflict((oc) =>
      oc.column('inbox').doUpdateSet({
        failures: sql<number>`federation_inboxes.failures + 1`,
        last_failed_at: sql<Date>`now()`,
        last_error: error.slice(0, 500),
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (gone || row.failures >= DROP_AFTER_FAILURES) await dropFollowersAt(db, inbox);
}

export async function recordDeliverySuccess(db: Database, inbox: string) {
  await db.deleteFrom('federation_inboxes').where('inbox', '=', inbox).execute();
}
