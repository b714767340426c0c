// What the two agenda pages (/myconcerts and /conciertos) show instead of their cards: the
// loading state each page chooses, the failed read with a retry, or why nothing is listed.
import type { ReactNode } from 'react';
import { LoadFailure } from '@/components/LoadFailure';

interface AgendaStatusProps {
  agenda: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What stands in while the agenda loads (a skeleton, a status line). */
  loading: ReactNode;
  /** True when the loaded agenda shows no card. */
  isEmpty: boolean;
  /** True when filters are set or hide concerts: then the empty message offers to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
  /** The cards, once there are some. */
  children: ReactNode;
}

export function AgendaStatus({
  agenda,
  loading,
  isEmpty,
  filtered,
  onClearFilters,
  children,
}: AgendaStatusProps) {
  if (agenda.isPending) return loading;
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
          <button type="button" className="button button--secondary" onClick={onClearFilters}>
            Borrar filtros
          </button>
        </>
      ) : (
        <p>No hay conciertos próximos. ¡Vuelve pronto!</p>
      )}
    </div>
  );
}
