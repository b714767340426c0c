// One admin list as the managers read it: its filters (the search debounced, so one request per
// pause), the page, and the query of that page.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebounced } from './useDebounced';

/** A list's answer: its rows and, when it comes in pages, how many rows there are in all. */
export interface ListAnswer<Item> {
  items: Item[];
  total?: number;
  pageSize?: number;
}

interface PagedQueryOptions<Filters extends { q: string }, Item> {
  /** The filters at first; `q` is the search box. */
  start: Filters;
  queryKey: (filters: Filters, page: number) => QueryKey;
  queryFn: (filters: Filters, page: number, signal: AbortSignal) => Promise<ListAnswer<Item>>;
}

export function usePagedQuery<Filters extends { q: string }, Item>({
  start,
  queryKey,
  queryFn,
}: PagedQueryOptions<Filters, Item>) {
  const [filters, setFilters] = useState(start);
  const [page, setPage] = useState(1);
  const settled = { ...filters, q: useDebounced(filters.q, 250) };
  const list = useQuery({
    queryKey: queryKey(settled, page),
    queryFn: ({ signal }) => queryFn(settled, page, signal),
    // The rows stay mounted while the next answer loads, so an open edit form keeps what was typed.
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total;
  const pageSize = list.data?.pageSize;
  /** Changes one filter; any change goes back to the first page. */
  const set =
    <Key extends keyof Filters>(key: Key) =>
    (value: Filters[Key]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    };
  return {
    filters,
    set,
    setSearch: (q: string) => {
      setFilters((current) => ({ ...current, q }));
      setPage(1);
    },
    list,
    page,
    setPage,
    pages: total !== undefined && pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1,
  };
}

export type PagedQuery<Filters extends { q: string }, Item> = ReturnType<
  typeof usePagedQuery<Filters, Item>
>;
