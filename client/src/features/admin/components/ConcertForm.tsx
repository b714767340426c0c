import { useId } from 'react';
import { TitledSection } from '@/components/TitledSection';
import { useConcertDraft } from '@/components/concert-fields/useConcertDraft';
import { createConcert } from '../api';
import { useAdminMutation } from '../useAdminMutation';
import { useVenues } from '../useVenues';
import { checkConcert, type AdminConcertText } from '../validation';
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
  name: '',
  description: '',
  imageUrl: '',
};

export function ConcertForm() {
  const id = useId();
  // A venue of the list is picked by its name; any other name is a new venue, which needs a town.
  const draft = useConcertDraft(id, EMPTY, useVenues(), (fields, venue) =>
    checkConcert(fields, venue.known),
  );
  const create = useAdminMutation({
    mutationFn: createConcert,
    failure: 'Error al crear concierto: ',
    success: (answer) => answer.message,
    onSuccess: () => draft.setFields(EMPTY),
  });

  return (
    <TitledSection className="admin-card" title="Crear concierto">
      <AdminForm draft={draft} mutation={create} idle="Crear concierto" busy="Creando...">
        <AdminConcertFieldset draft={draft} genrePlaceholder="Elige un género" />
      </AdminForm>
    </TitledSection>
  );
}
