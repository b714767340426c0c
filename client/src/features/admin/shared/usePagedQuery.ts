// One admin list as the managers read it: its filters and page, kept in the address's query string
// (so reload, back and a shared link keep them), the search debounced to one request per pause,
// and the query of that page.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useDebounced } from './useDebounced';

/** A list's answer: its rows and, when it comes in pages, how many rows there are in all. */
export interface ListAnswer<Item> {
  items: Item[];
  total?: number;
  pageSize?: number;
}

/** Every filter is text or a yes/no; `q` is the search box. */
type FilterValue = string | boolean;

interface PagedQueryOptions<Filters extends { q: string }, Item> {
  /** The filters when the address names none: only the ones that differ go in the query string. */
  start: Filters;
  queryKey: (filters: Filters, page: number) => QueryKey;
  queryFn: (filters: Filters, page: number, signal: AbortSignal) => Promise<ListAnswer<Item>>;
}

const PAGE = 'page';

function filtersIn<Filters extends { q: string }>(
  params: URLSearchParams,
  start: Filters,
): Filters {
  const filters: Record<string, FilterValue> = { ...start };
  for (const [key, fallback] of Object.entries(start) as [string, FilterValue][]) {
    const value = params.get(key);
    if (value === null) continue;
    filters[key] = typeof fallback === 'boolean' ? value === 'true' : value;
  }
  return filters as Filters;
}

function queryStringOf<Filters extends { q: string }>(
  filters: Filters,
  page: number,
  start: Filters,
): URLSearchParams {
  const params = new URLSearchParams();
  const starting = start as Record<string, FilterValue>;
  for (const [key, value] of Object.entries(filters) as [string, FilterValue][]) {
    if (value !== starting[key]) params.set(key, String(value));
  }
  if (page > 1) params.set(PAGE, String(page));
  return params;
}

export function usePagedQuery<Filters extends { q: string }, Item>({
  start,
  queryKey,
  queryFn,
}: PagedQueryOptions<Filters, Item>) {
  const [params, setParams] = useSearchParams();
  const filters = filtersIn(params, start);
  const page = Math.max(1, Math.trunc(Number(params.get(PAGE))) || 1);
  const settled = { ...filters, q: useDebounced(filters.q, 250) };
  const list = useQuery({
    queryKey: queryKey(settled, page),
    queryFn: ({ signal }) => queryFn(settled, page, signal),
    // The rows stay mounted while the next answer loads, so an open edit form keeps what was typed.
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total;
  const pageSize = list.data?.pageSize;
  // A filter typed replaces the address (no history entry per key); another page is a step back.
  const go = (next: Filters, nextPage: number, replace: boolean) =>
    setParams(queryStringOf(next, nextPage, start), { replace, preventScrollReset: true });
  /** Changes one filter; any change goes back to the first page. */
  const set =
    <Key extends keyof Filters>(key: Key) =>
    (value: Filters[Key]) =>
      go({ ...filters, [key]: value }, 1, true);
  return {
    filters,
    set,
    setSearch: (q: string) => go({ ...filters, q }, 1, true),
    list,
    page,
    setPage: (next: number) => go(filters, next, false),
    pages: total !== undefined && pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1,
  };
}

export type PagedQuery<Filters extends { q: string }, Item> = ReturnType<
  typeof usePagedQuery<Filters, Item>
>;
