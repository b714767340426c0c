import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { UPLOAD_TYPES } from '@common/admin-rules';
import { StatusRegion } from '@/components/FormStatus';
import { imageFileProblem } from '@/lib/imageFile';
import type { BoundField } from '@/lib/useDraft';
import { uploadImage } from '../api';

/**
 * Upload a picture (stored and resized by the server) or type any image URL; both stay editable,
 * and an empty URL means no picture. The URL input is the bound field, so a bad one is focused.
 */
export function ImageField({ id, value, onValueChange, invalid }: BoundField) {
  // A problem found before sending; the server's answer lives in the mutation.
  const [invalidFile, setInvalidFile] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadImage, onSuccess: onValueChange });
  const uploading = upload.isPending;
  const problem = invalidFile ?? upload.error?.message ?? null;

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    upload.reset();
    const problem = imageFileProblem(file);
    setInvalidFile(problem);
    if (!problem) upload.mutate(file);
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
          onChange={handleFile}
          disabled={uploading}
        />
      </div>
      <div className="form-field">
        <label htmlFor={id}>URL de la imagen</label>
        <input
          id={id}
          className="text-input"
          type="text"
          inputMode="url"
          value={value}
          aria-invalid={invalid || undefined}
          onChange={(event) => onValueChange(event.target.value)}
        />
      </div>
      <StatusRegion message={problem ? { kind: 'error', text: problem } : null}>
        {uploading && <p>Subiendo imagen...</p>}
      </StatusRegion>
      {value && !problem && (
        <img src={value} alt="Vista previa de la imagen" className="admin-image-preview" />
      )}
      {value && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onValueChange('')}
        >
          Quitar imagen
        </button>
      )}
    </fieldset>
  );
}
