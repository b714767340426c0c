import type { MessageId } from '@common/i18n/catalogues';
import { ApiError } from '@/lib/api';
import { useText } from './IntlContext';

/**
 * What a failure says to the reader: the API's message (the server writes it in their language),
 * ours when the request failed on the way (no connection, an answer not from the API), and
 * `otherwise` for anything that is no request's error.
 */
export function useErrorText(): (error: unknown, otherwise: MessageId) => string {
  const t = useText();
  return (error, otherwise) => {
    if (!(error instanceof ApiError)) return t(otherwise);
    return error.messageId ? t(error.messageId) : error.message;
  };
}
