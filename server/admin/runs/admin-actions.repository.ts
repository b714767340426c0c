// SQL of the admin panel's actions.
import type { Database } from '../../db/database.js';

/** Fans who finished onboarding: the ones a pass for all users scores. */
export async function countOnboardedFans(db: Database): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('onboarding_completed', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
