import { useId, useState } from 'react';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import type { AgendaFilters } from '../filters';
import { PRICE_RANGES } from '../priceFilter';
import { BandCombobox } from './BandCombobox';
import { BandSearchDialog } from './BandSearchDialog';

interface FiltersBarProps {
  filters: AgendaFilters;
  bandNames: string[];
  genres: string[];
  /** Visitors have no scores: the public agenda leaves that filter out. */
  showScore?: boolean;
  onChange: (name: keyof AgendaFilters, value: string) => void;
}

export function FiltersBar({
  filters,
  bandNames,
  genres,
  showScore = true,
  onChange,
}: FiltersBarProps) {
  const id = useId();
  const narrow = useMediaQuery('(max-width: 599.98px)');
  const active = [
    filters.fecha,
    showScore ? filters.puntuacion : '',
    filters.genero,
    filters.precio,
    filters.banda,
  ].filter(Boolean).length;
  // On a phone the fields would fill half the first screen: they wait behind a button, open from
  // the start only when the address already filters. Not drawing them also keeps the first
  // <input type="date"> of the page out of its first render: in Chromium it loads the locale's
  // date formats, 44-86 ms of main thread measured here (a phone 4x slower: 200-300 ms).
  const [open, setOpen] = useState(active > 0);
  const fieldsId = `${id}-fields`;

  const fields = (
    <section id={fieldsId} className="agenda-filters" aria-label="Filtros">
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
  if (!narrow) return fields;
  return (
    <>
      <button
        type="button"
        className="button button--secondary filters-toggle"
        aria-expanded={open}
        aria-controls={open ? fieldsId : undefined}
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? `Filtros (${active})` : 'Filtros'}
      </button>
      {open && fields}
    </>
  );
}
