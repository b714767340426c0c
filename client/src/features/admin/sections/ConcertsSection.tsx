import { Link } from 'react-router';
import { ConcertsManager } from '../components/ConcertsManager';
import { ADMIN_PATHS } from '../shared/paths';
import { useAdminText } from '../shared/texts';
import { Notice } from './notice';
import { useSectionTitle } from './useSectionTitle';

/** /admin/conciertos: the list with its filters in the address, and the way to a new one. */
export function ConcertsSection() {
  useSectionTitle('admin.section.concerts');
  const t = useAdminText();
  return (
    <>
      <p className="admin-buttons">
        <Link className="button button--primary" to={ADMIN_PATHS.newConcert}>
          {t('admin.concerts.new')}
        </Link>
      </p>
      <Notice />
      <ConcertsManager />
    </>
  );
}
