import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormStatus } from '../../components/FormStatus';
import { usePageTitle } from '../../components/usePageTitle';
import { usePublicUrl } from '../../lib/config';
import { useSession } from '../../lib/session';
import { AgendaSkeleton } from './components/AgendaSkeleton';
import { ConcertCard } from './components/ConcertCard';
import { FiltersBar } from './components/FiltersBar';
import {
  applyFilters,
  hasFilters,
  uniqueBandNames,
  uniqueGenres,
  useAgendaFilters,
} from './filters';
import { useAgenda } from './queries';
import { useRenderLimit } from './useRenderLimit';
import './Concerts.css';

/** Cards per page: 1,000 upcoming concerts stay a short page to render and to read. */
export const PAGE_SIZE = 24;

function pageFrom(params: URLSearchParams, pages: number): number {
  const page = Number(params.get('pagina') ?? '1');
  return Number.isInteger(page) && page >= 1 ? Math.min(page, Math.max(pages, 1)) : 1;
}

/** /conciertos: every upcoming concert, for visitors too, with the agenda's filters, in pages. */
export function PublicAgendaPage() {
  usePageTitle('Agenda de conciertos en Mallorca');
  const { data: session } = useSession();
  const signedIn = Boolean(session?.user);
  const siteUrl = usePublicUrl();
  const agenda = useAgenda();
  const { filters, setFilter, clearFilters } = useAgendaFilters();
  const [params] = useSearchParams();

  const concerts = useMemo(() => agenda.data?.concerts ?? [], [agenda.data]);
  const bandNames = useMemo(() => uniqueBandNames(concerts), [concerts]);
  const genres = useMemo(() => uniqueGenres(concerts), [concerts]);
  const visible = useMemo(
    // The score filter belongs to /myconcerts: visitors have no scores.
    () => applyFilters(concerts, { ...filters, puntuacion: '' }),
    [concerts, filters],
  );
  const pages = Math.ceil(visible.length / PAGE_SIZE);
  const page = pageFrom(params, pages);
  const onPage = visible.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  // A screenful of cards at once, the rest of the page's when the browser is idle (useRenderLimit),
  // so 24 cards are never one long task on a phone; another page or filter starts over.
  const limit = useRenderLimit(
    onPage.length,
    `${page}|${filters.fecha}|${filters.banda}|${filters.genero}|${filters.precio}`,
  );
  const shown = onPage.slice(0, limit);

  const pageLink = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('pagina');
    else next.set('pagina', String(target));
    const query = next.toString();
    return query ? `/conciertos?${query}` : '/conciertos';
  };

  return (
    <div className="page page--wide page--compact agenda-page">
      <h1>Agenda de conciertos en Mallorca</h1>
      {!signedIn && (
        <p className="agenda-intro">
          Todos los próximos conciertos de la isla. <Link to="/">Crea tu cuenta gratis</Link> y te
          diremos cuáles encajan con tu música.
        </p>
      )}
      <FiltersBar
        filters={filters}
        bandNames={bandNames}
        genres={genres}
        showScore={false}
        onChange={setFilter}
      />
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
      ) : onPage.length === 0 ? (
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
        <>
          <p className="agenda-count" role="status">
            {visible.length === 1 ? '1 concierto' : `${visible.length} conciertos`}
          </p>
          <ul className="agenda-list" aria-label="Conciertos">
            {shown.map((concert, index) => (
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
          {pages > 1 && (
            <nav className="agenda-pages" aria-label="Páginas de la agenda">
              {page > 1 && (
                <Link to={pageLink(page - 1)} rel="prev">
                  Página anterior
                </Link>
              )}
              <span>
                Página {page} de {pages}
              </span>
              {page < pages && (
                <Link to={pageLink(page + 1)} rel="next">
                  Página siguiente
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
