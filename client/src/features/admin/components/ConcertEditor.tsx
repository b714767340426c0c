// Edits every field of a concert in place; only what changed is sent (so a description fix never
// reads as a change of date). Bands are linked and unlinked here too, by name.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminConcertDto } from '../../../../../common/admin-rules';
import { GENRES } from '../../../../../common/genres';
import { StatusRegion } from '../../../components/FormStatus';
import { TextField } from '../../../components/TextField';
import { fetchVenues } from '../api';
import { adminKeys } from '../keys';
import { linkBand, unlinkBand, updateConcert, type ConcertChanges } from '../manage-api';
import { useManageAction } from '../useManageAction';
import { knownVenue, newVenueOf } from '../venues';
import { ImageField } from './ImageField';
import { NewVenueFields } from './NewVenueFields';

interface Props {
  concert: AdminConcertDto;
  onSaved: () => void;
}

export function ConcertEditor({ concert, onSaved }: Props) {
  const id = useId();
  const venues = useQuery({
    queryKey: adminKeys.venues(),
    queryFn: ({ signal }) => fetchVenues(signal),
    staleTime: 5 * 60_000,
  });
  const [fields, setFields] = useState({
    day: concert.day,
    hour: concert.hour,
    genre: concert.genre,
    price: concert.price,
    name: concert.name ?? '',
    description: concert.description ?? '',
    imageUrl: concert.imageUrl ?? '',
    venue: concert.venue,
    venueTown: '',
    venueAddress: '',
    venueWebsite: '',
  });
  const [bandName, setBandName] = useState('');
  const set = (key: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));

  const save = useManageAction(
    (changes: ConcertChanges) => updateConcert(concert.id, changes),
    'Cambios guardados.',
    'Error al guardar: ',
    onSaved,
  );
  const addBand = useManageAction(
    (name: string) => linkBand(concert.id, { name }),
    'Banda vinculada.',
    'Error al vincular: ',
    () => setBandName(''),
  );
  const removeBand = useManageAction(
    (bandId: number) => unlinkBand(concert.id, bandId),
    'Banda desvinculada.',
    'Error al desvincular: ',
  );

  const known = knownVenue(venues.data?.venues, fields.venue);
  const isNewVenue = fields.venue.trim() !== '' && !known;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes: ConcertChanges = {};
    if (fields.day !== concert.day) changes.day = fields.day;
    if (fields.hour !== concert.hour) changes.hour = fields.hour;
    if (fields.genre !== concert.genre) changes.genre = fields.genre;
    if (Number(fields.price) !== Number(concert.price)) changes.price = fields.price.trim();
    if (fields.name !== (concert.name ?? '')) changes.name = fields.name;
    if (fields.description !== (concert.description ?? ''))
      changes.description = fields.description;
    if (fields.imageUrl.trim() !== (concert.imageUrl ?? ''))
      changes.imageUrl = fields.imageUrl.trim() || null;
    if (known && known.id !== concert.venueId) changes.venueId = known.id;
    if (isNewVenue) changes.newVenue = newVenueOf(fields.venue, fields);
    if (Object.keys(changes).length === 0) {
      onSaved();
      return;
    }
    save.run(changes);
  }

  return (
    <div className="admin-editor">
      <form noValidate onSubmit={submit} className="admin-form" aria-label="Editar concierto">
        <div className="admin-grid">
          <TextField
            id={`${id}-day`}
            label="Día"
            type="date"
            value={fields.day}
            onValueChange={set('day')}
          />
          <TextField
            id={`${id}-hour`}
            label="Hora"
            type="time"
            value={fields.hour}
            onValueChange={set('hour')}
          />
          <div className="form-field">
            <label htmlFor={`${id}-genre`}>Género</label>
            <select
              id={`${id}-genre`}
              className="text-input"
              value={fields.genre}
              onChange={(event) => set('genre')(event.target.value)}
            >
              {GENRES.map((genre) => (
                <option key={genre} value={genre}>
                  {genre}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id={`${id}-price`}
            label="Precio (€, 0 si es gratis)"
            type="number"
            min="0"
            step="0.01"
            value={fields.price}
            onValueChange={set('price')}
          />
          <TextField
            id={`${id}-venue`}
            label="Sala"
            type="text"
            list={`${id}-venues`}
            autoComplete="off"
            value={fields.venue}
            onValueChange={set('venue')}
          >
            <datalist id={`${id}-venues`}>
              {venues.data?.venues
                .filter((venue) => venue.known)
                .map((venue) => (
                  <option key={venue.id} value={venue.name}>
                    {venue.town ?? ''}
                  </option>
                ))}
            </datalist>
          </TextField>
          {isNewVenue && (
            <NewVenueFields
              formId={id}
              values={fields}
              invalid={null}
              onChange={(key, value) => set(key)(value)}
            />
          )}
        </div>
        <TextField
          id={`${id}-name`}
          label="Nombre libre (opcional)"
          type="text"
          value={fields.name}
          onValueChange={set('name')}
        />
        <div className="form-field">
          <label htmlFor={`${id}-description`}>Descripción (opcional)</label>
          <textarea
            id={`${id}-description`}
            className="text-input"
            rows={3}
            value={fields.description}
            onChange={(event) => set('description')(event.target.value)}
          />
        </div>
        {/* Upload a new picture or type its URL; an empty URL removes it. */}
        <ImageField url={fields.imageUrl} onUrlChange={set('imageUrl')} />
        {fields.imageUrl && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => set('imageUrl')('')}
          >
            Quitar imagen
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={save.pending}>
          Guardar cambios
        </button>
        <StatusRegion message={save.message} />
      </form>
      <div className="admin-form">
        <p className="admin-hint">Bandas del concierto</p>
        <ul className="admin-chips" aria-label="Bandas del concierto">
          {concert.bands.map((band) => (
            <li key={band.id}>
              {band.name}{' '}
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Quitar ${band.name}`}
                disabled={removeBand.pending}
                onClick={() => removeBand.run(band.id)}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
        <TextField
          id={`${id}-band`}
          label="Añadir banda (nombre)"
          type="text"
          value={bandName}
          onValueChange={setBandName}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={addBand.pending || bandName.trim() === ''}
          onClick={() => addBand.run(bandName.trim())}
        >
          Añadir banda
        </button>
        <StatusRegion message={addBand.message ?? removeBand.message} />
      </div>
    </div>
  );
}
