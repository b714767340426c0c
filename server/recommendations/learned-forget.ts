// The fan forgets what we learned: one lesson from the profile, or everything when they redo their
// onboarding and choose so. A dated marker, never a deleted like or rating: the signals given
// before it stop counting, the ones given after count again. The fan is learned again after the
// commit (learned-learner.ts), so their scores go back to what their declared tastes give.
import type { Database } from '../db/database.js';
import type { LessonKind } from './learned-tastes.js';
import { addForget } from './learned-tastes.repository.js';
import type { SignalHook } from './learned-learner.js';

export async function forgetLearned(
  deps: { db: Database; signal: SignalHook },
  userId: string,
  what: { kind: LessonKind; key: string } | 'all',
): Promise<void> {
  const forget = what === 'all' ? { kind: 'all' as const, key: '' } : what;
  const after = await deps.db.transaction().execute(async (trx) => {
    await addForget(trx, userId, forget);
    return deps.signal(trx, userId);
  });
  if (after) after();
}
