import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ConcertDto,
  ConcertListResponse,
  ConcertPageDto,
  FeedbackResponse,
  LikeResponse,
  RecommendationDto,
} from '../../../../common/dto';
import type { Feedback } from '../../../../common/genres';
import { ApiError, apiFetch } from '../../lib/api';
import { agendaQuery } from './agendaQuery';
import { concertKeys } from './keys';

export function useAgenda() {
  return useQuery({ ...agendaQuery, retry: 1 });
}

/** One concert for its page; a 404 is an answer (the page says so), not a reason to retry. */
export function useConcert(id: number) {
  return useQuery({
    queryKey: concertKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<ConcertPageDto>(`/api/concerts/${id}`, { signal }),
    staleTime: 30_000,
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

const EMPTY_RECOMMENDATION: RecommendationDto = {
  score: null,
  reason: null,
  liked: false,
  feedback: 0,
};

function updateConcert(
  queryClient: QueryClient,
  id: number,
  update: (concert: ConcertDto) => ConcertDto,
): void {
  queryClient.setQueryData<ConcertListResponse>(concertKeys.agenda(), (current) =>
    current
      ? {
          concerts: current.concerts.map((concert) =>
            concert.id === id ? update(concert) : concert,
          ),
        }
      : current,
  );
  // The concert's page keeps its own copy: a like there shows there, and in the agenda.
  queryClient.setQueryData<ConcertPageDto>(concertKeys.detail(id), (current) =>
    current ? { ...current, ...update(current) } : current,
  );
}

function withRecommendation(
  concert: ConcertDto,
  change: Partial<RecommendationDto>,
): RecommendationDto {
  return { ...(concert.recommendation ?? EMPTY_RECOMMENDATION), ...change };
}

function findConcert(queryClient: QueryClient, id: number): ConcertDto | undefined {
  return (
    queryClient
      .getQueryData<ConcertListResponse>(concertKeys.agenda())
      ?.concerts.find((concert) => concert.id === id) ??
    queryClient.getQueryData<ConcertPageDto>(concertKeys.detail(id))
  );
}

/**
 * Stops a list refetch that would overwrite the optimistic change; remembers whether one was
 * running so it is asked for again once the change has settled (new scores may be in it).
 */
async function pauseAgendaRefetch(queryClient: QueryClient): Promise<boolean> {
  const wasFetching = queryClient.isFetching({ queryKey: concertKeys.agenda() }) > 0;
  await queryClient.cancelQueries({ queryKey: concertKeys.agenda() });
  return wasFetching;
}

interface LikeContext {
  liked: boolean;
  likeCount: number;
  refetch: boolean;
}

export function useLikeMutation(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation<LikeResponse, Error, boolean, LikeContext>({
    mutationFn: (liked) =>
      apiFetch<LikeResponse>(`/api/concerts/${concertId}/like`, {
        method: 'PUT',
        body: { liked },
      }),
    onMutate: async (liked) => {
      const refetch = await pauseAgendaRefetch(queryClient);
      const before = findConcert(queryClient, concertId);
      const previous = {
        liked: before?.recommendation?.liked ?? false,
        likeCount: before?.likeCount ?? 0,
        refetch,
      };
      updateConcert(queryClient, concertId, (concert) => ({
        ...concert,
        likeCount: Math.max(0, concert.likeCount + (liked ? 1 : -1)),
        recommendation: withRecommendation(concert, { liked }),
      }));
      return previous;
    },
    onError: (error, _liked, context) => {
      console.error('No se ha podido guardar el me gusta', error);
      if (!context) return;
      updateConcert(queryClient, concertId, (concert) => ({
        ...concert,
        likeCount: context.likeCount,
        recommendation: withRecommendation(concert, { liked: context.liked }),
      }));
    },
    onSuccess: (answer) => {
      updateConcert(queryClient, concertId, (concert) => ({
        ...concert,
        likeCount: answer.likeCount,
        recommendation: withRecommendation(concert, { liked: answer.liked }),
      }));
    },
    onSettled: (_data, _error, _liked, context) => {
      if (context?.refetch) void queryClient.invalidateQueries({ queryKey: concertKeys.agenda() });
    },
  });
}

interface FeedbackContext {
  feedback: Feedback;
  refetch: boolean;
}

export function useFeedbackMutation(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation<FeedbackResponse, Error, Feedback, FeedbackContext>({
    mutationFn: (feedback) =>
      apiFetch<FeedbackResponse>(`/api/concerts/${concertId}/feedback`, {
        method: 'PUT',
        body: { feedback },
      }),
    onMutate: async (feedback) => {
      const refetch = await pauseAgendaRefetch(queryClient);
      const before = findConcert(queryClient, concertId);
      const previous = { feedback: before?.recommendation?.feedback ?? 0, refetch };
      updateConcert(queryClient, concertId, (concert) => ({
        ...concert,
        recommendation: withRecommendation(concert, { feedback }),
      }));
      return previous;
    },
    onError: (error, _feedback, context) => {
      console.error('No se ha podido guardar la valoración', error);
      if (!context) return;
      updateConcert(queryClient, concertId, (concert) => ({
        ...concert,
        recommendation: withRecommendation(concert, { feedback: context.feedback }),
      }));
    },
    onSuccess: (answer) => {
      updateConcert(queryClient, concertId, (concert) => ({
        ...concert,
        recommendation: withRecommendation(concert, { feedback: answer.feedback }),
      }));
    },
    onSettled: (_data, _error, _feedback, context) => {
      if (context?.refetch) void queryClient.invalidateQueries({ queryKey: concertKeys.agenda() });
    },
  });
}
