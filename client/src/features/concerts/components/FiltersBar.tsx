import { useId, useMemo, useState } from 'react';
import type { AgendaConcertDto } from '@common/concerts/types';
import { genreName } from '@/i18n/genreName';
import { useText } from '@/i18n/IntlContext';
import { PHONE_QUERY, useMediaQuery } from '@/lib/useMediaQuery';
import { uniqueBandNames, uniqueGenres, type AgendaFilters } from '../shared/filters';
import { PRICE_RANGES } from '../shared/priceFilter';
import { BandCombobox } from './BandCombobox';
import { BandSearchDialog } from './BandSearchDialog';
import { CROSS } from '@/components/icons';

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
  const t = useText();
  return (
    <div className={open ? 'filters filters--open' : 'filters'}>
      <button
        type="button"
        className="button button--secondary filters-toggle"
        aria-expanded={open}
        aria-controls={fieldsIdOf(id)}
        onClick={() => setOpen(!open)}
      >
        {t('filters.toggle', { active })}
      </button>
      <FilterFields {...props} id={id} narrow={narrow} />
    </div>
  );
}

const fieldsIdOf = (id: string) => `${id}-fields`;

/** A filter chosen from a list, whose first option (`all`) sets none. */
interface Choice {
  name: 'puntuacion' | 'genero' | 'precio';
  label: string;
  all: string;
  options: readonly { value: string; label: string }[];
}

const SCORES = ['extreme', 'high', 'medium', 'low'] as const;

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
  const t = useText();
  const genres = useMemo(
    () => uniqueGenres(concerts).map((genre) => ({ value: genre, label: genreName(t, genre) })),
    [concerts, t],
  );
  const all = t('filters.allMasculine');
  const choices: (Choice | false)[] = [
    showScore && {
      name: 'puntuacion',
      label: t('filters.score'),
      all: t('filters.allFeminine'),
      options: SCORES.map((value) => ({ value, label: t(`filters.score.${value}`) })),
    },
    { name: 'genero', label: t('filters.genre'), all, options: genres },
    {
      name: 'precio',
      label: t('filters.price'),
      all,
      options: PRICE_RANGES.map(({ value }) => ({ value, label: t(`filters.price.${value}`) })),
    },
  ];
  const BandFilter = narrow ? BandSearchDialog : BandCombobox;
  const clearDate = t('filters.clearDate');
  return (
    <section id={fieldsIdOf(id)} className="agenda-filters" aria-label={t('filters.label')}>
      <div className="filter-field">
        <label htmlFor={`${id}-date`}>{t('filters.date')}</label>
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
              className="pill icon-button"
              aria-label={clearDate}
              title={clearDate}
              onClick={() => onChange('fecha', '')}
            >
              <span aria-hidden="true">{CROSS}</span>
            </button>
          )}
        </div>
      </div>
      {choices.map(
        (choice) =>
          choice && (
            <div key={choice.name} className="filter-field">
              <label htmlFor={`${id}-${choice.name}`}>{choice.label}</label>
              <select
                id={`${id}-${choice.name}`}
                className="text-input"
                value={filters[choice.name]}
                onChange={(event) => onChange(choice.name, event.target.value)}
              >
                <option value="">{choice.all}</option>
                {choice.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ),
      )}
      <BandFilter
        value={filters.banda}
        bandNames={bandNames}
        onChange={(value) => onChange('banda', value)}
      />
    </section>
  );
}
