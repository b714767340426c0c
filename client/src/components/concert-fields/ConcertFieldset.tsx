// The fields of a concert, written once for every form that edits one (the admin's create and
// edit, a submission's review, /publica): day, hour, genre, price, the ticket link, the venue (a listed one picked
// by name, or a new one with its town), the description and the picture. What really differs
// between the forms is a prop at the call: labels, limits, hints, and the fields only some ask.
import { useId, type ReactNode } from 'react';
import { GENRES } from '@common/genres/genres';
import { genreName } from '@/i18n/genreName';
import { useText } from '@/i18n/IntlContext';
import type { BoundField } from '@/lib/useDraft';
import type { ControlProps } from '../FormField';
import { SelectField } from '../SelectField';
import { TextAreaField } from '../TextAreaField';
import { TextField } from '../TextField';
import type { ConcertText } from './useConcertDraft';
import type { VenueChoice, VenueOption } from './venueChoice';
import './ConcertFieldset.css';

interface GenreFieldProps extends Omit<ControlProps, 'label'> {
  required?: boolean;
  label?: string;
  /** The first, empty option ("Elige un género"); without it a genre is always chosen. */
  placeholder?: string;
}

/** The product's genres, each named in the reader's language (its value the genre's own name). */
export function GenreField({ label, placeholder, ...select }: GenreFieldProps) {
  const t = useText();
  return (
    <SelectField {...select} label={label ?? t('concert.fact.genre')}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {GENRES.map((genre) => (
        <option key={genre} value={genre}>
          {genreName(t, genre)}
        </option>
      ))}
    </SelectField>
  );
}

/** The longest venue name, town and description the form's API takes. */
export interface ConcertLimits {
  venue: number;
  venueTown: number;
  description: number;
}

interface ConcertFieldsetProps {
  draft: { bind: (name: keyof ConcertText) => BoundField; venue: VenueChoice<VenueOption> };
  limits: ConcertLimits;
  descriptionLabel: string;
  /** The picture: uploaded or linked in the admin's forms, a file sent with /publica's. */
  image: ReactNode;
  /** Wraps the fields in a framed group with this title. */
  legend?: string;
  /** The genre's empty first option, for a form that starts blank. */
  genrePlaceholder?: string;
  priceLabel?: string;
  venueLabel?: string;
  /** Says under the venue which one the name stands for. */
  venueHint?: ReactNode;
  /** Fields before the concert's own (a submission's band, email and Spotify). */
  lead?: ReactNode;
  /** Fields after a new venue's town (its address and website, in the admin's forms). */
  newVenueDetails?: ReactNode;
  /** Fields between the grid and the description (the admin's free name). */
  beforeDescription?: ReactNode;
}

export function ConcertFieldset({
  draft: { bind, venue },
  limits,
  descriptionLabel,
  image,
  legend,
  genrePlaceholder,
  priceLabel,
  venueLabel,
  venueHint,
  lead,
  newVenueDetails,
  beforeDescription,
}: ConcertFieldsetProps) {
  const id = useId();
  const t = useText();
  const fields = (
    <>
      <div className="field-grid">
        {lead}
        <TextField {...bind('day')} label={t('form.day')} type="date" required />
        <TextField {...bind('hour')} label={t('concert.fact.hour')} type="time" required />
        <GenreField {...bind('genre')} required placeholder={genrePlaceholder} />
        <TextField
          {...bind('price')}
          label={priceLabel ?? t('form.price')}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          required
        />
        <TextField
          {...bind('ticketUrl')}
          label={t('form.ticketUrl')}
          type="url"
          inputMode="url"
          autoComplete="off"
        />
        {/* A datalist suggests the listed venues; a name off the list stays possible. */}
        <TextField
          {...bind('venue')}
          label={venueLabel ?? t('notice.venue')}
          type="text"
          list={`${id}-venues`}
          autoComplete="off"
          required
          maxLength={limits.venue}
          aria-describedby={venueHint ? `${id}-venue-hint` : undefined}
        >
          <datalist id={`${id}-venues`}>
            {venue.listed?.map((option) => (
              <option key={option.id} value={option.name}>
                {option.town ?? ''}
              </option>
            ))}
          </datalist>
          {venueHint && (
            <small id={`${id}-venue-hint`} className="concert-fieldset__hint">
              {venueHint}
            </small>
          )}
        </TextField>
        {venue.isNew && (
          <>
            <TextField
              {...bind('venueTown')}
              label={t('form.newVenueTown')}
              required
              maxLength={limits.venueTown}
            />
            {newVenueDetails}
          </>
        )}
      </div>
      {beforeDescription}
      <TextAreaField
        {...bind('description')}
        label={descriptionLabel}
        rows={4}
        maxLength={limits.description}
      />
      {image}
    </>
  );
  return legend ? (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {fields}
    </fieldset>
  ) : (
    fields
  );
}
