// Search helpers of the link form: they find a concert or a band and hand its id to the form.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminConcertOptionDto } from '@common/admin-rules';
import { searchBands, searchConcerts } from '../api';
import { useDebounced } from '../useDebounced';
import { TextField } from '@/components/TextField';
import { adminKeys } from '../keys';

interface PickerProps {
  selectedId: string;
  onPick: (id: number) => void;
}

const MIN_QUERY = 2;

export function describeConcert(concert: AdminConcertOptionDto): string {
  const who = concert.bands.length > 0 ? concert.bands.join(' + ') : (concert.name ?? 'Sin nombre');
  return `${concert.day} ${concert.hour} · ${who} · ${concert.venue} (ID ${concert.id})`;
}

function Results<T extends { id: number }>(props: {
  label: string;
  items: T[] | undefined;
  searching: boolean;
  enabled: boolean;
  describe: (item: T) => string;
  selectedId: string;
  onPick: (id: number) => void;
}) {
  const { items, searching, enabled } = props;
  let summary = '';
  if (enabled && searching) summary = 'Buscando...';
  else if (enabled && items)
    summary = items.length === 0 ? 'Sin resultados' : `${items.length} resultados`;
  return (
    <>
      <p role="status" className="admin-hint">
        {summary}
      </p>
      {enabled && items && items.length > 0 && (
        <ul className="admin-results" aria-label={props.label}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="text-input admin-result"
                aria-pressed={props.selectedId === String(item.id)}
                onClick={() => props.onPick(item.id)}
              >
                {props.describe(item)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ConcertPicker({ selectedId, onPick }: PickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const [day, setDay] = useState('');
  // Strings, not an object, so the debounce settles instead of restarting on every render.
  const settledQ = useDebounced(q.trim());
  const settledDay = useDebounced(day);
  const filters = { q: settledQ, day: settledDay };
  const enabled = filters.q.length >= MIN_QUERY || filters.day !== '';
  const search = useQuery({
    queryKey: adminKeys.concertSearch(filters),
    queryFn: ({ signal }) => searchConcerts(filters, signal),
    enabled,
  });
  return (
    <fieldset className="fieldset fieldset--dense">
      <legend>Buscar concierto</legend>
      <div className="admin-grid">
        <TextField
          id={`${id}-q`}
          label="Nombre o banda del concierto"
          type="search"
          value={q}
          onValueChange={setQ}
        />
        <TextField
          id={`${id}-day`}
          label="Fecha del concierto"
          type="date"
          value={day}
          onValueChange={setDay}
        />
      </div>
      <Results
        label="Conciertos encontrados"
        items={search.data?.concerts}
        searching={search.isFetching}
        enabled={enabled}
        describe={describeConcert}
        selectedId={selectedId}
        onPick={onPick}
      />
    </fieldset>
  );
}

export function BandPicker({ selectedId, onPick }: PickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim());
  const enabled = query.length >= MIN_QUERY;
  const search = useQuery({
    queryKey: adminKeys.bandSearch(query),
    queryFn: ({ signal }) => searchBands(query, signal),
    enabled,
  });
  return (
    <fieldset className="fieldset fieldset--dense">
      <legend>Buscar banda</legend>
      <TextField
        id={`${id}-q`}
        label="Nombre de la banda a vincular"
        type="search"
        value={q}
        onValueChange={setQ}
      />
      <Results
        label="Bandas encontradas"
        items={search.data?.bands}
        searching={search.isFetching}
        enabled={enabled}
        describe={(band) => `${band.name} (ID ${band.id})`}
        selectedId={selectedId}
        onPick={onPick}
      />
    </fieldset>
  );
}
