// The concert list of /admin: search (bands, name, venue; accents and case ignored), filters,
// pages, and each concert's actions (edit, duplicate, cancel, delete).
import { useId } from 'react';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import { TitledSection } from '@/components/TitledSection';
import { GenreField } from '@/components/concert-fields/ConcertFieldset';
import { adminKeys } from '../keys';
import { listConcerts, type ConcertFilters } from '../manage-api';
import { usePagedQuery } from '../usePagedQuery';
import { ConcertRow } from './ConcertRow';
import { PagedList } from './PagedList';

const START: ConcertFilters = {
  q: '',
  when: 'upcoming',
  genre: '',
  from: '',
  to: '',
  withoutBands: false,
  withoutImage: false,
};

const LIST_TEXTS = {
  searchLabel: 'Buscar conciertos',
  searchPlaceholder: 'Banda, nombre o sala',
  count: (total: number) => `${total} conciertos`,
  label: 'Lista de conciertos',
  empty: 'Ningún concierto coincide con la búsqueda y los filtros.',
  pagesLabel: 'Páginas de conciertos',
};

export function ConcertsManager() {
  const id = useId();
  const concerts = usePagedQuery({
    start: START,
    queryKey: (filters, page) => adminKeys.concertList({ ...filters, page }),
    queryFn: listConcerts,
  });
  const { filters, set } = concerts;
  const bind = (key: 'from' | 'to' | 'genre') => ({
    id: `${id}-${key}`,
    value: filters[key],
    onValueChange: set(key),
  });

  return (
    <TitledSection className="admin-card" title="Conciertos">
      <PagedList
        paged={concerts}
        {...LIST_TEXTS}
        filters={
          <>
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
              <Check
                label="Sin bandas"
                checked={filters.withoutBands}
                onChange={set('withoutBands')}
              />
              <Check
                label="Sin imagen"
                checked={filters.withoutImage}
                onChange={set('withoutImage')}
              />
            </div>
          </>
        }
      >
        {(concert) => <ConcertRow key={concert.id} concert={concert} />}
      </PagedList>
    </TitledSection>
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
