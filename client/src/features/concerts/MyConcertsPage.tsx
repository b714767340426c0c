import { usePageTitle } from '@/components/usePageTitle';
import { useText } from '@/i18n/IntlContext';
import { AgendaList } from './components/AgendaList';
import { AgendaStatus } from './components/AgendaStatus';
import { FiltersBar } from './components/FiltersBar';
import { OfflineNote } from './components/OfflineNote';
import { RecommendationProgress } from './components/RecommendationProgress';
import { isScorePending } from './components/score';
import { useAgendaView } from './shared/useAgendaView';
import { useRecommendationProgress } from './shared/useRecommendationProgress';
import './Concerts.css';

export function MyConcertsPage() {
  const t = useText();
  usePageTitle(t('agenda.myTitle'));
  const view = useAgendaView({ scored: true });
  const showsUnscored = view.concerts.some((concert) =>
    isScorePending(concert.recommendation, concert.cancelled),
  );
  const { progress, unfinished } = useRecommendationProgress(showsUnscored);
  const { signedIn, siteUrl, filters, setFilter, visible } = view;

  return (
    <div className="page page--wide page--compact agenda-page">
      <h1>{t('agenda.myTitle')}</h1>
      <OfflineNote />
      {unfinished && progress && <RecommendationProgress progress={progress} />}
      <FiltersBar filters={filters} concerts={view.concerts} onChange={setFilter} />
      <AgendaStatus view={view} isEmpty={visible.length === 0}>
        <AgendaList
          concerts={visible}
          // Other filters start over from the first slice (see AgendaList).
          resetKey={Object.values(view.listFilters).join('|')}
          signedIn={signedIn}
          siteUrl={siteUrl}
          prioritizeFirst
          // Two rows on a laptop: the rest come once the app runs.
          onServer={6}
        />
      </AgendaStatus>
    </div>
  );
}
