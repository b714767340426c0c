import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/usePageTitle';
import { useRichText, useText } from '@/i18n/IntlContext';
import { AgendaList } from './components/AgendaList';
import { AgendaStatus } from './components/AgendaStatus';
import { FiltersBar } from './components/FiltersBar';
import { useAgendaView } from './shared/useAgendaView';
import './Concerts.css';

/** Cards per page: 1,000 upcoming concerts stay a short page to render and to read. */
export const PAGE_SIZE = 24;

function pageFrom(params: URLSearchParams, pages: number): number {
  const page = Number(params.get('pagina') ?? '1');
  return Number.isInteger(page) && page >= 1 ? Math.min(page, Math.max(pages, 1)) : 1;
}

/** /conciertos: every upcoming concert, for visitors too, with the agenda's filters, in pages. */
export function PublicAgendaPage() {
  const t = useText();
  const rich = useRichText();
  usePageTitle(t('agenda.publicTitle'));
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
      <h1>{t('agenda.publicTitle')}</h1>
      {!signedIn && (
        <p className="agenda-intro">
          {rich('agenda.publicIntro', { link: (chunks) => <Link to="/">{chunks}</Link> })}
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
          {t('agenda.count', { count: visible.length })}
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
          <nav className="agenda-pages" aria-label={t('agenda.pages')}>
            {page > 1 && (
              <Link to={pageLink(page - 1)} rel="prev">
                {t('agenda.previousPage')}
              </Link>
            )}
            <span>{t('agenda.pageOf', { page, pages })}</span>
            {page < pages && (
              <Link to={pageLink(page + 1)} rel="next">
                {t('agenda.nextPage')}
              </Link>
            )}
          </nav>
        )}
      </AgendaStatus>
    </div>
  );
}
