import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { createConcert } from '../api';
import { concertProblem } from '../validation';
import { useAdminSubmit } from '../useAdminSubmit';
import { useVenueChoice } from '../useVenues';
import { ImageField } from './ImageField';
import { NewVenueFields } from './NewVenueFields';
import { TextField } from '../../../components/TextField';
import { TextAreaField } from '../../../components/TextAreaField';
import {
  DayField,
  GenreField,
  HourField,
  PriceField,
} from '../../../components/concert-fields/ConcertFields';
import { VenueNameField } from '../../../components/concert-fields/VenueNameField';
import { useDraft } from '../../../lib/useDraft';
import { adminKeys } from '../keys';
import { newVenueOf } from '../venues';
import { SubmitRow } from './SubmitRow';

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
  const { fields, setFields, set, bind } = useDraft(id, EMPTY);

  // A venue of the list is picked by its name; any other name is a new venue, which needs a town.
  const { listed, known, isNewVenue } = useVenueChoice(fields.venue);

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

  const field = (name: keyof typeof EMPTY) => bind(name, invalid);

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Crear concierto</h2>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="admin-form">
        <div className="admin-grid">
          <DayField {...field('day')} required />
          <HourField {...field('hour')} required />
          <GenreField {...field('genre')} required placeholder="Elige un género" />
          <PriceField {...field('price')} inputMode="decimal" required />
          <VenueNameField
            {...field('venue')}
            label="Sala"
            type="text"
            listId={`${id}-venues`}
            venues={listed}
            required
            aria-describedby={`${id}-venue-hint`}
          >
            <small id={`${id}-venue-hint`} className="admin-hint">
              {isNewVenue
                ? 'Sala nueva: se añadirá a la lista de salas.'
                : known && known.name !== fields.venue.trim()
                  ? `Sala de la lista: ${known.name}.`
                  : 'Escribe y elige una sala de la lista, o escribe una nueva.'}
            </small>
          </VenueNameField>
          {isNewVenue && (
            <NewVenueFields
              formId={id}
              values={fields}
              invalid={invalid}
              onChange={(key, value) => set(key)(value)}
            />
          )}
        </div>
        <TextField {...bind('name')} label="Nombre libre (opcional)" type="text" maxLength={200} />
        <TextAreaField
          {...bind('description')}
          label="Descripción (opcional)"
          rows={3}
          maxLength={5000}
        />
        <ImageField
          url={fields.imageUrl}
          onUrlChange={set('imageUrl')}
          invalid={invalid === 'imageUrl'}
        />
        <SubmitRow sending={sending} idle="Crear concierto" busy="Creando..." message={message} />
      </form>
    </section>
  );
}
