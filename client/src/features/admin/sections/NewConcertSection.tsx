import { Link } from 'react-router';
import { ConcertForm } from '../components/ConcertForm';
import { ADMIN_PATHS } from '../shared/paths';
import { useAdminText } from '../shared/texts';
import { useSectionTitle } from './useSectionTitle';

/** /admin/conciertos/nuevo: the concert form; the new concert's page is linked once created. */
export function NewConcertSection() {
  useSectionTitle('admin.concerts.new');
  const t = useAdminText();
  return (
    <>
      <p>
        <Link to={ADMIN_PATHS.concerts}>{t('admin.concerts.back')}</Link>
      </p>
      <ConcertForm />
    </>
  );
}
