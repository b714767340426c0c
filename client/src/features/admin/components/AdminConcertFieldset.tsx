// The concert fields of the admin's two concert forms (create, and edit in the list): a hint
// naming the venue picked, a new venue's address and website, the free name, the admin's limits,
// and a picture uploaded or linked.
import { ADMIN_DESCRIPTION_MAX, ADMIN_NAME_MAX } from '@common/admin/limits';
import type { AdminVenueDto } from '@common/admin/types';
import { ConcertFieldset, type ConcertLimits } from '@/components/concert-fields/ConcertFieldset';
import type { VenueChoice } from '@/components/concert-fields/venueChoice';
import { TextField } from '@/components/TextField';
import type { BoundField } from '@/lib/useDraft';
import { useAdminText, type AdminTranslate } from '../shared/texts';
import type { AdminConcertText } from '../shared/validation';
import { ImageField } from './ImageField';
import { VenueContactFields } from './VenueFields';

const LIMITS: ConcertLimits = {
  venue: ADMIN_NAME_MAX,
  venueTown: ADMIN_NAME_MAX,
  description: ADMIN_DESCRIPTION_MAX,
};

interface AdminConcertDraft {
  fields: AdminConcertText;
  bind: (name: keyof AdminConcertText) => BoundField;
  venue: VenueChoice<AdminVenueDto>;
}

function venueHint({ fields, venue }: AdminConcertDraft, t: AdminTranslate): string {
  if (venue.isNew) return t('admin.concert.newVenueHint');
  if (venue.known && venue.known.name !== fields.venue.trim()) {
    return t('admin.concert.knownVenueHint', { name: venue.known.name });
  }
  return t('admin.concert.venueHint');
}

export function AdminConcertFieldset({
  draft,
  genrePlaceholder,
}: {
  draft: AdminConcertDraft;
  genrePlaceholder?: string;
}) {
  const t = useAdminText();
  const { bind } = draft;
  return (
    <ConcertFieldset
      draft={draft}
      limits={LIMITS}
      genrePlaceholder={genrePlaceholder}
      venueHint={venueHint(draft, t)}
      newVenueDetails={
        <VenueContactFields address={bind('venueAddress')} website={bind('venueWebsite')} ofNew />
      }
      beforeDescription={
        <TextField
          {...bind('name')}
          label={t('admin.concert.freeName')}
          type="text"
          maxLength={ADMIN_NAME_MAX}
        />
      }
      descriptionLabel={t('admin.concert.description')}
      image={<ImageField {...bind('imageUrl')} />}
    />
  );
}
