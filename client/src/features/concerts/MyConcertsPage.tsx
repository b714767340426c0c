import { useMemo } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { usePublicUrl } from '../../lib/config';
import { useSession } from '../../lib/session';
import { AgendaSkeleton } from './components/AgendaSkeleton';
import { AgendaList } from './components/AgendaList';
import { AgendaStatus } from './components/AgendaStatus';
import { FiltersBar } from './components/FiltersBar';
import { RecommendationProgress } from './components/RecommendationProgress';
import {
  applyFilters,
  hasFilters,
  uniqueBandNames,
  uniqueGenres,
  useAgendaFilters,
} from './filters';
import { useAgenda } from './queries';
import { useRecommendationProgress } from './useRecommendationProgress';
import { useRenderLimit } from './useRenderLimit';
import './Concerts.css';

export function MyConcertsPage() {
  usePageTitle('Tus conciertos');
  const { data: session } = useSession();
  const signedIn = Boolean(session?.user);
  const siteUrl = usePublicUrl();
  const { progress, unfinished } = useRecommendationProgress();
  const agenda = useAgenda();
  const { filters, setFilter, clearFilters } = useAgendaFilters();

  const concerts = useMemo(() => agenda.data?.concerts ?? [], [agenda.data]);
  const bandNames = useMemo(() => uniqueBandNames(concerts), [concerts]);
  const genres = useMemo(() => uniqueGenres(concerts), [concerts]);
  const visible = applyFilters(concerts, filters);
  // The cards go into the page a slice at a time (see useRenderLimit); other filters start over.
  const shown = useRenderLimit(
    visible.length,
    `${filters.fecha}|${filters.puntuacion}|${filters.banda}`,
  );

  return (
    <div className="page page--wide page--compact agenda-page">
      <h1>Tus conciertos</h1>
      {unfinished && progress && <RecommendationProgress progress={progress} />}
      <FiltersBar filters={filters} bandNames={bandNames} genres={genres} onChange={setFilter} />
      <AgendaStatus
        agenda={agenda}
        loading={<AgendaSkeleton />}
        isEmpty={visible.length === 0}
        filtered={hasFilters(filters) || concerts.length > 0}
        onClearFilters={clearFilters}
      >
        <AgendaList
          concerts={visible.slice(0, shown)}
          signedIn={signedIn}
          siteUrl={siteUrl}
          prioritizeFirst
        />
      </AgendaStatus>
    </div>
  );
}
