// Edits every field of a concert in place; only what changed is sent (so a description fix never
// reads as a change of date). Bands are linked and unlinked here too, by name.
import { useId, useState, type FormEvent } from 'react';
import type { AdminConcertDto } from '../../../../../common/admin-rules';
import { StatusRegion } from '../../../components/FormStatus';
import { TextAreaField } from '../../../components/TextAreaField';
import { TextField } from '../../../components/TextField';
import {
  DayField,
  GenreField,
  HourField,
  PriceField,
} from '../../../components/concert-fields/ConcertFields';
import { VenueNameField } from '../../../components/concert-fields/VenueNameField';
import { useDraft } from '../../../lib/useDraft';
import { linkBand, unlinkBand, updateConcert, type ConcertChanges } from '../manage-api';
import { useManageAction } from '../useManageAction';
import { useVenueChoice } from '../useVenues';
import { newVenueOf } from '../venues';
import { ImageField } from './ImageField';
import { NewVenueFields } from './NewVenueFields';

interface Props {
  concert: AdminConcertDto;
  onSaved: () => void;
}

export function ConcertEditor({ concert, onSaved }: Props) {
  const id = useId();
  const { fields, set, bind } = useDraft(id, () => ({
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
  }));
  const [bandName, setBandName] = useState('');

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

  const { listed, known, isNewVenue } = useVenueChoice(fields.venue);

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
          <DayField {...bind('day')} />
          <HourField {...bind('hour')} />
          <GenreField {...bind('genre')} />
          <PriceField {...bind('price')} />
          <VenueNameField
            {...bind('venue')}
            label="Sala"
            type="text"
            listId={`${id}-venues`}
            venues={listed}
          />
          {isNewVenue && (
            <NewVenueFields
              formId={id}
              values={fields}
              invalid={null}
              onChange={(key, value) => set(key)(value)}
            />
          )}
        </div>
        <TextField {...bind('name')} label="Nombre libre (opcional)" type="text" />
        <TextAreaField {...bind('description')} label="Descripción (opcional)" rows={3} />
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
