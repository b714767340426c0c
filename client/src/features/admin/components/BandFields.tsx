// The text fields of the band forms (create and edit): the label and limits live here once.
import { TextField, type TextFieldProps } from '@/components/TextField';

type FieldProps = Omit<TextFieldProps, 'label'>;

export function BandNameField(props: FieldProps) {
  return <TextField {...props} label="Nombre de la banda" required maxLength={200} />;
}

export function SpotifyField(props: Omit<FieldProps, 'type'>) {
  return (
    <TextField
      {...props}
      label="URL de Spotify (opcional)"
      type="url"
      placeholder="https://open.spotify.com/artist/..."
    />
  );
}
