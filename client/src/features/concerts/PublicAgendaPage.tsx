import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/usePageTitle';
import { AgendaList } from './components/AgendaList';
import { AgendaStatus } from './components/AgendaStatus';
import { FiltersBar } from './components/FiltersBar';
import { useAgendaView } from './useAgendaView';
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
  // The score filter belongs to /myconcerts: visitors have no scores.
  const view = useAgendaView({ scored: false });
  const { signedIn, siteUrl, filters, setFilter, visible } = view;
  const [params] = useSearchParams();
  const pages = Math.ceil(visible.length / PAGE_SIZE);
  const page = pageFrom(params, pages);
  const onPage = visible.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

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
        concerts={view.concerts}
        showScore={false}
        onChange={setFilter}
      />
      <AgendaStatus view={view} isEmpty={onPage.length === 0}>
        <p className="agenda-count" role="status">
          {visible.length === 1 ? '1 concierto' : `${visible.length} conciertos`}
        </p>
        <AgendaList
          concerts={onPage}
          resetKey={`${page}|${Object.values(view.listFilters).join('|')}`}
          signedIn={signedIn}
          siteUrl={siteUrl}
          prioritizeFirst
          // The whole page: it reads without JavaScript.
          onServer={PAGE_SIZE}
        />
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
      </AgendaStatus>
    </div>
  );
}
