// What the two agenda pages (/myconcerts and /conciertos) show instead of their cards: the
// skeleton while loading, the failed read with a retry, or why nothing is listed.
import type { ReactNode } from 'react';
import { LoadFailure } from '@/components/LoadFailure';
import { useText } from '@/i18n/IntlContext';
import type { useAgendaView } from '../shared/useAgendaView';
import { AgendaSkeleton } from './AgendaSkeleton';

interface AgendaStatusProps {
  /** The page's agenda; when filters hide concerts, the empty message offers to clear them. */
  view: Pick<ReturnType<typeof useAgendaView>, 'agenda' | 'filtered' | 'clearFilters'>;
  /** True when the loaded agenda shows no card. */
  isEmpty: boolean;
  /** The cards, once there are some. */
  children: ReactNode;
}

export function AgendaStatus({ view, isEmpty, children }: AgendaStatusProps) {
  const { agenda, filtered } = view;
  const t = useText();
  if (agenda.isPending) return <AgendaSkeleton />;
  if (agenda.isError) {
    return (
      <LoadFailure className="agenda-message" onRetry={() => void agenda.refetch()}>
        {t('agenda.loadFailed')}
      </LoadFailure>
    );
  }
  if (!isEmpty) return children;
  return (
    <div className="agenda-message" role="status">
      {filtered ? (
        <>
          <p>{t('agenda.noMatch')}</p>
          <button type="button" className="button button--secondary" onClick={view.clearFilters}>
            {t('agenda.clearFilters')}
          </button>
        </>
      ) : (
        <p>{t('agenda.empty')}</p>
      )}
    </div>
  );
}
