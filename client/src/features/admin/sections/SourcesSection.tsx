import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { TitledSection } from '@/components/TitledSection';
import { AdminForm } from '../components/AdminForm';
import { ListState } from '../components/ListState';
import { SourceFields } from '../components/SourceFields';
import { SourceRow } from '../components/SourceRow';
import { SourcesParts } from '../components/SourcesParts';
import { adminKeys, createSource, listSources } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useAdminMutation } from '../shared/useAdminMutation';
import { useVenueDraft } from '../shared/useVenueDraft';
import { checkSource, type SourceText } from '../shared/validation';
import { useSectionTitle } from './useSectionTitle';

const EMPTY: SourceText = { url: '', name: '', venue: '', genre: '', mode: 'review' };

function AddSourceForm() {
  const t = useAdminText();
  const id = useId();
  const draft = useVenueDraft(id, EMPTY, checkSource);
  const add = useAdminMutation({
    mutationFn: createSource,
    failure: t('admin.source.addFailed'),
    success: (source) =>
      t(source.kind === 'fediverse' ? 'admin.source.addedAccount' : 'admin.source.added'),
    onSuccess: () => draft.setFields(EMPTY),
  });
  return (
    <AdminForm
      draft={draft}
      mutation={add}
      idle="admin.source.add"
      busy="admin.source.adding"
      label={t('admin.source.add')}
    >
      <SourceFields draft={draft} withUrl />
    </AdminForm>
  );
}

/** /admin/fuentes: the calendars and pages concerts are imported from, added, run, paused. */
export function SourcesSection() {
  useSectionTitle('admin.section.sources');
  const t = useAdminText();
  const sources = useQuery({
    queryKey: adminKeys.sources(),
    queryFn: ({ signal }) => listSources(signal),
  });
  const items = sources.data?.items;
  return (
    <>
      <SourcesParts />
      <TitledSection className="admin-card" title={t('admin.sources.title')}>
        <p className="admin-hint">{t('admin.sources.hint')}</p>
        <AddSourceForm />
        <ListState query={sources} isEmpty={items?.length === 0} empty={t('admin.sources.empty')} />
        {items && items.length > 0 && (
          <ul className="admin-rows" aria-label={t('admin.sources.label')}>
            {items.map((source) => (
              <SourceRow key={source.id} source={source} />
            ))}
          </ul>
        )}
      </TitledSection>
    </>
  );
}
