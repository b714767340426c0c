import { useId, useMemo, useState } from 'react';
import type { AgendaConcertDto } from '@common/dto';
import { PHONE_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { uniqueBandNames, uniqueGenres, type AgendaFilters } from '../filters';
import { PRICE_RANGES } from '../priceFilter';
import { BandCombobox } from './BandCombobox';
import { BandSearchDialog } from './BandSearchDialog';

interface FiltersBarProps {
  filters: AgendaFilters;
  /** The whole agenda: the genre and band choices come from it. */
  concerts: readonly AgendaConcertDto[];
  /** Visitors have no scores: the public agenda leaves that filter out. */
  showScore?: boolean;
  onChange: (name: keyof AgendaFilters, value: string) => void;
}

export function FiltersBar(props: FiltersBarProps) {
  const { filters, showScore = true } = props;
  const id = useId();
  const narrow = useMediaQuery(PHONE_QUERY);
  const active = [
    filters.fecha,
    showScore ? filters.puntuacion : '',
    filters.genero,
    filters.precio,
    filters.banda,
  ].filter(Boolean).length;
  // On a phone the fields would fill half the first screen: they wait behind a button, open from
  // the start only when the address already filters. The stylesheet decides which is shown (the
  // server cannot know the screen), so the server's HTML is already the phone's or the laptop's.
  const [open, setOpen] = useState(active > 0);
  return (
    <div className={open ? 'filters filters--open' : 'filters'}>
      <button
        type="button"
        className="button button--secondary filters-toggle"
        aria-expanded={open}
        aria-controls={fieldsIdOf(id)}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? `Filtros (${active})` : 'Filtros'}
      </button>
      <FilterFields {...props} id={id} narrow={narrow} />
    </div>
  );
}

const fieldsIdOf = (id: string) => `${id}-fields`;

/**
 * The fields themselves. The genre and band choices are read from the whole agenda only when the
 * fields are drawn: on a phone, with the fields closed, a season's 1,000 concerts are not folded
 * and sorted in the agenda's first render.
 */
function FilterFields({
  filters,
  concerts,
  showScore = true,
  onChange,
  id,
  narrow,
}: FiltersBarProps & { id: string; narrow: boolean }) {
  // Folded and sorted only when someone looks for a band: not in the page's first render.
  const bandNames = useMemo(() => {
    let names: string[] | undefined;
    return () => (names ??= uniqueBandNames(concerts));
  }, [concerts]);
  const genres = useMemo(() => uniqueGenres(concerts), [concerts]);
  return (
    <section id={fieldsIdOf(id)} className="agenda-filters" aria-label="Filtros">
      <div className="filter-field">
        <label htmlFor={`${id}-date`}>Selecciona una fecha</label>
        <div className="filter-field__row">
          <input
            id={`${id}-date`}
            className="text-input"
            type="date"
            value={filters.fecha}
            onChange={(event) => onChange('fecha', event.target.value)}
          />
          {filters.fecha && (
            <button
              type="button"
              className="icon-button"
              aria-label="Borrar fecha"
              title="Borrar fecha"
              onClick={() => onChange('fecha', '')}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
      </div>
      {showScore && (
        <div className="filter-field">
          <label htmlFor={`${id}-score`}>Puntuación</label>
          <select
            id={`${id}-score`}
            className="text-input"
            value={filters.puntuacion}
            onChange={(event) => onChange('puntuacion', event.target.value)}
          >
            <option value="">Todas</option>
            <option value="extreme">🔥🔥🔥 Encaje muy alto</option>
            <option value="high">🔥🔥 Encaje alto</option>
            <option value="medium">🔥 Encaje medio</option>
            <option value="low">😴 Encaje bajo</option>
          </select>
        </div>
      )}
      <div className="filter-field">
        <label htmlFor={`${id}-genre`}>Género</label>
        <select
          id={`${id}-genre`}
          className="text-input"
          value={filters.genero}
          onChange={(event) => onChange('genero', event.target.value)}
        >
          <option value="">Todos</option>
          {genres.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor={`${id}-price`}>Precio</label>
        <select
          id={`${id}-price`}
          className="text-input"
          value={filters.precio}
          onChange={(event) => onChange('precio', event.target.value)}
        >
          <option value="">Todos</option>
          {PRICE_RANGES.map((range) => (
            <option key={range.value} value={range.value}>
              {range.label}
            </option>
          ))}
        </select>
      </div>
      {narrow ? (
        <BandSearchDialog
          value={filters.banda}
          bandNames={bandNames}
          onChange={(value) => onChange('banda', value)}
        />
      ) : (
        <BandCombobox
          value={filters.banda}
          bandNames={bandNames}
          onChange={(value) => onChange('banda', value)}
        />
      )}
    </section>
  );
}
