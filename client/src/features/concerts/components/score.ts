import type { RecommendationDto } from '@common/concerts/types';
import { SCORE_VIEW } from '@common/genres/genres';
import type { MessageId } from '@common/i18n/catalogues';

export const PENDING_SCORE = { emoji: '⏳', label: 'concert.score.pending' } as const;
/** A cancelled concert is never scored: it says so instead of waiting forever. */
export const CANCELLED_SCORE = { emoji: '🚫', label: 'concert.score.cancelled' } as const;

/** The score's emoji and the id of its words ('muy alto', 'calculando'...). */
export function scoreView(
  recommendation: RecommendationDto | null,
  cancelled = false,
): { emoji: string; label: MessageId } {
  if (cancelled) return CANCELLED_SCORE;
  const score = recommendation?.score;
  return score
    ? { emoji: SCORE_VIEW[score].emoji, label: `concert.score.${score}` }
    : PENDING_SCORE;
}

/** Waiting for a score: only while there is one to wait for. */
export const isScorePending = (recommendation: RecommendationDto | null, cancelled: boolean) =>
  !cancelled && (!recommendation || recommendation.score === null);
