import type { RecommendationDto } from '@common/dto';
import { SCORE_VIEW } from '@common/genres';

export const PENDING_SCORE = { emoji: '⏳', label: 'calculando' } as const;
/** A cancelled concert is never scored: it says so instead of waiting forever. */
export const CANCELLED_SCORE = { emoji: '🚫', label: 'concierto cancelado' } as const;

export const CANCELLED_REASON = 'Este concierto se ha cancelado.';

export function scoreView(recommendation: RecommendationDto | null, cancelled = false) {
  if (cancelled) return CANCELLED_SCORE;
  const score = recommendation?.score;
  return score ? SCORE_VIEW[score] : PENDING_SCORE;
}

/** Waiting for a score: only while there is one to wait for. */
export const isScorePending = (recommendation: RecommendationDto | null, cancelled: boolean) =>
  !cancelled && (!recommendation || recommendation.score === null);
