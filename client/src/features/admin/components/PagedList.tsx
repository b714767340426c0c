// An admin list on screen: its search box (and any other filter), the loading, failed and empty
// states, the rows, and the pager when the list comes in pages. Each list keeps the ids of its
// words (labels, empty message) in a LIST_TEXTS constant beside it.
import { useId, type ReactNode } from 'react';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { TextField } from '@/components/TextField';
import { useAdminText } from '../shared/texts';
import type { PagedQuery } from '../shared/usePagedQuery';
import { ListState } from './ListState';
import { Pager } from './Pager';

/** What a list says, by id. */
export interface ListTexts {
  /** Names the list for screen readers ('Lista de bandas'). */
  label: AdminMessageId;
  /** What an empty list means here ('Ninguna sala coincide con la búsqueda.'). */
  empty: AdminMessageId;
  /** The search box's label; a list without one has no search. */
  searchLabel?: AdminMessageId;
  searchPlaceholder?: AdminMessageId;
  /** A line over the rows telling how many there are ('12 conciertos', from `{count}`). */
  count?: AdminMessageId;
  /** Names the pager ('Páginas de bandas'), shown from two pages; a list without one comes whole. */
  pagesLabel?: AdminMessageId;
}

interface PagedListProps<Filters extends { q: string }, Item> extends ListTexts {
  paged: PagedQuery<Filters, Item>;
  /** One row; its element carries the key. */
  children: (item: Item) => ReactNode;
  /** More filters, in a grid with the search. */
  filters?: ReactNode;
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
  const t = useAdminText();
  const { list } = paged;
  const items = list.data?.items;
  const total = list.data?.total;
  const search = searchLabel && (
    <TextField
      id={`${id}-q`}
      label={t(searchLabel)}
      type="search"
      placeholder={searchPlaceholder && t(searchPlaceholder)}
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
          {total === undefined ? '' : t(count, { count: total })}
        </p>
      )}
      <ListState query={list} isEmpty={items?.length === 0} empty={t(empty)} />
      {items && (
        <List className="admin-rows" aria-label={t(label)}>
          {items.map(children)}
        </List>
      )}
      {pagesLabel && paged.pages > 1 && (
        <Pager label={t(pagesLabel)} page={paged.page} pages={paged.pages} onPage={paged.setPage} />
      )}
    </>
  );
}
