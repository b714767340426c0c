import { Link } from 'react-router';
import { ConcertsManager } from '../components/ConcertsManager';
import { ADMIN_PATHS } from '../paths';
import { Notice } from './notice';
import { useSectionTitle } from './useSectionTitle';

/** /admin/conciertos: the list with its filters in the address, and the way to a new one. */
export function ConcertsSection() {
  useSectionTitle('Conciertos');
  return (
    <>
      <p className="admin-buttons">
        <Link className="button button--primary" to={ADMIN_PATHS.newConcert}>
          Nuevo concierto
        </Link>
      </p>
      <Notice />
      <ConcertsManager />
    </>
  );
}
