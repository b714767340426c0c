import type { RecommendationDto } from '../../../../../common/dto';

export const SCORE_VIEW = {
  extreme: { emoji: '🔥🔥🔥', label: 'muy alto' },
  high: { emoji: '🔥🔥', label: 'alto' },
  medium: { emoji: '🔥', label: 'medio' },
  low: { emoji: '😴', label: 'bajo' },
} as const;

export const PENDING_SCORE = { emoji: '⏳', label: 'calculando' } as const;

export function scoreView(recommendation: RecommendationDto | null) {
  const score = recommendation?.score;
  return score ? SCORE_VIEW[score] : PENDING_SCORE;
}
