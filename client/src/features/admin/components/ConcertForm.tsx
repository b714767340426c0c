import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { GENRES } from '../../../../../common/genres';
import { createConcert, fetchVenues } from '../api';
import { concertProblem, type ConcertFields } from '../validation';
import { useAdminSubmit } from '../useAdminSubmit';
import { StatusRegion } from '../../../components/FormStatus';
import { ImageField } from './ImageField';
import { NewVenueFields } from './NewVenueFields';
import { TextField } from '../../../components/TextField';
import { adminKeys } from '../keys';
import { knownVenue, newVenueOf } from '../venues';

const EMPTY = {
  day: '',
  genre: '',
  venue: '',
  venueTown: '',
  venueAddress: '',
  venueWebsite: '',
  hour: '',
  price: '',
  name: '',
  description: '',
  imageUrl: '',
};
const FAILURE = 'Error al crear concierto: ';

export function ConcertForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(EMPTY);
  const venues = useQuery({
    queryKey: adminKeys.venues(),
    queryFn: ({ signal }) => fetchVenues(signal),
    staleTime: 5 * 60_000,
  });

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  // A venue of the list is picked by its name; any other name is a new venue, which needs a town.
  const known = knownVenue(venues.data?.venues, fields.venue);
  const isNewVenue = fields.venue.trim() !== '' && !known;

  const { invalid, message, sending, handleSubmit } = useAdminSubmit({
    formId: id,
    failure: FAILURE,
    problemOf: () => concertProblem({ ...fields, isNewVenue }),
    send: () =>
      createConcert({
        day: fields.day,
        genre: fields.genre,
        hour: fields.hour,
        name: fields.name,
        description: fields.description,
        price: fields.price.trim(),
        imageUrl: fields.imageUrl.trim(),
        ...(known ? { venueId: known.id } : { newVenue: newVenueOf(fields.venue, fields) }),
      }),
    onSuccess: () => {
      setFields(EMPTY);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });

  const fieldProps = (name: keyof ConcertFields) => ({
    id: `${id}-${name}`,
    invalid: invalid === name,
  });

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Crear concierto</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="admin-form">
        <div className="admin-grid">
          <TextField
            {...fieldProps('day')}
            label="Día"
            type="date"
            required
            value={fields.day}
            onValueChange={set('day')}
          />
          <TextField
            {...fieldProps('hour')}
            label="Hora"
            type="time"
            required
            value={fields.hour}
            onValueChange={set('hour')}
          />
          <div className="form-field">
            <label htmlFor={`${id}-genre`}>Género</label>
            <select
              id={`${id}-genre`}
              aria-invalid={invalid === 'genre' || undefined}
              className="text-input"
              required
              value={fields.genre}
              onChange={(event) => set('genre')(event.target.value)}
            >
              <option value="">Elige un género</option>
              {GENRES.map((genre) => (
                <option key={genre} value={genre}>
                  {genre}
                </option>
              ))}
            </select>
          </div>
          <TextField
            {...fieldProps('price')}
            label="Precio (€, 0 si es gratis)"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            required
            value={fields.price}
            onValueChange={set('price')}
          />
          <TextField
            {...fieldProps('venue')}
            label="Sala"
            type="text"
            list={`${id}-venues`}
            autoComplete="off"
            required
            aria-describedby={`${id}-venue-hint`}
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
            <small id={`${id}-venue-hint`} className="admin-hint">
              {isNewVenue
                ? 'Sala nueva: se añadirá a la lista de salas.'
                : known && known.name !== fields.venue.trim()
                  ? `Sala de la lista: ${known.name}.`
                  : 'Escribe y elige una sala de la lista, o escribe una nueva.'}
            </small>
          </TextField>
          {isNewVenue && (
            <NewVenueFields
              formId={id}
              values={fields}
              invalid={invalid}
              onChange={(key, value) => set(key)(value)}
            />
          )}
        </div>
        <TextField
          id={`${id}-name`}
          label="Nombre libre (opcional)"
          type="text"
          maxLength={200}
          value={fields.name}
          onValueChange={set('name')}
        />
        <div className="form-field">
          <label htmlFor={`${id}-description`}>Descripción (opcional)</label>
          <textarea
            id={`${id}-description`}
            className="text-input"
            rows={3}
            maxLength={5000}
            value={fields.description}
            onChange={(event) => set('description')(event.target.value)}
          />
        </div>
        <ImageField
          url={fields.imageUrl}
          onUrlChange={set('imageUrl')}
          invalid={invalid === 'imageUrl'}
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Creando...' : 'Crear concierto'}
        </button>
        <StatusRegion message={message} />
      </form>
    </section>
  );
}
