import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AgendaConcertDto,
  ConcertListResponse,
  ConcertPageDto,
  FeedbackResponse,
  LikeCountsResponse,
  LikeResponse,
  RecommendationDto,
} from '@common/dto';
import type { Feedback } from '@common/genres';
import { ApiError, apiFetch } from '@/lib/api';
import { useValueAsRendered } from '@/lib/hydration';
import { embeddedPageData } from '@/lib/pageData';
import { agendaQuery, likeCountsQuery } from './agendaQuery';
import { concertKeys } from './keys';

/**
 * The fan's (or the visitors') agenda. The like counts come apart (see agendaQuery.ts) and are
 * fetched and refreshed here for the page, but each card reads its own (`useLikeCount`): merged
 * into the concerts, every like and every minute's refresh made new concert objects and rendered
 * every card of the list again, 300 of them in a fan's agenda.
 */
export function useAgenda() {
  const agenda = useQuery({ ...agendaQuery, retry: 1 });
  // Only its fetching matters here: this component reads nothing of it, so a new answer does not
  // render the page again (TanStack Query tracks what is read).
  useQuery({ ...likeCountsQuery, retry: 1 });
  return {
    data: agenda.data,
    isPending: agenda.isPending,
    isError: agenda.isError,
    refetch: agenda.refetch,
  };
}

/**
 * One concert's like count, from the shared counts: 0 until they arrive, or if they fail. The card
 * renders again only when its own count changes.
 */
export function useLikeCount(concertId: number): number {
  const { data } = useQuery({
    ...likeCountsQuery,
    select: (counts: LikeCountsResponse) => counts.likeCounts[concertId] ?? 0,
    // Only read here: useAgenda fetches and refreshes them for the whole page, once (a card that
    // mounts after a failed fetch must not ask again).
    enabled: false,
  });
  const live = data ?? 0;
  const embedded = embeddedPageData()?.likeCounts?.likeCounts;
  return useValueAsRendered(live, embedded ? (embedded[concertId] ?? 0) : live);
}

