// What the two agenda pages (/myconcerts and /conciertos) show instead of their cards: the
// skeleton while loading, the failed read with a retry, or why nothing is listed.
import type { ReactNode } from 'react';
import { LoadFailure } from '@/components/LoadFailure';
import type { useAgendaView } from '../useAgendaView';
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
  if (agenda.isPending) return <AgendaSkeleton />;
  if (agenda.isError) {
    return (
      <LoadFailure className="agenda-message" onRetry={() => void agenda.refetch()}>
        Error fetching concerts data.
      </LoadFailure>
    );
  }
  if (!isEmpty) return children;
  return (
    <div className="agenda-message" role="status">
      {filtered ? (
        <>
          <p>No hay conciertos que coincidan con tus filtros.</p>
          <button type="button" className="button button--secondary" onClick={view.clearFilters}>
            Borrar filtros
          </button>
        </>
      ) : (
        <p>No hay conciertos próximos. ¡Vuelve pronto!</p>
      )}
    </div>
  );
}
