import { Link } from 'react-router';
import { ConcertForm } from '../components/ConcertForm';
import { ADMIN_PATHS } from '../paths';
import { useSectionTitle } from './useSectionTitle';

/** /admin/conciertos/nuevo: the concert form; the new concert's page is linked once created. */
export function NewConcertSection() {
  useSectionTitle('Nuevo concierto');
  return (
    <>
      <p>
        <Link to={ADMIN_PATHS.concerts}>← Volver a los conciertos</Link>
      </p>
      <ConcertForm />
    </>
  );
}
