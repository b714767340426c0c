import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { UPLOAD_TYPES } from '@common/uploads/limits';
import { StatusRegion } from '@/components/FormStatus';
import type { MessageId } from '@common/i18n/catalogues';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { ApiError } from '@/lib/api';
import { imageFileProblem } from '@/lib/imageFile';
import type { BoundField } from '@/lib/useDraft';
import { uploadImage } from '../shared/queries';
import { useAdminText } from '../shared/texts';

/**
 * Upload a picture (stored and resized by the server) or type any image URL; both stay editable,
 * and an empty URL means no picture. The URL input is the bound field, so a bad one is focused.
 */
export function ImageField({ id, value, onValueChange, invalid }: BoundField) {
  const t = useAdminText();
  const words = useText();
  const errorText = useErrorText();
  // A problem found before sending; the server's answer lives in the mutation.
  const [invalidFile, setInvalidFile] = useState<MessageId | null>(null);
  const upload = useMutation({ mutationFn: uploadImage, onSuccess: onValueChange });
  const uploading = upload.isPending;
  const { error } = upload;
  // An answer that is not the API's JSON (a proxy's 413 page, say) has no reason of its own.
  const failure =
    error instanceof ApiError && error.code === 'UNKNOWN_ERROR'
      ? t('admin.image.uploadFailed')
      : error && errorText(error, 'auth.unexpected');
  const problem = (invalidFile && words(invalidFile)) ?? failure ?? null;

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
      <legend>{t('admin.image.legend')}</legend>
      <div className="form-field">
        <label htmlFor={`${id}-file`}>{t('admin.image.upload')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          onChange={handleFile}
          disabled={uploading}
        />
      </div>
      <div className="form-field">
        <label htmlFor={id}>{t('admin.image.url')}</label>
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
        {uploading && <p>{t('admin.image.uploading')}</p>}
      </StatusRegion>
      {value && !problem && (
        <img src={value} alt={t('admin.image.preview')} className="admin-image-preview" />
      )}
      {value && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onValueChange('')}
        >
          {t('admin.image.remove')}
        </button>
      )}
    </fieldset>
  );
}
