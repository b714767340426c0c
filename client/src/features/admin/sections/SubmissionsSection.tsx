import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TitledSection } from '@/components/TitledSection';
import { fetchPendingSubmissions, submissionKeys } from '@/features/submissions/api';
import { ListState } from '../components/ListState';
import { submissionAdminPath } from '../paths';
import { useSectionTitle } from './useSectionTitle';

const sentAt = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

/** /admin/propuestas: the moderation queue, oldest first; each opens at its own address. */
export function SubmissionsSection() {
  useSectionTitle('Propuestas');
  const queue = useQuery({
    queryKey: submissionKeys.pending(),
    queryFn: ({ signal }) => fetchPendingSubmissions(signal),
  });
  const submissions = queue.data?.submissions;
  return (
    <TitledSection className="admin-card" title="Propuestas de conciertos">
      <ListState
        query={queue}
        isEmpty={submissions?.length === 0}
        empty="No hay propuestas pendientes."
      />
      {submissions && submissions.length > 0 && (
        <ul className="admin-rows" aria-label="Propuestas pendientes">
          {submissions.map((submission) => (
            <li key={submission.id} className="admin-row">
              <p className="admin-row__title">
                <Link to={submissionAdminPath(submission.id)}>
                  {submission.bandName} · {submission.day} {submission.hour} ·{' '}
                  {submission.venueName}
                </Link>
                <span className="admin-hint">
                  {' '}
                  · enviada el {sentAt.format(new Date(submission.createdAt))}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
