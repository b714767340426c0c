// Edits a source's name, default venue and genre, and review or publish directly, in place; only
// what changed is sent (a blank venue or genre clears it).
import { useId } from 'react';
import type { SourceCreateInput, SourceUpdateInput } from '@common/sources/schemas';
import type { SourceDto } from '@common/sources/types';
import { mapChecked } from '@/lib/parseDraft';
import { updateSource } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useSaveChanges } from '../shared/useAdminMutation';
import { useVenueDraft } from '../shared/useVenueDraft';
import { checkSource, type SourceText } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { SourceFields } from './SourceFields';

const draftOf = (source: SourceDto): SourceText => ({
  url: source.url,
  name: source.name,
  venue: source.venueName ?? '',
  genre: source.genre ?? '',
  mode: source.review ? 'review' : 'direct',
});

function changesOf(source: SourceDto, checked: SourceCreateInput): SourceUpdateInput {
  const changes: SourceUpdateInput = {};
  if (checked.name !== source.name) changes.name = checked.name;
  if (checked.review !== source.review) changes.review = checked.review;
  if (checked.genre !== source.genre) changes.genre = checked.genre;
  if (checked.venueId !== source.venueId) changes.venueId = checked.venueId;
  return changes;
}

export function SourceEditor({ source }: { source: SourceDto }) {
  const t = useAdminText();
  const id = useId();
  const draft = useVenueDraft(
    id,
    () => draftOf(source),
    (fields, known) =>
      mapChecked(checkSource(fields, known), (checked) => changesOf(source, checked)),
  );
  const save = useSaveChanges(
    (changes: SourceUpdateInput) => updateSource(source.id, changes),
    t('admin.source.saved'),
  );
  return (
    <AdminForm
      draft={draft}
      mutation={save}
      idle="admin.source.save"
      busy="admin.saving"
      className="admin-form admin-editor"
      label={t('admin.source.editLabel', { name: source.name })}
    >
      <SourceFields draft={draft} />
    </AdminForm>
  );
}
