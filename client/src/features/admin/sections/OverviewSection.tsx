import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminOverviewResponse } from '@common/dto';
import { TitledSection } from '@/components/TitledSection';
import { LastWeeklyMail } from '../components/LastWeeklyMail';
import { Loaded } from '../components/Loaded';
import { countOf } from '../format';
import { ADMIN_PATHS } from '../paths';
import { useOverview } from '../queries';
import { useSectionTitle } from './useSectionTitle';

/** Where a failed background job is handled, by its queue. */
const QUEUE_PLACES: Record<string, { label: string; to: string }> = {
  'recommendations-all': { label: 'Recomendaciones', to: ADMIN_PATHS.ai },
  'recommendations-user': { label: 'Recomendaciones de un fan', to: ADMIN_PATHS.ai },
  'recommendations-group': { label: 'Recomendaciones por grupos', to: ADMIN_PATHS.ai },
  'weekly-mail-send': { label: 'Email semanal', to: ADMIN_PATHS.weeklyMail },
  'concert-rescore': { label: 'Puntuar conciertos nuevos', to: ADMIN_PATHS.concerts },
  'artist-alerts': { label: 'Avisos de artistas', to: ADMIN_PATHS.concerts },
};

const concertsWhere = (filter: 'withoutBands' | 'withoutImage') =>
  `${ADMIN_PATHS.concerts}?${filter}=true`;

function Stat({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="admin-stat">
      <h3>{title}</h3>
      {children}
    </li>
  );
}

function Overview({ overview }: { overview: AdminOverviewResponse }) {
  const { concerts, fans, lastWeeklyMail: weekly, ai, failedJobs } = overview;
  const running = overview.runs.filter((run) => run.status === 'running').length;
  return (
    <ul className="admin-stats">
      <Stat title="Propuestas">
        <Link to={ADMIN_PATHS.submissions}>
          {countOf(overview.submissionsPending, 'propuesta por revisar', 'propuestas por revisar')}
        </Link>
      </Stat>
      <Stat title="Próximos conciertos">
        <p>
          <Link to={ADMIN_PATHS.concerts}>
            {countOf(concerts.upcoming, 'concierto próximo', 'conciertos próximos')}
          </Link>
        </p>
        <p>
          <Link to={concertsWhere('withoutBands')}>{concerts.withoutBands} sin bandas</Link> ·{' '}
          <Link to={concertsWhere('withoutImage')}>{concerts.withoutImage} sin imagen</Link>
        </p>
      </Stat>
      <Stat title="Fans">
        <p>{countOf(fans.total, 'fan', 'fans')}</p>
        <p className="admin-hint">
          {fans.verified.toLocaleString('es-ES')} con el email verificado ·{' '}
          {fans.weeklySubscribers.toLocaleString('es-ES')} reciben el email semanal
        </p>
      </Stat>
      <Stat title="Último email semanal">
        <LastWeeklyMail weekly={weekly} />
        <Link to={ADMIN_PATHS.weeklyMail}>Ir al email semanal</Link>
      </Stat>
      <Stat title="IA hoy">
        <p>
          {ai.configured
            ? `${ai.callsToday.toLocaleString('es-ES')} de ${countOf(ai.dailyLimit, 'llamada', 'llamadas')}`
            : 'Sin IA configurada: trabajan el motor integrado y las plantillas.'}
        </p>
        <p className="admin-hint">
          {running > 0 ? countOf(running, 'generación en marcha', 'generaciones en marcha') : ''}
        </p>
        <Link to={ADMIN_PATHS.ai}>Ir a recomendaciones e IA</Link>
      </Stat>
      <Stat title="Trabajos fallidos (7 días)">
        {failedJobs.length === 0 ? (
          <p>Ninguno.</p>
        ) : (
          <ul>
            {failedJobs.map((job) => {
              const place = QUEUE_PLACES[job.queue];
              return (
                <li key={job.queue}>
                  {place ? <Link to={place.to}>{place.label}</Link> : job.queue}: {job.count}
                </li>
              );
            })}
          </ul>
        )}
      </Stat>
    </ul>
  );
}

/** /admin: what needs the admin today, each with a link to where it is handled. */
export function OverviewSection() {
  useSectionTitle('Resumen');
  const overview = useOverview();
  return (
    <TitledSection className="admin-card" title="Lo que te espera hoy">
      <Loaded query={overview} failure="No se ha podido cargar el resumen.">
        {(loaded) => <Overview overview={loaded} />}
      </Loaded>
    </TitledSection>
  );
}
