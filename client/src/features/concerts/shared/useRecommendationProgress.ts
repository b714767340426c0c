import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RecommendationProgressDto } from '@common/concerts/types';
import { concertKeys, recommendationKeys } from './keys';
import { fetchRecommendationProgress, startRecommendations } from './queries';
import { AFTER_HYDRATION_LATEST_MS, whenIdle } from './whenIdle';

const POLL_INTERVAL_MS = 1500;

function isUnfinished(progress: RecommendationProgressDto | null): boolean {
  return progress !== null && progress.running && progress.scored < progress.total;
}

/**
 * Starts scoring the fan's unscored concerts, then follows the progress every 1.5 s while work
 * remains, refetching the list whenever more scores are in. Returns the latest progress.
 * showsUnscored: the page draws a concert still waiting for its score.
 */
export function useRecommendationProgress(showsUnscored: boolean): {
  progress: RecommendationProgressDto | null;
  unfinished: boolean;
} {
  const queryClient = useQueryClient();
  // Asked once the page is idle: an answer while the page hydrates would make React hydrate all
  // of it at once, in one long task on a slow phone.
  const [asking, setAsking] = useState(false);
  useEffect(() => whenIdle(() => setAsking(true), AFTER_HYDRATION_LATEST_MS), []);
  // A query (not an effect): one POST however often the page mounts.
  const generate = useQuery({
    enabled: asking,
    queryKey: recommendationKeys.generate(),
    queryFn: ({ signal }) => startRecommendations(signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [polled, setPolled] = useState<RecommendationProgressDto | null>(null);
  const progress = polled ?? generate.data ?? null;
  const unfinished = isUnfinished(progress);
  const lastScored = useRef<number | null>(null);

  useEffect(() => {
    if (!progress) return;
    const previous = lastScored.current;
    lastScored.current = progress.scored;
    const moreScores = previous !== null && progress.scored > previous;
    // Scoring (started by the profile) may end between this page's data and the first answer.
    const endedBeforeAsked = previous === null && !isUnfinished(progress) && showsUnscored;
    if (moreScores || endedBeforeAsked) {
      // The agenda and any concert page open (concertKeys.detail) show the new scores.
      void queryClient.invalidateQueries({ queryKey: concertKeys.all });
    }
  }, [progress, queryClient, showsUnscored]);

  useEffect(() => {
    if (!progress || !isUnfinished(progress)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchRecommendationProgress(controller.signal)
        .then((next) => setPolled(next))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('No se ha podido consultar el progreso de las recomendaciones', error);
          // A new object so the next attempt is scheduled.
          setPolled({ ...progress });
        });
    }, POLL_INTERVAL_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [progress]);

  if (generate.isError) return { progress: null, unfinished: false };
  return { progress, unfinished };
}
