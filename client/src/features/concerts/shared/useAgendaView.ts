import { useDeferredValue, useMemo } from 'react';
import { usePublicUrl } from '@/lib/config';
import { useSession } from '@/lib/session';
import { applyFilters, hasFilters } from './filters';
import { useAgendaFilters } from './useAgendaFilters';
import { useAgenda } from './queries';

/**
 * What both agenda pages (/myconcerts and /conciertos) read: the agenda, its filters from the URL,
 * every concert (the filter bar's choices come from them), and those the filters leave. `scored`
 * is false on /conciertos, where visitors have no scores, so the score filter is left aside there.
 */
export function useAgendaView({ scored }: { scored: boolean }) {
  const { data: session } = useSession();
  const siteUrl = usePublicUrl();
  const agenda = useAgenda();
  const { filters, setFilter, clearFilters } = useAgendaFilters();

  const concerts = useMemo(() => agenda.data?.concerts ?? [], [agenda.data]);
  // The filter bar shows a new choice at once; the cards follow in a render React may interrupt.
  const listFilters = useDeferredValue(filters);
  const visible = useMemo(
    () => applyFilters(concerts, scored ? listFilters : { ...listFilters, puntuacion: '' }),
    [concerts, listFilters, scored],
  );
  return {
    signedIn: Boolean(session?.user),
    siteUrl,
    agenda,
    filters,
    /** The filters the cards shown were chosen by (they follow `filters` a render later). */
    listFilters,
    setFilter,
    clearFilters,
    concerts,
    visible,
    /** Filters are set or hide concerts: an empty list then offers to clear them. */
    filtered: hasFilters(filters) || concerts.length > 0,
  };
}
