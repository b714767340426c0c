// Search helpers of the link form: they find a concert or a band by name and hand it to the form.
import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { AdminConcertOptionDto } from '@common/admin-rules';
import { TextField } from '@/components/TextField';
import { useField } from '@/lib/useField';
import { searchBands, searchConcerts } from '../api';
import { useDebounced } from '../useDebounced';
import { adminKeys } from '../keys';

interface PickerProps {
  selectedId: string;
  /** The picked item, and the line that names it. */
  onPick: (id: number, label: string) => void;
}

const MIN_QUERY = 2;

function describeConcert(concert: AdminConcertOptionDto): string {
  const who = concert.bands.length > 0 ? concert.bands.join(' + ') : (concert.name ?? 'Sin nombre');
  return `${concert.day} ${concert.hour} · ${who} · ${concert.venue}`;
}

/** What each picker says: its legend, the name of its results, and one result's line. */
const CONCERT_TEXTS = {
  legend: 'Buscar concierto',
  label: 'Conciertos encontrados',
  describe: describeConcert,
};

const BAND_TEXTS = {
  legend: 'Buscar banda',
  label: 'Bandas encontradas',
  describe: (band: { id: number; name: string }) => band.name,
};

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
  legend: string;
  children: ReactNode;
  /** The search, answering the items found; it waits until `enabled`. */
  query: UseQueryOptions<Answer, Error, T[], Key>;
  enabled: boolean;
  /** Names the list of results. */
  label: string;
  describe: (item: T) => string;
}) {
  const { data: items, isFetching } = useQuery({ ...query, enabled });
  let summary = '';
  if (enabled && isFetching) summary = 'Buscando...';
  else if (enabled && items)
    summary = items.length === 0 ? 'Sin resultados' : `${items.length} resultados`;
  return (
    <fieldset className="fieldset fieldset--dense">
      <legend>{legend}</legend>
      {children}
      <p role="status" className="admin-hint">
        {summary}
      </p>
      {enabled && items && items.length > 0 && (
        <ul className="admin-results" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="text-input admin-result"
                aria-pressed={selectedId === String(item.id)}
                onClick={() => onPick(item.id, describe(item))}
              >
                {describe(item)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export function ConcertPicker(props: PickerProps) {
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
        <TextField {...q} label="Nombre o banda del concierto" type="search" />
        <TextField {...day} label="Fecha del concierto" type="date" />
      </div>
    </Picker>
  );
}

export function BandPicker(props: PickerProps) {
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
      <TextField {...q} label="Nombre de la banda a vincular" type="search" />
    </Picker>
  );
}
