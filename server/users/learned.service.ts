// 'Lo que hemos aprendido de ti' on the profile: each lesson with what it came from, and forgetting
// one (learned.routes.ts). The lessons are worked out from the fan's signals on every read, so the
// list is right at once; the scores follow within seconds (the learning job).
import type { LearnedTastesResponse } from '../../common/learning/types.js';
import type { ForgetLearnedInput } from '../../common/learning/schemas.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { forgetLearned } from '../recommendations/learned-forget.js';
import type { Learner } from '../recommendations/learned-learner.js';
import { learnedOfFan } from '../recommendations/learned-lessons.js';
import { toLearnedTastesDto } from './learned.dto.js';

export interface LearnedDeps {
  db: Database;
  clock: Clock;
  learner: Pick<Learner, 'signalled'>;
}

export async function ownLearnedTastes(
  deps: Pick<LearnedDeps, 'db' | 'clock'>,
  userId: string,
  locale: Locale,
): Promise<LearnedTastesResponse> {
  return toLearnedTastesDto(await learnedOfFan(deps.db, userId, deps.clock()), locale);
}

/** Forgets one lesson (its signals so far stop counting) and answers the list without it. */
export async function forgetOwnLearnedTaste(
  deps: LearnedDeps,
  userId: string,
  input: ForgetLearnedInput,
  locale: Locale,
): Promise<LearnedTastesResponse> {
  await forgetLearned({ db: deps.db, signal: deps.learner.signalled }, userId, input);
  return ownLearnedTastes(deps, userId, locale);
}
