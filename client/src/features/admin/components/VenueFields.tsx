// Every field of a managed venue, shared by the "Añadir sala" form and a venue's edit form; its
// address and website also stand in the concert forms for a new venue.
import { ADMIN_NAME_MAX, ADMIN_URL_MAX } from '@common/admin-rules';
import { TextField } from '@/components/TextField';
import type { BoundField } from '@/lib/useDraft';
import type { VenueText } from '../validation';

interface VenueFieldsProps {
  nameLabel: string;
  bind: (name: keyof VenueText) => BoundField;
}

export function VenueFields({ nameLabel, bind }: VenueFieldsProps) {
  return (
    <div className="field-grid">
      <TextField {...bind('name')} label={nameLabel} required maxLength={ADMIN_NAME_MAX} />
      <TextField {...bind('town')} label="Municipio" required maxLength={ADMIN_NAME_MAX} />
      <VenueContactFields address={bind('address')} website={bind('website')} />
      <TextField
        {...bind('lat')}
        label="Latitud (opcional, entre -90 y 90)"
        inputMode="decimal"
        placeholder="39.57"
      />
      <TextField
        {...bind('lon')}
        label="Longitud (opcional, entre -180 y 180)"
        inputMode="decimal"
        placeholder="2.65"
      />
    </div>
  );
}

/** A venue's address and website, both optional; `of` names the venue in the labels. */
export function VenueContactFields({
  address,
  website,
  of = '',
}: {
  address: BoundField;
  website: BoundField;
  of?: string;
}) {
  return (
    <>
      <TextField {...address} label={`Dirección${of} (opcional)`} maxLength={ADMIN_NAME_MAX} />
      <TextField
        {...website}
        label={`Web${of} (opcional)`}
        type="url"
        placeholder="https://..."
        maxLength={ADMIN_URL_MAX}
      />
    </>
  );
}
