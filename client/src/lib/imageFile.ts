import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@common/uploads/limits';
import type { MessageId } from '@common/i18n/catalogues';

/**
 * Why a picked picture would be refused by the server (the same types and size it checks), so the
 * admin forms and /publica say it before anything is sent: the id of the text to show, or null
 * when it is fine.
 */
export function imageFileProblem(file: File): MessageId | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'image.wrongType';
  if (file.size > UPLOAD_MAX_BYTES) return 'image.tooBig';
  return null;
}
