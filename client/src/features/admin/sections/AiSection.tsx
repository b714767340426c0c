import type { AdminRunKind } from '@common/admin/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { ActionSection } from '../components/ActionSection';
import { FeedbackStats } from '../components/FeedbackStats';
import { useAdminText } from '../shared/texts';
import { useSectionTitle } from './useSectionTitle';

/** The three generations: each one's endpoint, its title (also its button) and its failure. */
const GENERATIONS: {
  kind: AdminRunKind;
  path: string;
  title: AdminMessageId;
  failure: AdminMessageId;
}[] = [
  {
    kind: 'recommendations',
    path: '/api/generateRecommendations',
    title: 'admin.ai.recommendations',
    failure: 'admin.ai.recommendationsFailed',
  },
  {
    kind: 'descriptions-short',
    path: '/api/generateDescriptions',
    title: 'admin.ai.short',
    failure: 'admin.ai.shortFailed',
  },
  {
    kind: 'descriptions-long',
    path: '/api/generateDescriptionsLong',
    title: 'admin.ai.long',
    failure: 'admin.ai.longFailed',
  },
];

/** /admin/ia: the three generation runs, and what fans think of the recommendations. */
export function AiSection() {
  useSectionTitle('admin.section.ai');
  const t = useAdminText();
  return (
    <>
      <div className="field-grid admin-actions-grid">
        {GENERATIONS.map(({ kind, path, title, failure }) => (
          <ActionSection key={kind} kind={kind} path={path} title={t(title)} failure={t(failure)} />
        ))}
      </div>
      <FeedbackStats />
    </>
  );
}
