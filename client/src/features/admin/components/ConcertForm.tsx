import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TitledSection } from '@/components/TitledSection';
import { useConcertDraft } from '@/components/concert-fields/useConcertDraft';
import { createConcert } from '../api';
import { useAdminMutation } from '../useAdminMutation';
import { concertAdminPath } from '../paths';
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
  const [created, setCreated] = useState<number | null>(null);
  // A venue of the list is picked by its name; any other name is a new venue, which needs a town.
  const draft = useConcertDraft(id, EMPTY, useVenues(), (fields, venue) =>
    checkConcert(fields, venue.known),
  );
  const create = useAdminMutation({
    mutationFn: createConcert,
    failure: 'Error al crear concierto: ',
    success: (answer) => answer.message,
    onSuccess: (answer) => {
      draft.setFields(EMPTY);
      setCreated(answer.id);
    },
  });

  return (
    <TitledSection className="admin-card" title="Crear concierto">
      <AdminForm draft={draft} mutation={create} idle="Crear concierto" busy="Creando...">
        <AdminConcertFieldset draft={draft} genrePlaceholder="Elige un género" />
      </AdminForm>
      {created !== null && (
        <p>
          <Link to={concertAdminPath(created)}>Abrir el concierto creado</Link> para añadirle
          bandas.
        </p>
      )}
    </TitledSection>
  );
}
