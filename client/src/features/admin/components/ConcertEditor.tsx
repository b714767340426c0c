// Edits every field of a concert in place; only what changed is sent (so a description fix never
// reads as a change of date). Bands are linked and unlinked here too, by name.
import { useId } from 'react';
import type { AdminConcertDto, ConcertCreateInput, ConcertUpdateInput } from '@common/admin/types';
import { StatusRegion } from '@/components/FormStatus';
import { TextField } from '@/components/TextField';
import { useConcertDraft } from '@/components/concert-fields/useConcertDraft';
import { mapChecked } from '@/lib/parseDraft';
import { useField } from '@/lib/useField';
import { linkBand, unlinkBand, updateConcert, useVenues } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { latestMessage, useAdminMutation, useSaveChanges } from '../shared/useAdminMutation';
import { checkConcert, type AdminConcertText } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { AdminConcertFieldset } from './AdminConcertFieldset';

const draftOf = (concert: AdminConcertDto): AdminConcertText => ({
  day: concert.day,
  hour: concert.hour,
  genre: concert.genre,
  // An unknown price (an imported concert) starts blank.
  price: concert.price ?? '',
  ticketUrl: concert.ticketUrl ?? '',
  name: concert.name ?? '',
  description: concert.description ?? '',
  imageUrl: concert.imageUrl ?? '',
  venue: concert.venue,
  venueTown: '',
  venueAddress: '',
  venueWebsite: '',
});

/** The checked concert's fields that differ from the concert as loaded. */
function changesOf(concert: AdminConcertDto, checked: ConcertCreateInput): ConcertUpdateInput {
  const changes: ConcertUpdateInput = {};
  if (checked.day !== concert.day) changes.day = checked.day;
  if (checked.hour !== concert.hour) changes.hour = checked.hour;
  if (checked.genre !== concert.genre) changes.genre = checked.genre;
  if (concert.price === null || Number(checked.price) !== Number(concert.price)) {
    changes.price = checked.price;
  }
  if (checked.name !== concert.name) changes.name = checked.name;
  if (checked.description !== concert.description) changes.description = checked.description;
  if (checked.imageUrl !== concert.imageUrl) changes.imageUrl = checked.imageUrl;
  if (checked.ticketUrl !== concert.ticketUrl) changes.ticketUrl = checked.ticketUrl;
  if (checked.venueId !== undefined && checked.venueId !== concert.venueId) {
    changes.venueId = checked.venueId;
  }
  if (checked.newVenue) changes.newVenue = checked.newVenue;
  return changes;
}

export function ConcertEditor({ concert }: { concert: AdminConcertDto }) {
  const t = useAdminText();
  const id = useId();
  const draft = useConcertDraft(
    id,
    () => draftOf(concert),
    useVenues(),
    (fields, venue) =>
      mapChecked(checkConcert(fields, venue.known), (checked) => changesOf(concert, checked)),
  );
  const bandName = useField(`${id}-band`);

  const save = useSaveChanges(
    (changes: ConcertUpdateInput) => updateConcert(concert.id, changes),
    t('admin.changesSaved'),
  );
  const addBand = useAdminMutation({
    mutationFn: (name: string) => linkBand(concert.id, { name }),
    failure: t('admin.concert.linkFailed'),
    success: t('admin.concert.linked'),
    onSuccess: () => bandName.onValueChange(''),
  });
  const removeBand = useAdminMutation({
    mutationFn: (bandId: number) => unlinkBand(concert.id, bandId),
    failure: t('admin.concert.unlinkFailed'),
    success: t('admin.concert.unlinked'),
  });

  const unlinkButton = (band: { id: number; name: string }) => (
    <button
      type="button"
      className="button button--secondary"
      aria-label={t('admin.concert.removeBand', { name: band.name })}
      disabled={removeBand.pending}
      onClick={() => removeBand.run(band.id)}
    >
      {t('admin.concert.remove')}
    </button>
  );

  return (
    <div className="admin-editor">
      <AdminForm
        draft={draft}
        mutation={save}
        idle="admin.saveChanges"
        busy="admin.saving"
        label={t('admin.concert.edit')}
      >
        <AdminConcertFieldset draft={draft} />
      </AdminForm>
      <div className="admin-form">
        <p className="admin-hint">{t('admin.concert.bands')}</p>
        <ul className="admin-chips" aria-label={t('admin.concert.bands')}>
          {concert.bands.map((band) => (
            <li key={band.id}>
              {band.name} {unlinkButton(band)}
            </li>
          ))}
        </ul>
        <TextField {...bandName} label={t('admin.concert.addBandName')} type="text" />
        <button
          type="button"
          className="button button--secondary"
          disabled={addBand.pending || bandName.value.trim() === ''}
          onClick={() => addBand.run(bandName.value.trim())}
        >
          {t('admin.concert.addBand')}
        </button>
        <StatusRegion message={latestMessage(addBand, removeBand)} />
      </div>
    </div>
  );
}
