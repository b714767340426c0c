// The text fields of the band forms (create and edit): the label and limits live here once.
import { TextField, type TextFieldProps } from '@/components/TextField';
import { useAdminText } from '../shared/texts';

type FieldProps = Omit<TextFieldProps, 'label'>;

/** What a Spotify artist's address looks like, in every language. */
const SPOTIFY_EXAMPLE = 'https://open.spotify.com/artist/...';

export function BandNameField(props: FieldProps) {
  const t = useAdminText();
  return <TextField {...props} label={t('admin.band.name')} required maxLength={200} />;
}

export function SpotifyField(props: Omit<FieldProps, 'type'>) {
  const t = useAdminText();
  return (
    <TextField
      {...props}
      label={t('admin.band.spotify')}
      type="url"
      placeholder={SPOTIFY_EXAMPLE}
    />
  );
}
