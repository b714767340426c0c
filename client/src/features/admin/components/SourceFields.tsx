// The fields of a source, shared by "Añadir fuente" and a source's edit form: its address (only
// when it is added: the address is what the source is), its name, the default venue (picked by
// name from the list, as the concert forms do), the default genre, and review or publish directly.
import { useId } from 'react';
import { SOURCE_NAME_MAX, SOURCE_URL_MAX } from '@common/sources/limits';
import type { AdminVenueDto } from '@common/admin/types';
import { GenreField } from '@/components/concert-fields/ConcertFieldset';
import type { VenueChoice } from '@/components/concert-fields/venueChoice';
import { TextField } from '@/components/TextField';
import type { BoundField } from '@/lib/useDraft';
import { useAdminText } from '../shared/texts';
import type { SourceText } from '../shared/validation';

/** The same in every language. */
const URL_EXAMPLE = 'https://...';

interface SourceFieldsProps {
  draft: {
    fields: SourceText;
    bind: (name: keyof SourceText) => BoundField;
    venue: VenueChoice<AdminVenueDto>;
  };
  /** The address field, on the add form only. */
  withUrl?: boolean;
}

export function SourceFields({
  draft: { fields, bind, venue },
  withUrl = false,
}: SourceFieldsProps) {
  const t = useAdminText();
  const id = useId();
  const mode = bind('mode');
  return (
    <>
      <div className="field-grid">
        {withUrl && (
          <TextField
            {...bind('url')}
            label={t('admin.source.url')}
            type="url"
            required
            maxLength={SOURCE_URL_MAX}
            placeholder={URL_EXAMPLE}
          />
        )}
        <TextField
          {...bind('name')}
          label={t('admin.source.name')}
          required
          maxLength={SOURCE_NAME_MAX}
        />
        <TextField
          {...bind('venue')}
          label={t('admin.source.venue')}
          list={`${id}-venues`}
          autoComplete="off"
          aria-describedby={`${id}-venue-hint`}
        >
          <datalist id={`${id}-venues`}>
            {venue.listed?.map((option) => (
              <option key={option.id} value={option.name}>
                {option.town ?? ''}
              </option>
            ))}
          </datalist>
          <small id={`${id}-venue-hint`} className="admin-hint">
            {venue.isNew && venue.listed
              ? t('admin.source.venueUnknown')
              : venue.known && venue.known.name !== fields.venue.trim()
                ? t('admin.concert.knownVenueHint', { name: venue.known.name })
                : t('admin.source.venueHint')}
          </small>
        </TextField>
        <GenreField
          {...bind('genre')}
          label={t('admin.source.genre')}
          placeholder={t('admin.source.noGenre')}
        />
      </div>
      <fieldset className="fieldset fieldset--dense" aria-describedby={`${id}-mode-hint`}>
        <legend>{t('admin.source.mode')}</legend>
        {(['review', 'direct'] as const).map((value) => (
          <label key={value} className="admin-check">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode.value === value}
              onChange={() => mode.onValueChange(value)}
            />
            {t(value === 'review' ? 'admin.source.review' : 'admin.source.direct')}
          </label>
        ))}
        <p id={`${id}-mode-hint`} className="admin-hint">
          {t('admin.source.directHint')}
        </p>
      </fieldset>
    </>
  );
}
