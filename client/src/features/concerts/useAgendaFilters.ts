import { useCallback } from 'react';
import { useSearchParams } from '../../lib/router';
import { filtersFromParams, type AgendaFilters } from './filters';

/**
 * The filters live in the URL (?fecha=&puntuacion=&banda=&genero=&precio=) so reloads and shared
 * links keep them.
 */
export function useAgendaFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);

  const setFilter = useCallback(
    (name: keyof AgendaFilters, value: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          // A new filter shows its results from the first page (the public agenda pages them).
          next.delete('pagina');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(() => {
    setParams(new URLSearchParams(), { replace: true });
  }, [setParams]);

  return { filters, setFilter, clearFilters };
}
