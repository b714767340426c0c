// Every field of a managed venue, shared by the "Añadir sala" form and a venue's edit form.
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
    <div className="admin-grid">
      <TextField {...bind('name')} label={nameLabel} required maxLength={ADMIN_NAME_MAX} />
      <TextField {...bind('town')} label="Municipio" required maxLength={ADMIN_NAME_MAX} />
      <TextField {...bind('address')} label="Dirección (opcional)" maxLength={ADMIN_NAME_MAX} />
      <TextField
        {...bind('website')}
        label="Web (opcional)"
        type="url"
        placeholder="https://..."
        maxLength={ADMIN_URL_MAX}
      />
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
