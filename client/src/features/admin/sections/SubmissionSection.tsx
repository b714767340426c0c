import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { SubmissionDto } from '@common/submission-rules';
import { StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { fetchSubmission, submissionKeys } from '@/features/submissions/api';
import { Loaded } from '../components/Loaded';
import { SubmissionReview } from '../components/SubmissionReview';
import { ADMIN_PATHS, concertAdminPath } from '../paths';
import { useSectionTitle } from './useSectionTitle';

const OUTCOMES: Record<Exclude<SubmissionDto['status'], 'pending'>, string> = {
  approved: 'Esta propuesta ya se aprobó.',
  rejected: 'Esta propuesta ya se rechazó.',
  spam: 'Esta propuesta se marcó como spam.',
};

/** What a reviewed submission became, and the concert an approval made. */
function Reviewed({
  submission,
  status,
}: {
  submission: SubmissionDto;
  status: keyof typeof OUTCOMES;
}) {
  return (
    <>
      <p>{OUTCOMES[status]}</p>
      {submission.reason && <p className="admin-hint">Motivo: {submission.reason}</p>}
      {submission.concertId !== null && (
        <p>
          <Link to={concertAdminPath(submission.concertId)}>Abrir el concierto publicado</Link>
        </p>
      )}
    </>
  );
}

/** /admin/propuestas/:id, where the admins' moderation mail leads: review one submission. */
export function SubmissionSection() {
  useSectionTitle('Revisar propuesta');
  const id = useParams().id ?? '';
  // The review's outcome stays on the page after the submission leaves the queue.
  const [outcome, setOutcome] = useState<StatusMessage | null>(null);
  const submission = useQuery({
    queryKey: submissionKeys.one(id),
    queryFn: ({ signal }) => fetchSubmission(id, signal),
  });
  return (
    <>
      <p>
        <Link to={ADMIN_PATHS.submissions}>← Volver a las propuestas</Link>
      </p>
      <StatusRegion message={outcome} />
      <Loaded query={submission} failure="No se ha podido cargar la propuesta.">
        {(loaded) => (
          <TitledSection className="admin-card" title="Revisar propuesta">
            {loaded.status === 'pending' ? (
              <SubmissionReview key={loaded.id} submission={loaded} onReviewed={setOutcome} />
            ) : (
              <Reviewed submission={loaded} status={loaded.status} />
            )}
          </TitledSection>
        )}
      </Loaded>
    </>
  );
}
