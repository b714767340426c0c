import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AgendaConcertDto,
  ConcertListResponse,
  ConcertPageDto,
  FeedbackResponse,
  GoingResponse,
  LikeCountsResponse,
  LikeResponse,
  RecommendationDto,
  RecommendationProgressDto,
} from '@common/concerts/types';
import type { Feedback } from '@common/genres/genres';
import { useEffect } from 'react';
import { ApiError, apiFetch } from '@/lib/api';
import { useValueAsRendered } from '@/lib/hydration';
import { embeddedPageData } from '@/lib/pageData';
import { pageLocale } from '@/i18n/load';
import { agendaQuery, likeCountsQuery } from './agendaQuery';
import { concertKeys } from './keys';
import { AFTER_HYDRATION_LATEST_MS, whenIdle } from './whenIdle';

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
  useQuery({ ...likeCountsQuery, retry: 1, refetchOnMount: false });
  // The counts in a kept page may be old, but asked again at mount their answer can come while
  // the cards hydrate: React then hydrates every card at once, in one long task. So once idle.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      whenIdle(() => {
        void queryClient.refetchQueries({ queryKey: likeCountsQuery.queryKey, stale: true });
      }, AFTER_HYDRATION_LATEST_MS),
    [queryClient],
  );
  return {
    data: agenda.data,
    isPending: agenda.isPending,
    isError: agenda.isError,
    refetch: agenda.refetch,
  };
}

type CountsField = keyof LikeCountsResponse;

/**
 * One concert's like count (or count of fans going), from the shared counts: 0 until they arrive,
 * or if they fail. The card renders again only when its own count changes.
 */
function useConcertCount(concertId: number, field: CountsField): number {
  const { data } = useQuery({
    ...likeCountsQuery,
    select: (counts: LikeCountsResponse) => counts[field][concertId] ?? 0,
    // Only read here: useAgenda fetches and refreshes them for the whole page, once (a card that
    // mounts after a failed fetch must not ask again).
    enabled: false,
  });
  const live = data ?? 0;
  const embedded = embeddedPageData()?.likeCounts?.[field];
  return useValueAsRendered(live, embedded ? (embedded[concertId] ?? 0) : live);
}

export const useLikeCount = (concertId: number) => useConcertCount(concertId, 'likeCounts');
export const useGoingCount = (concertId: number) => useConcertCount(concertId, 'goingCounts');

/** A concert for its page, or null when there is none: a 404 is an answer, not an error. */
async function fetchConcert(id: number, signal: AbortSignal): Promise<ConcertPageDto | null> {
  try {
    // Its descriptions in the page's language, whatever the address said it with.
    return await apiFetch<ConcertPageDto>(`/api/concerts/${id}?lang=${pageLocale()}`, { signal });
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

/** Starts scoring the fan's unscored concerts; answers how far it has got. */
export const startRecommendations = (signal?: AbortSignal) =>
  apiFetch<RecommendationProgressDto>('/api/recommendations/generate', { method: 'POST', signal });

/** How far the scoring has got since. */
export const fetchRecommendationProgress = (signal?: AbortSignal) =>
  apiFetch<RecommendationProgressDto>('/api/recommendations/progress', { signal });

const EMPTY_RECOMMENDATION: RecommendationDto = {
  score: null,
  reason: null,
  liked: false,
  feedback: 0,
  going: false,
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

/** A count a fan's toggle moves: in the shared counts, and its field in the concert's page. */
interface CountedToggle<Answer = unknown> {
  /** PUT /api/concerts/:id/<path> */
  path: 'like' | 'going';
  /** The fan's flag, in the recommendation and in the body and answer of the PUT. */
  flag: 'liked' | 'going';
  /** The count in the PUT's answer and in the concert's page. */
  count: 'likeCount' | 'goingCount';
  counts: CountsField;
  failure: string;
  /** The flag and the count the PUT answered. */
  read: (answer: Answer) => { on: boolean; count: number };
}

type CountFields = Pick<CountedToggle, 'count' | 'counts'>;

const LIKE = {
  path: 'like',
  flag: 'liked',
  count: 'likeCount',
  counts: 'likeCounts',
  failure: 'No se ha podido guardar el me gusta',
  read: (answer: LikeResponse) => ({ on: answer.liked, count: answer.likeCount }),
} as const satisfies CountedToggle<LikeResponse>;

const GOING = {
  path: 'going',
  flag: 'going',
  count: 'goingCount',
  counts: 'goingCounts',
  failure: 'No se ha podido guardar el «Voy»',
  read: (answer: GoingResponse) => ({ on: answer.going, count: answer.goingCount }),
} as const satisfies CountedToggle<GoingResponse>;

function setCount(queryClient: QueryClient, id: number, toggle: CountFields, value: number) {
  queryClient.setQueryData<LikeCountsResponse>(concertKeys.likeCounts(), (current) =>
    current ? { ...current, [toggle.counts]: { ...current[toggle.counts], [id]: value } } : current,
  );
  queryClient.setQueryData<ConcertPageDto>(concertKeys.detail(id), (current) =>
    current ? { ...current, [toggle.count]: value } : current,
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

function findCount(queryClient: QueryClient, id: number, toggle: CountFields): number {
  return (
    queryClient.getQueryData<ConcertPageDto>(concertKeys.detail(id))?.[toggle.count] ??
    queryClient.getQueryData<LikeCountsResponse>(concertKeys.likeCounts())?.[toggle.counts][id] ??
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

/** The fan's like, "Voy" or thumbs on a concert. */
const putOnConcert = <Answer>(
  concertId: number,
  what: 'like' | 'going' | 'feedback',
  body: object,
) => apiFetch<Answer>(`/api/concerts/${concertId}/${what}`, { method: 'PUT', body });

interface ToggleContext {
  on: boolean;
  count: number;
  refetch: boolean;
}

/** An optimistic toggle with a count (like, "Voy"), put back as it was when it fails. */
function useCountedToggle<Answer>(concertId: number, toggle: CountedToggle<Answer>) {
  const queryClient = useQueryClient();
  const show = (on: boolean, count: number) => {
    setRecommendation(queryClient, concertId, { [toggle.flag]: on });
    setCount(queryClient, concertId, toggle, count);
  };
  return useMutation<Answer, Error, boolean, ToggleContext>({
    mutationFn: (on) => putOnConcert<Answer>(concertId, toggle.path, { [toggle.flag]: on }),
    onMutate: async (on) => {
      const refetch = await pauseAgendaRefetch(queryClient);
      await queryClient.cancelQueries({ queryKey: concertKeys.likeCounts() });
      const previous = {
        on: findRecommendation(queryClient, concertId)?.[toggle.flag] ?? false,
        count: findCount(queryClient, concertId, toggle),
        refetch,
      };
      show(on, Math.max(0, previous.count + (on ? 1 : -1)));
      return previous;
    },
    onError: (error, _on, context) => {
      console.error(toggle.failure, error);
      if (context) show(context.on, context.count);
    },
    onSuccess: (answer) => {
      const { on, count } = toggle.read(answer);
      show(on, count);
    },
    onSettled: (_data, _error, _on, context) => resumeAgendaRefetch(queryClient, context),
  });
}

export const useLikeMutation = (concertId: number) => useCountedToggle(concertId, LIKE);
export const useGoingMutation = (concertId: number) => useCountedToggle(concertId, GOING);

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
