import { useId, useState, type KeyboardEvent } from 'react';
import { useText } from '@/i18n/IntlContext';
import { normalizeText } from '../shared/filters';
import { CROSS } from '@/components/icons';

const MIN_CHARS = 2;
const MAX_SUGGESTIONS = 5;

/** The band filter, a combobox on wide screens and a dialog on narrow ones. */
export interface BandFilterProps {
  value: string;
  /** Every band of the agenda, worked out when first asked for. */
  bandNames: () => string[];
  onChange: (value: string) => void;
}

/** Wide screens: a text filter with an ARIA 1.2 combobox of up to 5 band suggestions. */
export function BandCombobox({ value, bandNames, onChange }: BandFilterProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const t = useText();

  const needle = normalizeText(value);
  const suggestions =
    needle.length >= MIN_CHARS
      ? bandNames()
          .filter((name) => normalizeText(name).includes(needle))
          .filter((name) => normalizeText(name) !== needle)
          .slice(0, MAX_SUGGESTIONS)
      : [];
  const expanded = open && suggestions.length > 0;

  function choose(name: string) {
    onChange(name);
    setOpen(false);
    setActive(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (suggestions.length ? (current + 1) % suggestions.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) =>
        suggestions.length ? (current <= 0 ? suggestions.length - 1 : current - 1) : -1,
      );
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0 && suggestions[active]) {
        event.preventDefault();
        choose(suggestions[active]);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  return (
    <div className="filter-field band-combobox">
      <label htmlFor={`${id}-input`}>{t('filters.bandSearch')}</label>
      <div className="band-combobox__row">
        <input
          id={`${id}-input`}
          className="text-input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setOpen(false)}
        />
        {value && (
          <button
            type="button"
            className="pill icon-button"
            aria-label={t('filters.bandClear')}
            title={t('filters.bandClear')}
            onClick={() => choose('')}
          >
            <span aria-hidden="true">{CROSS}</span>
          </button>
        )}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('filters.bandSuggestions')}
        className="band-combobox__list"
        hidden={!expanded}
      >
        {expanded &&
          suggestions.map((name, index) => (
            <li
              key={name}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="band-combobox__option"
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(name);
              }}
            >
              {name}
            </li>
          ))}
      </ul>
    </div>
  );
}
