import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@common/admin-rules';

/**
 * Why a picked picture would be refused by the server (the same types and size it checks), so the
 * admin forms and /publica say it before anything is sent; null when it is fine.
 */
export function imageFileProblem(file: File): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return 'El archivo debe ser una imagen JPEG, PNG o WebP.';
  }
  if (file.size > UPLOAD_MAX_BYTES) return 'La imagen no puede pesar más de 5 MB.';
  return null;
}
