// Links a band to a concert, both picked by name from a search (the concert's own page does the same
// from the concert's side).
import { useId, useState } from 'react';
import { TitledSection } from '@/components/TitledSection';
import { useDraft } from '@/lib/useDraft';
import { createLink } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useAdminMutation } from '../shared/useAdminMutation';
import { checkLink } from '../shared/validation';
import { AdminForm } from './AdminForm';
import { BandPicker, ConcertPicker } from './Pickers';

export function LinkForm() {
  const t = useAdminText();
  const id = useId();
  const draft = useDraft(id, { concertId: '', bandId: '' }, checkLink);
  const [picked, setPicked] = useState({ concert: '', band: '' });
  const link = useAdminMutation({
    mutationFn: createLink,
    failure: t('admin.link.failed'),
    success: (answer) => answer.message,
  });
  const { fields, set } = draft;

  return (
    <TitledSection className="admin-card" title={t('admin.link.title')}>
      <AdminForm draft={draft} mutation={link} idle="admin.link.submit" busy="admin.link.busy">
        <ConcertPicker
          selectedId={fields.concertId}
          onPick={(concertId, label) => {
            set('concertId')(String(concertId));
            setPicked((current) => ({ ...current, concert: label }));
          }}
        />
        <BandPicker
          selectedId={fields.bandId}
          onPick={(bandId, label) => {
            set('bandId')(String(bandId));
            setPicked((current) => ({ ...current, band: label }));
          }}
        />
        <p className="admin-hint" aria-live="polite">
          {t('admin.link.picked', {
            concert: picked.concert || t('admin.link.noConcert'),
            band: picked.band || t('admin.link.noBand'),
          })}
        </p>
      </AdminForm>
    </TitledSection>
  );
}
