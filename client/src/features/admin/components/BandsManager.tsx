// The band list of /admin: search, edit every field, merge into another band (picked by name),
// delete when no concert uses it.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminBandDto } from '@common/admin/types';
import { foldName } from '@common/text/fold';
import { StatusRegion } from '@/components/FormStatus';
import { TextField } from '@/components/TextField';
import { TitledSection } from '@/components/TitledSection';
import { adminKeys, deleteBand, listBands, mergeBand } from '../shared/queries';
import { latestMessage, useAdminMutation } from '../shared/useAdminMutation';
import { useDebounced } from '../shared/useDebounced';
import { usePagedQuery } from '../shared/usePagedQuery';
import { useAdminText } from '../shared/texts';
import { BandEditor } from './BandEditor';
import { PagedList, type ListTexts } from './PagedList';
import { DeleteButton, EditToggle, NamedRow, RowButton, useDeleteMutation } from './RowActions';

const LIST_TEXTS: ListTexts = {
  searchLabel: 'admin.bands.search',
  label: 'admin.bands.label',
  empty: 'admin.bands.empty',
  pagesLabel: 'admin.bands.pages',
};

function BandRow({ band }: { band: AdminBandDto }) {
  const t = useAdminText();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [into, setInto] = useState('');
  const intoQuery = useDebounced(into, 250);
  const candidates = useQuery({
    queryKey: adminKeys.bandList(intoQuery, 1),
    queryFn: ({ signal }) => listBands(intoQuery, 1, signal),
    enabled: intoQuery.trim().length >= 2,
  });
  const target = candidates.data?.items.find(
    (other) => other.id !== band.id && foldName(other.name) === foldName(into.trim()),
  );
  const merge = useAdminMutation({
    mutationFn: (intoId: number) => mergeBand(band.id, intoId),
    failure: t('admin.band.mergeFailed'),
    success: t('admin.band.merged'),
  });
  const remove = useDeleteMutation(deleteBand, t('admin.band.deleted'));

  return (
    <NamedRow item={band}>
      <div className="field-grid">
        <TextField
          id={`${id}-into`}
          label={t('admin.band.mergeInto')}
          list={`${id}-into-list`}
          autoComplete="off"
          value={into}
          onValueChange={setInto}
        >
          <datalist id={`${id}-into-list`}>
            {candidates.data?.items
              .filter((other) => other.id !== band.id)
              .map((other) => (
                <option key={other.id} value={other.name} />
              ))}
          </datalist>
        </TextField>
      </div>
      <div className="admin-row__actions">
        <EditToggle editing={editing} onToggle={() => setEditing((open) => !open)} />
        <RowButton
          disabled={merge.pending || !target}
          onClick={() => target && merge.run(target.id)}
        >
          {t('admin.band.merge')}
        </RowButton>
        <DeleteButton remove={remove} item={band} />
      </div>
      <StatusRegion message={latestMessage(merge, remove)} />
      {editing && <BandEditor band={band} />}
    </NamedRow>
  );
}

export function BandsManager() {
  const t = useAdminText();
  const bands = usePagedQuery({
    start: { q: '' },
    queryKey: ({ q }, page) => adminKeys.bandList(q, page),
    queryFn: ({ q }, page, signal) => listBands(q, page, signal),
  });
  return (
    <TitledSection className="admin-card" title={t('admin.section.bands')}>
      <PagedList paged={bands} {...LIST_TEXTS}>
        {(band) => <BandRow key={band.id} band={band} />}
      </PagedList>
    </TitledSection>
  );
}
