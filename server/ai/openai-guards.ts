// Guards for calls through the `openai` SDK (recommendations and descriptions): one way to build
// the client, which failures mean "the service is down", when and how long to wait before a retry,
// and what may be logged (never the key).
import { APIConnectionError, APIError, APIUserAbortError, OpenAI } from 'openai';
import type { Logger } from '../lib/logger.js';

/** The longest Retry-After / retry-after-ms worth obeying; a longer one means "give up now". */
const MAX_RETRY_WAIT_MS = 10_000;
/** Back-off without a Retry-After: the SDK's own (0.5 s doubling, at most 8 s, up to 25% less). */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** The SDK's own log lines go to our logger, below warn: our warnings tell the outcome. */
function sdkLogger(log: Logger) {
  const child = log.child({ component: 'openai-sdk' });
  return {
    error: (message: string) => child.warn(message),
    warn: (message: string) => child.warn(message),
    info: (message: string) => child.debug(message),
    debug: (message: string) => child.debug(message),
  };
}

/**
 * The SDK client, with its own retries OFF: its back-off sleeps cannot be interrupted, so a batch
 * waiting for a retry would keep waiting after the circuit breaker opened. The AI gate
 * (ai-gate.ts) retries instead, only while the breaker is closed.
 */
export function createOpenAiClient(options: {
  apiKey: string;
  baseUrl: string | undefined;
  timeoutMs: number;
  log: Logger;
}): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    // null, not undefined: otherwise the SDK reads OPENAI_BASE_URL, OPENAI_ORG_ID… itself, behind
    // config.ts's back.
    baseURL: options.baseUrl ?? null,
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: 0,
    logger: sdkLogger(options.log),
    logLevel: 'info',
  });
}

/** How long the server asks us to wait, read as the SDK reads it. */
function askedWaitMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (!Number.isNaN(ms)) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  const wait = Number.isNaN(seconds) ? Date.parse(value) - Date.now() : seconds * 1000;
  return Number.isNaN(wait) ? undefined : wait;
}

// `instanceof` leaves APIError's type parameters `any`: read it through its declared defaults.
const apiErrorOf = (error: unknown): APIError | undefined =>
  error instanceof APIError ? (error as APIError) : undefined;

const statusOf = (error: unknown) => apiErrorOf(error)?.status;

/** No answer at all (refused, reset, timed out), as opposed to an answer we did not like. */
const noAnswer = (error: unknown) =>
  error instanceof APIConnectionError && !(error instanceof APIUserAbortError);

/**
 * Whether a failed attempt says the service is down or refusing everyone (what the circuit breaker
 * counts): no answer, overload (408, 409, 429, 5xx) or a key it rejects (401, 403). A 400 or 404
 * is about this request; a 200 we cannot parse still proves the service answers.
 */
export function isOutage(error: unknown): boolean {
  if (noAnswer(error)) return true;
  const status = statusOf(error);
  return status !== undefined && ([401, 403, 408, 409, 429].includes(status) || status >= 500);
}

/**
 * The wait before retry number `retry` (0 for the first retry), or undefined when the failure is
 * not worth retrying. As the SDK decides: x-should-retry first, then connection errors, 408, 409,
 * 429 and 5xx; Retry-After obeyed up to 10 s (an hour of exhausted quota means: give up now).
 */
export function retryDelayMs(error: unknown, retry: number): number | undefined {
  const apiError = apiErrorOf(error);
  if (!apiError || error instanceof APIUserAbortError) return undefined;
  const should = apiError.headers?.get('x-should-retry');
  if (should === 'false') return undefined;
  const status = apiError.status;
  const retryable =
    should === 'true' ||
    noAnswer(error) ||
    (status !== undefined && ([408, 409, 429].includes(status) || status >= 500));
  if (!retryable) return undefined;
  const asked = apiError.headers ? askedWaitMs(apiError.headers) : undefined;
  if (asked !== undefined) return asked > MAX_RETRY_WAIT_MS ? undefined : Math.max(0, asked);
  const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS);
  return backoff * (1 - Math.random() * 0.25);
}

/** What to log about a failure: never the key, even if a server echoes it back in an error. */
export function describeFailure(error: unknown, apiKey: string) {
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[oculto]') : text);
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return {
    status: statusOf(error),
    error: redact(cause ? `${message} (${cause})` : message),
  };
}
