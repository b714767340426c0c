import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TitledSection } from '@/components/TitledSection';
import { fetchPendingSubmissions, submissionKeys } from '@/features/submissions/queries';
import { ListState } from '../components/ListState';
import { useAdminFormats } from '../shared/format';
import { submissionAdminPath } from '../shared/paths';
import { useAdminText } from '../shared/texts';
import { useSectionTitle } from './useSectionTitle';

/** /admin/propuestas: the moderation queue, oldest first; each opens at its own address. */
export function SubmissionsSection() {
  useSectionTitle('admin.section.submissions');
  const t = useAdminText();
  const formats = useAdminFormats();
  const queue = useQuery({
    queryKey: submissionKeys.pending(),
    queryFn: ({ signal }) => fetchPendingSubmissions(signal),
  });
  const submissions = queue.data?.submissions;
  const sentAt = (iso: string) => t('admin.submissions.sent', { moment: formats.shortMoment(iso) });
  return (
    <TitledSection className="admin-card" title={t('admin.submissions.title')}>
      <ListState
        query={queue}
        isEmpty={submissions?.length === 0}
        empty={t('admin.submissions.empty')}
      />
      {submissions && submissions.length > 0 && (
        <ul className="admin-rows" aria-label={t('admin.submissions.label')}>
          {submissions.map((submission) => (
            <li key={submission.id} className="admin-row">
              <p className="admin-row__title">
                <Link to={submissionAdminPath(submission.id)}>
                  {t('admin.submissions.line', {
                    band: submission.bandName,
                    day: submission.day,
                    hour: submission.hour,
                    venue: submission.venueName,
                  })}
                </Link>
                <span className="admin-hint"> {sentAt(submission.createdAt)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
