// What fans think of the recommendations, for the admin: their 👍/👎 of the last 30
// days by engine and score level, and the concerts with the most 👎. "The last 30 days" is read
// from the app's clock, so a test (or a replay) that sets the clock sees its own window.
import type { AdminFeedbackCountDto, AdminFeedbackResponse } from '../../../common/admin/types.js';
import type { RecommendationEngineName } from '../../../common/concerts/types.js';
import { SCORES } from '../../../common/genres/genres.js';
import type { Database } from '../../db/database.js';
import { madridDateTime, type Clock } from '../../lib/time.js';
import { countFansWithLessons, countLearnedMoves } from './learned-feedback.repository.js';
import { toDislikedConcertDto } from './feedback-admin.dto.js';
import {
  countFeedbackByEngineAndScore,
  findMostDislikedConcerts,
  type FeedbackCountRow,
} from './feedback-admin.repository.js';

export const FEEDBACK_WINDOW_DAYS = 30;
export const MOST_DISLIKED_LIMIT = 10;
const ENGINES: readonly RecommendationEngineName[] = ['builtin', 'openai'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every engine × level, zeros included; a row without an engine was scored by the built-in one. */
function countsOf(rows: FeedbackCountRow[]): AdminFeedbackCountDto[] {
  const counts = ENGINES.flatMap((engine) =>
    SCORES.map((score): AdminFeedbackCountDto => ({ engine, score, thumbsUp: 0, thumbsDown: 0 })),
  );
  for (const row of rows) {
    const engine = row.engine === 'openai' ? 'openai' : 'builtin';
    const count = counts.find((c) => c.engine === engine && c.score === row.score);
    if (!count) continue;
    count.thumbsUp += Number(row.thumbs_up);
    count.thumbsDown += Number(row.thumbs_down);
  }
  return counts;
}

export async function feedbackSummary(db: Database, clock: Clock): Promise<AdminFeedbackResponse> {
  const since = new Date(clock().getTime() - FEEDBACK_WINDOW_DAYS * DAY_MS);
  const now = clock();
  const [counts, disliked, moves, fans] = await Promise.all([
    countFeedbackByEngineAndScore(db, since),
    findMostDislikedConcerts(db, since, MOST_DISLIKED_LIMIT),
    countLearnedMoves(db, madridDateTime(now).day, since),
    countFansWithLessons(db, now),
  ]);
  return {
    days: FEEDBACK_WINDOW_DAYS,
    since: since.toISOString(),
    counts: countsOf(counts),
    mostDisliked: disliked.map(toDislikedConcertDto),
    learning: {
      fans,
      // Both directions, zeros included.
      moves: (['up', 'down'] as const).map((direction) => {
        const row = moves.find((move) => move.direction === direction);
        return {
          direction,
          scores: Number(row?.scores ?? 0),
          thumbsUp: Number(row?.thumbs_up ?? 0),
          thumbsDown: Number(row?.thumbs_down ?? 0),
        };
      }),
    },
  };
}
