// The concert list of /admin: search (bands, name, venue; accents and case ignored), filters,
// pages, and each concert's actions (edit, duplicate, cancel, delete).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { GenreField } from '../../../components/concert-fields/ConcertFields';
import { adminKeys } from '../keys';
import { listConcerts, type ConcertFilters } from '../manage-api';
import { useDebounced } from '../useDebounced';
import { ConcertRow } from './ConcertRow';
import { ListState } from './ListState';
import { Pager } from './Pager';

const START: ConcertFilters = {
  q: '',
  when: 'upcoming',
  genre: '',
  from: '',
  to: '',
  withoutBands: false,
  withoutImage: false,
  page: 1,
};

export function ConcertsManager() {
  const id = useId();
  const [filters, setFilters] = useState(START);
  const q = useDebounced(filters.q, 250);
  const effective = { ...filters, q };
  const list = useQuery({
    queryKey: adminKeys.concertList(effective),
    queryFn: ({ signal }) => listConcerts(effective, signal),
    placeholderData: keepPreviousData,
  });
  // Any filter change goes back to the first page.
  const set =
    <K extends keyof ConcertFilters>(key: K) =>
    (value: ConcertFilters[K]) =>
      setFilters((current) => ({ ...current, [key]: value, page: 1 }));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const bind = (key: 'q' | 'from' | 'to' | 'genre') => ({
    id: `${id}-${key}`,
    value: filters[key],
    onValueChange: set(key),
  });

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Conciertos</h2>
      <div className="admin-grid">
        <TextField
          {...bind('q')}
          label="Buscar conciertos"
          type="search"
          placeholder="Banda, nombre o sala"
        />
        <SelectField
          id={`${id}-when`}
          label="Fechas"
          value={filters.when}
          onValueChange={(value) => set('when')(value as ConcertFilters['when'])}
        >
          <option value="upcoming">Próximos</option>
          <option value="past">Pasados</option>
          <option value="all">Todos</option>
        </SelectField>
        <TextField {...bind('from')} label="Desde" type="date" />
        <TextField {...bind('to')} label="Hasta" type="date" />
        <GenreField
          {...bind('genre')}
          label="Género del concierto"
          placeholder="Todos los géneros"
        />
        <div className="admin-genres">
          <Check label="Sin bandas" checked={filters.withoutBands} onChange={set('withoutBands')} />
          <Check label="Sin imagen" checked={filters.withoutImage} onChange={set('withoutImage')} />
        </div>
      </div>
      <p role="status" className="admin-hint">
        {list.data ? `${list.data.total} conciertos` : ''}
      </p>
      <ListState
        query={list}
        isEmpty={list.data?.items.length === 0}
        empty="Ningún concierto coincide con la búsqueda y los filtros."
      />
      {!list.isPending && (
        <ul className="admin-rows" aria-label="Lista de conciertos">
          {list.data?.items.map((concert) => (
            <ConcertRow key={concert.id} concert={concert} />
          ))}
        </ul>
      )}
      <Pager
        label="Páginas de conciertos"
        page={filters.page}
        pages={pages}
        onPage={(page) => setFilters((current) => ({ ...current, page }))}
      />
    </section>
  );
}

/** One yes/no filter of the list. */
function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="admin-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
