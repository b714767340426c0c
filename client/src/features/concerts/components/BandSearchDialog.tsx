import { useId, useRef, useState } from 'react';
import { matchingBands } from '../shared/filters';
import { useText } from '@/i18n/IntlContext';
import type { BandFilterProps } from './BandCombobox';
import { CROSS } from '@/components/icons';

const MAGNIFIER = '🔍 ';

/** Narrow screens: a button opening a modal band search; the chosen band shows as a pill. */
export function BandSearchDialog({ value, bandNames, onChange }: BandFilterProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  // The list is in the page only while the dialog is open: a season's agenda names a thousand
  // bands or more, a button each, that would otherwise be built and kept with every agenda.
  const [isOpen, setIsOpen] = useState(false);
  const t = useText();
  const matches = isOpen ? matchingBands(bandNames(), query) : [];

  function open() {
    setQuery('');
    setIsOpen(true);
    dialogRef.current?.showModal();
  }

  function close() {
    dialogRef.current?.close();
  }

  function choose(name: string) {
    onChange(name);
    close();
  }

  return (
    <div className="filter-field band-search">
      <span className="filter-field__label" id={`${id}-label`}>
        {t('filters.band')}
      </span>
      <div className="band-search__row">
        <button type="button" className="button button--secondary" onClick={open}>
          <span aria-hidden="true">{MAGNIFIER}</span>
          {t('filters.bandSearch')}
        </button>
        {value && (
          <span className="band-pill">
            {value}
            <button
              type="button"
              className="chip__remove"
              aria-label={t('filters.bandRemove')}
              onClick={() => onChange('')}
            >
              <span aria-hidden="true">{CROSS}</span>
            </button>
          </span>
        )}
      </div>
      <dialog
        ref={dialogRef}
        className="band-dialog"
        aria-labelledby={`${id}-title`}
        onClose={() => setIsOpen(false)}
      >
        <h2 id={`${id}-title`} className="band-dialog__title">
          {t('filters.bandSearch')}
        </h2>
        <input
          className="text-input"
          type="search"
          placeholder={t('filters.bandPlaceholder')}
          aria-label={t('filters.bandName')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {!isOpen ? null : matches.length > 0 ? (
          <ul className="band-dialog__list" aria-label={t('filters.bandsFound')}>
            {matches.map((name) => (
              <li key={name}>
                <button type="button" className="band-dialog__option" onClick={() => choose(name)}>
                  {name}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="band-dialog__empty" role="status">
            {t('filters.noResults')}
          </p>
        )}
        <button type="button" className="button button--secondary" onClick={close}>
          {t('filters.cancel')}
        </button>
      </dialog>
    </div>
  );
}
