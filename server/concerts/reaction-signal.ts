// What a fan's like, 'Voy' or 👍/👎 sets off beyond its own row: given by whoever learns from the
// fan's signals (app.ts wires recommendations' learner in), so concerts/ depends on none of it.
import type { Database } from '../db/database.js';

/** Called inside the signal's transaction; what it returns runs after the commit. */
export type ReactionSignal = (trx: Database, userId: string) => Promise<(() => void) | void>;

/** Runs `write` in a transaction that tells `signal` (when the write changed something). */
export async function withSignal<T>(
  db: Database,
  userId: string,
  signal: ReactionSignal | undefined,
  write: (trx: Database) => Promise<{ answer: T; changed: boolean }>,
): Promise<T> {
  const { answer, after } = await db.transaction().execute(async (trx) => {
    const written = await write(trx);
    const then = written.changed && signal ? await signal(trx, userId) : undefined;
    return { answer: written.answer, after: then };
  });
  if (after) after();
  return answer;
}
