// An admin list on screen: its search box (and any other filter), the loading, failed and empty
// states, the rows, and the pager when the list comes in pages. Each list keeps its words (labels,
// empty message) in a LIST_TEXTS constant beside it.
import { useId, type ReactNode } from 'react';
import { TextField } from '@/components/TextField';
import type { PagedQuery } from '../usePagedQuery';
import { ListState } from './ListState';
import { Pager } from './Pager';

interface PagedListProps<Filters extends { q: string }, Item> {
  paged: PagedQuery<Filters, Item>;
  /** Names the list for screen readers ('Lista de bandas'). */
  label: string;
  /** What an empty list means here ('Ninguna sala coincide con la búsqueda.'). */
  empty: string;
  /** One row; its element carries the key. */
  children: (item: Item) => ReactNode;
  /** The search box's label; a list without one has no search. */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** More filters, in a grid with the search. */
  filters?: ReactNode;
  /** A line over the rows telling how many there are ('12 conciertos'). */
  count?: (total: number) => string;
  /** Names the pager ('Páginas de bandas'), shown from two pages; a list without one comes whole. */
  pagesLabel?: string;
  /** Rows in a meaningful order (the audit log's, newest first). */
  ordered?: boolean;
}

export function PagedList<Filters extends { q: string }, Item>({
  paged,
  label,
  empty,
  children,
  searchLabel,
  searchPlaceholder,
  filters,
  count,
  pagesLabel,
  ordered = false,
}: PagedListProps<Filters, Item>) {
  const id = useId();
  const { list } = paged;
  const items = list.data?.items;
  const total = list.data?.total;
  const search = searchLabel && (
    <TextField
      id={`${id}-q`}
      label={searchLabel}
      type="search"
      placeholder={searchPlaceholder}
      value={paged.filters.q}
      onValueChange={paged.setSearch}
    />
  );
  const List = ordered ? 'ol' : 'ul';
  return (
    <>
      {filters ? (
        <div className="field-grid">
          {search}
          {filters}
        </div>
      ) : (
        search
      )}
      {count && (
        <p role="status" className="admin-hint">
          {total === undefined ? '' : count(total)}
        </p>
      )}
      <ListState query={list} isEmpty={items?.length === 0} empty={empty} />
      {items && (
        <List className="admin-rows" aria-label={label}>
          {items.map(children)}
        </List>
      )}
      {pagesLabel && paged.pages > 1 && (
        <Pager label={pagesLabel} page={paged.page} pages={paged.pages} onPage={paged.setPage} />
      )}
    </>
  );
}
