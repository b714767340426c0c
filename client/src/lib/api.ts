import type { ApiErrorBody } from '@common/api/types';
import type { MessageId } from '@common/i18n/catalogues';
import { isLocale, PAGE_LANG_HEADER } from '@common/i18n/locales';

/**
 * An error answered by the API, with its message in the reader's language (the server writes it),
 * or a request that failed on the way: then `messageId` names our text, which the screen showing
 * it translates (useErrorText), and `message` is that id.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageId?: MessageId;

  constructor(status: number, code: string, message: string, messageId?: MessageId) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messageId = messageId;
  }
}

/** A failure the API did not word: no connection, or an answer that is not the API's. */
const failure = (status: number, code: string, messageId: MessageId) =>
  new ApiError(status, code, messageId, messageId);

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** FormData is sent as multipart (the browser sets the boundary); anything else as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/**
 * Called when a signed-in call answers 401 (the session expired or was ended elsewhere).
 * Auth calls are left out: a 401 there is a wrong password, not a lost session.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

function isSessionLoss(path: string, status: number): boolean {
  return status === 401 && !path.startsWith('/api/auth/') && path !== '/api/session';
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    'message' in error &&
    typeof error.code === 'string' &&
    typeof error.message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends one request: same-origin cookies, JSON (or FormData) in. An error answer becomes an
 * ApiError carrying the server's message; a network failure one with status 0 and our text's id.
 */
async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The page's language (the server wrote it in <html lang>): a page read with `?lang=ca` hears
  // the API's errors and answers in Catalan too, whatever the cookie or the browser say.
  const pageLang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  if (isLocale(pageLang)) headers[PAGE_LANG_HEADER] = pageLang;
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: multipart ? body : body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // Cancelled requests (e.g. TanStack Query unmounting) must stay AbortErrors.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw failure(0, 'NETWORK_ERROR', 'api.networkError');
  }

  if (!response.ok) {
    const data = await readJson(response);
    if (isSessionLoss(path, response.status)) onUnauthorized?.();
    if (isApiErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message);
    }
    throw failure(response.status, 'UNKNOWN_ERROR', 'auth.unexpected');
  }
  return response;
}

/**
 * The one way the client talks to the API: JSON in and out (or FormData in), errors as ApiError.
 * The caller states the response type; the types in common/<feature>/types.ts are the contract.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await readJson(await send(path, options))) as T;
}

/** A file the API answers as an attachment: its bytes and the name the server gave it. */
export async function apiDownload(
  path: string,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(path, {});
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName };
}
