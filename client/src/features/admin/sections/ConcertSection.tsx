import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { TitledSection } from '@/components/TitledSection';
import { ConcertActions } from '../components/ConcertActions';
import { ConcertEditor } from '../components/ConcertEditor';
import { concertLabel } from '../components/ConcertRow';
import { Loaded } from '../components/Loaded';
import { ADMIN_PATHS, concertAdminPath } from '../shared/paths';
import { adminKeys, getConcert } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { Notice, withNotice } from './notice';
import { useSectionTitle } from './useSectionTitle';

/** /admin/conciertos/:id: one concert's every field, its bands (picked by name) and its actions. */
export function ConcertSection() {
  useSectionTitle('admin.concert.edit');
  const t = useAdminText();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const concert = useQuery({
    queryKey: adminKeys.concert(id),
    queryFn: ({ signal }) => getConcert(id, signal),
  });
  return (
    <>
      <p>
        <Link to={ADMIN_PATHS.concerts}>{t('admin.concerts.back')}</Link>
      </p>
      <Notice />
      <Loaded query={concert} failure={t('admin.concert.loadFailed')}>
        {(loaded) => (
          <TitledSection className="admin-card" title={t('admin.concert.edit')}>
            <p>
              {concertLabel(loaded, t)}
              {loaded.cancelledAt && (
                <span className="admin-badge"> {t('admin.concert.cancelled')}</span>
              )}
            </p>
            {/* A new editor for another concert: its draft starts from that concert. */}
            <ConcertEditor key={loaded.id} concert={loaded} />
            <ConcertActions
              concert={loaded}
              onDuplicated={(copyId) =>
                void navigate(
                  concertAdminPath(copyId),
                  withNotice(t('admin.concert.duplicatedHere')),
                )
              }
              onDeleted={() =>
                void navigate(ADMIN_PATHS.concerts, {
                  replace: true,
                  ...withNotice(t('admin.concert.deleted')),
                })
              }
            />
          </TitledSection>
        )}
      </Loaded>
    </>
  );
}
