import { useId, useState, type ChangeEvent } from 'react';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../../../../common/admin-rules';
import { uploadImage } from '../api';
import { StatusRegion } from '../../../components/FormStatus';

interface ImageFieldProps {
  url: string;
  onUrlChange: (url: string) => void;
  invalid?: boolean;
}

/** Upload a picture (stored and resized by the server) or type any image URL; both stay editable. */
export function ImageField({ url, onUrlChange, invalid = false }: ImageFieldProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      setProblem('El archivo debe ser una imagen JPEG, PNG o WebP.');
    } else if (file.size > UPLOAD_MAX_BYTES) {
      setProblem('La imagen no puede pesar más de 5 MB.');
    } else {
      setUploading(true);
      try {
        onUrlChange(await uploadImage(file));
      } catch (error) {
        setProblem(error instanceof Error ? error.message : 'No se ha podido subir la imagen.');
      } finally {
        setUploading(false);
      }
    }
    // The same file may be picked again after a fix.
    input.value = '';
  }

  return (
    <fieldset className="fieldset fieldset--dense">
      <legend>Imagen (opcional)</legend>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>Subir imagen (JPEG, PNG o WebP, hasta 5 MB)</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          onChange={(event) => void handleFile(event)}
          disabled={uploading}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-url`}>URL de la imagen</label>
        <input
          id={`${id}-url`}
          className="text-input"
          type="text"
          inputMode="url"
          value={url}
          aria-invalid={invalid || undefined}
          onChange={(event) => onUrlChange(event.target.value)}
        />
      </div>
      <StatusRegion message={problem ? { kind: 'error', text: problem } : null}>
        {uploading && <p>Subiendo imagen...</p>}
      </StatusRegion>
      {url && !problem && (
        <img src={url} alt="Vista previa de la imagen" className="admin-image-preview" />
      )}
    </fieldset>
  );
}
