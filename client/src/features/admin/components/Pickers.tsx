// Search helpers of the link form: they find a concert or a band by name and hand it to the form.
import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { AdminConcertOptionDto } from '@common/admin/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { TextField } from '@/components/TextField';
import { useField } from '@/lib/useField';
import { adminKeys, searchBands, searchConcerts } from '../shared/queries';
import { useDebounced } from '../shared/useDebounced';
import { useAdminText, type AdminTranslate } from '../shared/texts';
import { concertLabel } from './ConcertRow';

interface PickerProps {
  selectedId: string;
  /** The picked item, and the line that names it. */
  onPick: (id: number, label: string) => void;
}

const MIN_QUERY = 2;

/** What each picker says: its legend, the name of its results, and one result's line. */
const CONCERT_TEXTS = {
  legend: 'admin.picker.concert',
  label: 'admin.picker.concertsFound',
  describe: (concert: AdminConcertOptionDto, t: AdminTranslate) => concertLabel(concert, t),
} as const;

const BAND_TEXTS = {
  legend: 'admin.picker.band',
  label: 'admin.picker.bandsFound',
  describe: (band: { id: number; name: string }) => band.name,
} as const;

/** A search fieldset: its fields, a status line, and what it found, each a button that picks it. */
function Picker<Answer, T extends { id: number }, Key extends readonly unknown[]>({
  legend,
  children,
  query,
  enabled,
  label,
  describe,
  selectedId,
  onPick,
}: PickerProps & {
  legend: AdminMessageId;
  children: ReactNode;
  /** The search, answering the items found; it waits until `enabled`. */
  query: UseQueryOptions<Answer, Error, T[], Key>;
  enabled: boolean;
  /** Names the list of results. */
  label: AdminMessageId;
  describe: (item: T, t: AdminTranslate) => string;
}) {
  const t = useAdminText();
  const { data: items, isFetching } = useQuery({ ...query, enabled });
  let summary = '';
  if (enabled && isFetching) summary = t('admin.picker.searching');
  else if (enabled && items)
    summary =
      items.length === 0
        ? t('admin.picker.none')
        : t('admin.picker.found', { count: items.length });
  return (
    <fieldset className="fieldset fieldset--dense">
      <legend>{t(legend)}</legend>
      {children}
      <p role="status" className="admin-hint">
        {summary}
      </p>
      {enabled && items && items.length > 0 && (
        <ul className="admin-results" aria-label={t(label)}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="text-input admin-result"
                aria-pressed={selectedId === String(item.id)}
                onClick={() => onPick(item.id, describe(item, t))}
              >
                {describe(item, t)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export function ConcertPicker(props: PickerProps) {
  const t = useAdminText();
  const id = useId();
  const q = useField(`${id}-q`);
  const day = useField(`${id}-day`);
  // Strings, not an object, so the debounce settles instead of restarting on every render.
  const filters = { q: useDebounced(q.value.trim()), day: useDebounced(day.value) };
  const query = queryOptions({
    queryKey: adminKeys.concertSearch(filters),
    queryFn: ({ signal }) => searchConcerts(filters, signal),
    select: (found) => found.concerts,
  });
  return (
    <Picker
      {...props}
      {...CONCERT_TEXTS}
      query={query}
      enabled={filters.q.length >= MIN_QUERY || filters.day !== ''}
    >
      <div className="field-grid">
        <TextField {...q} label={t('admin.picker.concertQuery')} type="search" />
        <TextField {...day} label={t('admin.picker.concertDay')} type="date" />
      </div>
    </Picker>
  );
}

export function BandPicker(props: PickerProps) {
  const t = useAdminText();
  const id = useId();
  const q = useField(`${id}-q`);
  const settled = useDebounced(q.value.trim());
  const query = queryOptions({
    queryKey: adminKeys.bandSearch(settled),
    queryFn: ({ signal }) => searchBands(settled, signal),
    select: (found) => found.bands,
  });
  return (
    <Picker {...props} {...BAND_TEXTS} query={query} enabled={settled.length >= MIN_QUERY}>
      <TextField {...q} label={t('admin.picker.bandQuery')} type="search" />
    </Picker>
  );
}
