import { useState } from 'react';
import { Link } from 'react-router';
import { StatusRegion } from '@/components/FormStatus';
import { TitledSection } from '@/components/TitledSection';
import { PagedList, type ListTexts } from '../components/PagedList';
import { SourcesParts } from '../components/SourcesParts';
import { WaitingReview, type Approved } from '../components/WaitingReview';
import { concertAdminPath } from '../shared/paths';
import { adminKeys, listWaiting } from '../shared/queries';
import { useAdminRichText, useAdminText } from '../shared/texts';
import { usePagedQuery } from '../shared/usePagedQuery';
import { useSectionTitle } from './useSectionTitle';

const LIST_TEXTS: ListTexts = {
  label: 'admin.waiting.label',
  empty: 'admin.waiting.empty',
  count: 'admin.waiting.count',
  pagesLabel: 'admin.waiting.pages',
};

/** /admin/fuentes/revision: the imported events waiting for an admin, the oldest first. */
export function WaitingSection() {
  useSectionTitle('admin.waiting.title');
  const t = useAdminText();
  const rich = useAdminRichText();
  // The approval's outcome stays on the page after the event leaves the list.
  const [approved, setApproved] = useState<Approved | null>(null);
  const waiting = usePagedQuery({
    start: { q: '' },
    queryKey: (_filters, page) => adminKeys.waiting(page),
    queryFn: (_filters, page, signal) => listWaiting(page, signal),
  });
  return (
    <>
      <SourcesParts />
      <TitledSection className="admin-card" title={t('admin.waiting.title')}>
        <p className="admin-hint">{t('admin.waiting.hint')}</p>
        <StatusRegion message={approved && { kind: 'success', text: approved.message }}>
          {approved && (
            <p>
              {rich('admin.waiting.openConcert', {
                page: (chunks) => <a href={`/conciertos/${approved.concertId}`}>{chunks}</a>,
                edit: (chunks) => <Link to={concertAdminPath(approved.concertId)}>{chunks}</Link>,
              })}
            </p>
          )}
        </StatusRegion>
        <PagedList paged={waiting} {...LIST_TEXTS}>
          {(item) => <WaitingReview key={item.id} item={item} onApproved={setApproved} />}
        </PagedList>
      </TitledSection>
    </>
  );
}
