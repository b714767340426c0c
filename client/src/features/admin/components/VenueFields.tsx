// Every field of a managed venue, shared by the "Añadir sala" form and a venue's edit form; its
// address and website also stand in the concert forms for a new venue.
import { ADMIN_NAME_MAX, ADMIN_URL_MAX } from '@common/admin/limits';
import { TextField } from '@/components/TextField';
import type { BoundField } from '@/lib/useDraft';
import { useAdminText } from '../shared/texts';
import type { VenueText } from '../shared/validation';

/** Examples in the empty fields: numbers and an address, the same in every language. */
const EXAMPLES = { lat: '39.57', lon: '2.65', website: 'https://...' };

interface VenueFieldsProps {
  nameLabel: string;
  bind: (name: keyof VenueText) => BoundField;
}

export function VenueFields({ nameLabel, bind }: VenueFieldsProps) {
  const t = useAdminText();
  return (
    <div className="field-grid">
      <TextField {...bind('name')} label={nameLabel} required maxLength={ADMIN_NAME_MAX} />
      <TextField
        {...bind('town')}
        label={t('admin.venue.town')}
        required
        maxLength={ADMIN_NAME_MAX}
      />
      <VenueContactFields address={bind('address')} website={bind('website')} />
      <TextField
        {...bind('lat')}
        label={t('admin.venue.lat')}
        inputMode="decimal"
        placeholder={EXAMPLES.lat}
      />
      <TextField
        {...bind('lon')}
        label={t('admin.venue.lon')}
        inputMode="decimal"
        placeholder={EXAMPLES.lon}
      />
    </div>
  );
}

/** A venue's address and website, both optional; `ofNew`: a new venue's, said in the labels. */
export function VenueContactFields({
  address,
  website,
  ofNew = false,
}: {
  address: BoundField;
  website: BoundField;
  ofNew?: boolean;
}) {
  const t = useAdminText();
  return (
    <>
      <TextField
        {...address}
        label={t(ofNew ? 'admin.venue.newAddress' : 'admin.venue.address')}
        maxLength={ADMIN_NAME_MAX}
      />
      <TextField
        {...website}
        label={t(ofNew ? 'admin.venue.newWebsite' : 'admin.venue.website')}
        type="url"
        placeholder={EXAMPLES.website}
        maxLength={ADMIN_URL_MAX}
      />
    </>
  );
}
