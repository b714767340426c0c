import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { TitledSection } from '@/components/TitledSection';
import { fetchPendingSubmissions, submissionKeys } from '@/features/submissions/api';
import { SubmissionReview } from './SubmissionReview';

/** The moderation queue: concerts sent by bands through /publica, oldest first. */
export function SubmissionsSection() {
  // The outcome of the last review stays here: the reviewed item leaves the list.
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const queue = useQuery({
    queryKey: submissionKeys.pending(),
    queryFn: ({ signal }) => fetchPendingSubmissions(signal),
  });

  let content;
  if (queue.isPending) content = <Loading />;
  else if (queue.isError) content = <p className="admin-hint">{queue.error.message}</p>;
  else if (queue.data.submissions.length === 0)
    content = <p className="admin-hint">No hay propuestas pendientes.</p>;
  else
    content = (
      <ul className="admin-submissions">
        {queue.data.submissions.map((submission) => (
          <li key={submission.id}>
            <SubmissionReview submission={submission} onReviewed={setMessage} />
          </li>
        ))}
      </ul>
    );

  return (
    <TitledSection className="admin-card" title="Propuestas de conciertos">
      <StatusRegion message={message} />
      {content}
    </TitledSection>
  );
}
