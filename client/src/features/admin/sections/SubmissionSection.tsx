import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminMessageId } from '@common/i18n/catalogues';
import type { SubmissionDto } from '@common/submissions/types';
import { StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { fetchSubmission, submissionKeys } from '@/features/submissions/queries';
import { Loaded } from '../components/Loaded';
import { SubmissionReview } from '../components/SubmissionReview';
import { ADMIN_PATHS, concertAdminPath } from '../shared/paths';
import { useAdminText } from '../shared/texts';
import { useSectionTitle } from './useSectionTitle';

const OUTCOMES: Record<Exclude<SubmissionDto['status'], 'pending'>, AdminMessageId> = {
  approved: 'admin.submission.approved',
  rejected: 'admin.submission.rejected',
  spam: 'admin.submission.spam',
};

/** What a reviewed submission became, and the concert an approval made. */
function Reviewed({
  submission,
  status,
}: {
  submission: SubmissionDto;
  status: keyof typeof OUTCOMES;
}) {
  const t = useAdminText();
  return (
    <>
      <p>{t(OUTCOMES[status])}</p>
      {submission.reason && (
        <p className="admin-hint">{t('admin.submission.reason', { reason: submission.reason })}</p>
      )}
      {submission.concertId !== null && (
        <p>
          <Link to={concertAdminPath(submission.concertId)}>
            {t('admin.submission.openConcert')}
          </Link>
        </p>
      )}
    </>
  );
}

/** /admin/propuestas/:id, where the admins' moderation mail leads: review one submission. */
export function SubmissionSection() {
  useSectionTitle('admin.submission.title');
  const t = useAdminText();
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
        <Link to={ADMIN_PATHS.submissions}>{t('admin.submission.back')}</Link>
      </p>
      <StatusRegion message={outcome} />
      <Loaded query={submission} failure={t('admin.submission.loadFailed')}>
        {(loaded) => (
          <TitledSection className="admin-card" title={t('admin.submission.title')}>
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
