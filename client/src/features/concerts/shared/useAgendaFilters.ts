import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromParams, type AgendaFilters } from './filters';

/**
 * The filters live in the URL (?fecha=&puntuacion=&banda=&genero=&precio=) so reloads and shared
 * links keep them.
 */
export function useAgendaFilters() {
  const [params, setParams] = useSearchParams();
  // The same object while the query is the same (the router keeps `params` per query string):
  // the agenda's filtered list is memoised on it, so a render for anything else does not filter
  // a season's 1,000 concerts again.
  const filters = useMemo(() => filtersFromParams(params), [params]);

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
