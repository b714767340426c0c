import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { TitledSection } from '@/components/TitledSection';
import { ConcertActions } from '../components/ConcertActions';
import { ConcertEditor } from '../components/ConcertEditor';
import { concertLabel } from '../components/ConcertRow';
import { Loaded } from '../components/Loaded';
import { adminKeys } from '../keys';
import { getConcert } from '../manage-api';
import { ADMIN_PATHS, concertAdminPath } from '../paths';
import { Notice, withNotice } from './notice';
import { useSectionTitle } from './useSectionTitle';

const DUPLICATED = 'Concierto duplicado: esta es la copia, cambia su fecha.';
const DELETED = 'Concierto borrado.';

/** /admin/conciertos/:id: one concert's every field, its bands (picked by name) and its actions. */
export function ConcertSection() {
  useSectionTitle('Editar concierto');
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const concert = useQuery({
    queryKey: adminKeys.concert(id),
    queryFn: ({ signal }) => getConcert(id, signal),
  });
  return (
    <>
      <p>
        <Link to={ADMIN_PATHS.concerts}>← Volver a los conciertos</Link>
      </p>
      <Notice />
      <Loaded query={concert} failure="No se ha podido cargar el concierto.">
        {(loaded) => (
          <TitledSection className="admin-card" title="Editar concierto">
            <p>
              {concertLabel(loaded)}
              {loaded.cancelledAt && <span className="admin-badge"> Cancelado</span>}
            </p>
            {/* A new editor for another concert: its draft starts from that concert. */}
            <ConcertEditor key={loaded.id} concert={loaded} />
            <ConcertActions
              concert={loaded}
              onDuplicated={(copyId) =>
                void navigate(concertAdminPath(copyId), withNotice(DUPLICATED))
              }
              onDeleted={() =>
                void navigate(ADMIN_PATHS.concerts, { replace: true, ...withNotice(DELETED) })
              }
            />
          </TitledSection>
        )}
      </Loaded>
    </>
  );
}