/** A concert for its page, or null when there is none: a 404 is an answer, not an error. */
async function fetchConcert(id: number, signal: AbortSignal): Promise<ConcertPageDto | null> {
  try {
    return await apiFetch<ConcertPageDto>(`/api/concerts/${id}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** One concert for its page (the server puts the one it rendered in the cache first). */
export function useConcert(id: number) {
  return useQuery({
    queryKey: concertKeys.detail(id),
    queryFn: ({ signal }) => fetchConcert(id, signal),
    staleTime: 30_000,
    retry: 1,
  });
}

const EMPTY_RECOMMENDATION: RecommendationDto = {
  score: null,
  reason: null,
  liked: false,
  feedback: 0,
};

function withRecommendation(
  concert: AgendaConcertDto,
  change: Partial<RecommendationDto>,
): RecommendationDto {
  return { ...(concert.recommendation ?? EMPTY_RECOMMENDATION), ...change };
}

/** The fan's row of one concert, in the agenda and in the concert's page (which keeps its own). */
function setRecommendation(
  queryClient: QueryClient,
  id: number,
  change: Partial<RecommendationDto>,
): void {
  queryClient.setQueryData<ConcertListResponse>(concertKeys.agenda(), (current) =>
    current
      ? {
          concerts: current.concerts.map((concert) =>
            concert.id === id
              ? { ...concert, recommendation: withRecommendation(concert, change) }
              : concert,
          ),
        }
      : current,
  );
  queryClient.setQueryData<ConcertPageDto>(concertKeys.detail(id), (current) =>
    current ? { ...current, recommendation: withRecommendation(current, change) } : current,
  );
}

/** One concert's like count, in the shared counts and in the concert's page. */
function setLikeCount(queryClient: QueryClient, id: number, likeCount: number): void {
  queryClient.setQueryData<LikeCountsResponse>(concertKeys.likeCounts(), (current) =>
    current ? { likeCounts: { ...current.likeCounts, [id]: likeCount } } : current,
  );
  queryClient.setQueryData<ConcertPageDto>(concertKeys.detail(id), (current) =>
    current ? { ...current, likeCount } : current,
  );
}

function findRecommendation(queryClient: QueryClient, id: number): RecommendationDto | null {
  const concert =
    queryClient
      .getQueryData<ConcertListResponse>(concertKeys.agenda())
      ?.concerts.find((found) => found.id === id) ??
    queryClient.getQueryData<ConcertPageDto>(concertKeys.detail(id));
  return concert?.recommendation ?? null;
}

function findLikeCount(queryClient: QueryClient, id: number): number {
  return (
    queryClient.getQueryData<ConcertPageDto>(concertKeys.detail(id))?.likeCount ??
    queryClient.getQueryData<LikeCountsResponse>(concertKeys.likeCounts())?.likeCounts[id] ??
    0
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

/** Once the change has settled, asks again for the refetch it paused. */
function resumeAgendaRefetch(queryClient: QueryClient, context?: { refetch: boolean }): void {
  if (context?.refetch) void queryClient.invalidateQueries({ queryKey: concertKeys.agenda() });
}

/** The fan's like or thumbs on a concert. */
const putOnConcert = <Answer>(concertId: number, what: 'like' | 'feedback', body: object) =>
  apiFetch<Answer>(`/api/concerts/${concertId}/${what}`, { method: 'PUT', body });

interface LikeContext {
  liked: boolean;
  likeCount: number;
  refetch: boolean;
}

export function useLikeMutation(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation<LikeResponse, Error, boolean, LikeContext>({
    mutationFn: (liked) => putOnConcert<LikeResponse>(concertId, 'like', { liked }),
    onMutate: async (liked) => {
      const refetch = await pauseAgendaRefetch(queryClient);
      await queryClient.cancelQueries({ queryKey: concertKeys.likeCounts() });
      const previous = {
        liked: findRecommendation(queryClient, concertId)?.liked ?? false,
        likeCount: findLikeCount(queryClient, concertId),
        refetch,
      };
      setRecommendation(queryClient, concertId, { liked });
      setLikeCount(queryClient, concertId, Math.max(0, previous.likeCount + (liked ? 1 : -1)));
      return previous;
    },
    onError: (error, _liked, context) => {
      console.error('No se ha podido guardar el me gusta', error);
      if (!context) return;
      setRecommendation(queryClient, concertId, { liked: context.liked });
      setLikeCount(queryClient, concertId, context.likeCount);
    },
    onSuccess: (answer) => {
      setRecommendation(queryClient, concertId, { liked: answer.liked });
      setLikeCount(queryClient, concertId, answer.likeCount);
    },
    onSettled: (_data, _error, _liked, context) => resumeAgendaRefetch(queryClient, context),
  });
}

interface FeedbackContext {
  feedback: Feedback;
  refetch: boolean;
}

export function useFeedbackMutation(concertId: number) {
  const queryClient = useQueryClient();
  return useMutation<FeedbackResponse, Error, Feedback, FeedbackContext>({
    mutationFn: (feedback) => putOnConcert<FeedbackResponse>(concertId, 'feedback', { feedback }),
    onMutate: async (feedback) => {
      const refetch = await pauseAgendaRefetch(queryClient);
      const previous = {
        feedback: findRecommendation(queryClient, concertId)?.feedback ?? 0,
        refetch,
      };
      setRecommendation(queryClient, concertId, { feedback });
      return previous;
    },
    onError: (error, _feedback, context) => {
      console.error('No se ha podido guardar la valoración', error);
      if (!context) return;
      setRecommendation(queryClient, concertId, { feedback: context.feedback });
    },
    onSuccess: (answer) => {
      setRecommendation(queryClient, concertId, { feedback: answer.feedback });
    },
    onSettled: (_data, _error, _feedback, context) => resumeAgendaRefetch(queryClient, context),
  });
}
