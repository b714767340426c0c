// Guards for calls through the `openai` SDK (recommendations and descriptions) that must end
// quickly and never leak the key.
import { APIError } from 'openai';

/** The longest Retry-After / retry-after-ms the SDK is allowed to obey. */
const MAX_RETRY_WAIT_MS = 10_000;

/** How long the server asks us to wait, read as the SDK reads it. */
function retryWaitMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (!Number.isNaN(ms)) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  const wait = Number.isNaN(seconds) ? Date.parse(value) - Date.now() : seconds * 1000;
  return Number.isNaN(wait) ? undefined : wait;
}

/**
 * A `fetch` for the SDK: the SDK sleeps for any Retry-After, however long (an hour of quota
 * exhausted), outside its per-attempt timeout and while the call holds a slot of a limiter, so
 * one such answer would freeze every other call. Its own x-should-retry header turns such an
 * answer into a final failure, so the caller falls back at once.
 */
export const fetchRefusingLongWaits = async (
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> => {
  const response = await fetch(input, init);
  const wait = retryWaitMs(response.headers);
  if (wait === undefined || wait <= MAX_RETRY_WAIT_MS) return response;
  const headers = new Headers(response.headers);
  headers.set('x-should-retry', 'false');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

/** What to log about a failure: never the key, even if a server echoes it back in an error. */
export function describeFailure(error: unknown, apiKey: string) {
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[oculto]') : text);
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return {
    status: error instanceof APIError ? error.status : undefined,
    error: redact(cause ? `${message} (${cause})` : message),
  };
}
