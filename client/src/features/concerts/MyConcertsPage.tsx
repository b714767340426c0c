import { useMemo } from 'react';
import { usePageTitle } from '../../components/usePageTitle';
import { usePublicUrl } from '../../lib/config';
import { useSession } from '../../lib/session';
import { AgendaSkeleton } from './components/AgendaSkeleton';
import { ConcertCard } from './components/ConcertCard';
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
import { FormStatus } from '../../components/FormStatus';
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
      {agenda.isPending ? (
        <AgendaSkeleton />
      ) : agenda.isError ? (
        <div className="agenda-message">
          <FormStatus kind="error">Error fetching concerts data.</FormStatus>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void agenda.refetch()}
          >
            Reintentar
          </button>
        </div>
      ) : visible.length === 0 ? (
        <div className="agenda-message" role="status">
          {hasFilters(filters) || concerts.length > 0 ? (
            <>
              <p>No hay conciertos que coincidan con tus filtros.</p>
              <button type="button" className="button button--secondary" onClick={clearFilters}>
                Borrar filtros
              </button>
            </>
          ) : (
            <p>No hay conciertos próximos. ¡Vuelve pronto!</p>
          )}
        </div>
      ) : (
        <ul className="agenda-list" aria-label="Conciertos">
          {visible.slice(0, shown).map((concert, index) => (
            <li key={concert.id}>
              <ConcertCard
                concert={concert}
                signedIn={signedIn}
                siteUrl={siteUrl}
                firstOnScreen={index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
