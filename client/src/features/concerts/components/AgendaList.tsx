import { Suspense } from 'react';
import type { AgendaConcertDto } from '@common/concerts/types';
import { useText } from '@/i18n/IntlContext';
import { useRenderLimit } from '../shared/useRenderLimit';
import { ConcertCard } from './ConcertCard';

interface AgendaListProps {
  concerts: readonly AgendaConcertDto[];
  /** Other filters or another page: the list starts again from its first slice. */
  resetKey: string;
  signedIn: boolean;
  siteUrl: string;
  /** The first card's picture loads first (the fan's agenda, where it is on screen at once). */
  prioritizeFirst?: boolean;
  /** How many cards the server renders into the HTML (and hydration takes). */
  onServer: number;
}

/**
 * The agenda's cards, as the list the pages and their tests find by the name "Conciertos". They go
 * into the page a slice at a time (useRenderLimit). The limit is kept here, not in the page, so a
 * new slice renders only this list and its new cards, not the page's filters and queries again.
 */
export function AgendaList({
  concerts,
  resetKey,
  signedIn,
  siteUrl,
  prioritizeFirst,
  onServer,
}: AgendaListProps) {
  const shown = useRenderLimit(concerts.length, resetKey, onServer);
  const t = useText();
  return (
    <ul className="agenda-list" aria-label={t('agenda.list')}>
      {concerts.slice(0, shown).map((concert, index) => (
        <li key={concert.id}>
          {/* Each card hydrates on its own, after the page around it: React splits the work
              into short tasks, and hydrates first the card someone touches. */}
          <Suspense fallback={null}>
            <ConcertCard
              concert={concert}
              signedIn={signedIn}
              siteUrl={siteUrl}
              firstOnScreen={prioritizeFirst ? index === 0 : undefined}
            />
          </Suspense>
        </li>
      ))}
    </ul>
  );
}
