import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TitledSection } from '@/components/TitledSection';
import { useConcertDraft } from '@/components/concert-fields/useConcertDraft';
import { createConcert, useVenues } from '../shared/queries';
import { useAdminMutation } from '../shared/useAdminMutation';
import { concertAdminPath } from '../shared/paths';
import { useAdminRichText, useAdminText } from '../shared/texts';
import { checkConcert, type AdminConcertText } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { AdminConcertFieldset } from './AdminConcertFieldset';

const EMPTY: AdminConcertText = {
  day: '',
  genre: '',
  venue: '',
  venueTown: '',
  venueAddress: '',
  venueWebsite: '',
  hour: '',
  price: '',
  ticketUrl: '',
  name: '',
  description: '',
  imageUrl: '',
};

export function ConcertForm() {
  const t = useAdminText();
  const rich = useAdminRichText();
  const id = useId();
  const [created, setCreated] = useState<number | null>(null);
  // A venue of the list is picked by its name; any other name is a new venue, which needs a town.
  const draft = useConcertDraft(id, EMPTY, useVenues(), (fields, venue) =>
    checkConcert(fields, venue.known),
  );
  const create = useAdminMutation({
    mutationFn: createConcert,
    failure: t('admin.concert.createFailed'),
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      draft.setFields(EMPTY);
      setCreated(answer.id);
    },
  });

  return (
    <TitledSection className="admin-card" title={t('admin.concert.create')}>
      <AdminForm draft={draft} mutation={create} idle="admin.concert.create" busy="admin.creating">
        <AdminConcertFieldset draft={draft} genrePlaceholder={t('admin.concert.pickGenre')} />
      </AdminForm>
      {created !== null && (
        <p>
          {rich('admin.concert.openCreated', {
            link: (chunks) => <Link to={concertAdminPath(created)}>{chunks}</Link>,
          })}
        </p>
      )}
    </TitledSection>
  );
}
