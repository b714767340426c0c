// The one way out to the AI, shared by the recommendation engine and the description writer of a
// process (they call the same API): the circuit breaker, the daily call budget and the retries.
// A refused call throws AiUnavailableError at once, without touching the network; the caller then
// uses its built-in fallback (rules, templates).
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { dailyCallBudget, type DailyCallBudget } from './ai-budget.js';
import { CircuitBreaker, type BreakerState } from './circuit-breaker.js';
import type { Logger } from '../lib/logger.js';
import { aiCalls, aiLatency } from '../lib/metrics.js';
import { isOutage, retryDelayMs } from './openai-guards.js';
import type { Clock } from '../lib/time.js';

/** Failed attempts in a row that open the breaker: a few, so one hiccup does not. */
const FAILURES_TO_OPEN = 5;
/** Time without AI calls once open; then one probe call tells whether it is back. */
const COOL_DOWN_MS = 30_000;

export type AiRefusal = 'circuit-open' | 'budget-spent';

export class AiUnavailableError extends Error {
  constructor(readonly reason: AiRefusal) {
    super(
      reason === 'circuit-open'
        ? 'la IA está fallando: no se la llama durante un rato'
        : 'presupuesto diario de llamadas a la IA agotado',
    );
  }
}

export interface AiGate {
  /**
   * Runs `attempt` (one HTTP call, which must give up when `signal` aborts), retrying up to
   * `maxRetries` times while the breaker stays closed. Throws AiUnavailableError without calling
   * when the breaker is open or today's budget is spent, else the last attempt's error.
   */
  call<T>(
    attempt: (signal: AbortSignal) => Promise<T>,
    options: { maxRetries: number },
  ): Promise<T>;
  /** The breaker's state now (for logs and tests). */
  readonly state: BreakerState;
}

export interface AiGateOptions {
  clock: Clock;
  log: Logger;
  /** OPENAI_DAILY_CALL_LIMIT; omitted only where no database is at hand (engine unit tests). */
  budget?: DailyCallBudget;
  failuresToOpen?: number;
  coolDownMs?: number;
}

/** Sleeps `ms`; resolves false at once if `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (slept: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(slept);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` with a signal of its own that follows `parent`. The SDK adds an abort listener to
 * the signal it is given and never removes it: on the breaker's signal, shared by every call for as
 * long as the AI answers, those listeners would pile up (a leak, and Node's MaxListeners warning).
 */
async function underSignal<T>(
  parent: AbortSignal,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const own = new AbortController();
  const forward = () => own.abort();
  parent.addEventListener('abort', forward, { once: true });
  try {
    return await attempt(own.signal);
  } finally {
    parent.removeEventListener('abort', forward);
  }
}

export function createAiGate(options: AiGateOptions): AiGate {
  const { log, budget } = options;
  const coolDownMs = options.coolDownMs ?? COOL_DOWN_MS;
  const breaker = new CircuitBreaker({
    failureLimit: options.failuresToOpen ?? FAILURES_TO_OPEN,
    coolDownMs,
    clock: options.clock,
    onOpen: (failures) =>
      log.warn(
        { failures, coolDownSeconds: coolDownMs / 1000 },
        'La IA no responde: se deja de llamarla un rato y se usan el recomendador integrado y ' +
          'las plantillas',
      ),
    onReopen: () => log.info('La IA sigue sin responder: otra pausa antes de volver a probar'),
    onClose: () => log.info('La IA vuelve a responder'),
  });

  return {
    get state() {
      return breaker.state;
    },
    async call(attempt, { maxRetries }) {
      let lastError: unknown;
      for (let retry = 0; ; retry += 1) {
        const refused = (reason: AiRefusal): never => {
          aiCalls.inc({ outcome: 'refused' });
          // A retry the breaker no longer allows ends with the failure that asked for it.
          throw retry === 0 ? new AiUnavailableError(reason) : lastError;
        };
        const ticket = breaker.acquire({ retry: retry > 0 });
        if (!ticket) return refused('circuit-open');
        if (budget && !(await budget.take())) {
          breaker.cancelled(ticket);
          return refused('budget-spent');
        }
        if (ticket.signal.aborted) {
          breaker.cancelled(ticket);
          return refused('circuit-open');
        }
        const timer = aiLatency.startTimer();
        try {
          const value = await underSignal(ticket.signal, attempt);
          breaker.succeeded(ticket);
          timer({ outcome: 'success' });
          aiCalls.inc({ outcome: 'success' });
          return value;
        } catch (error) {
          timer({ outcome: 'failure' });
          aiCalls.inc({ outcome: 'failure' });
          if (ticket.signal.aborted) {
            // Cut short because the breaker opened meanwhile: not this attempt's failure.
            breaker.cancelled(ticket);
            throw new AiUnavailableError('circuit-open');
          }
          if (isOutage(error)) breaker.failed(ticket);
          else breaker.succeeded(ticket);
          const wait = retry < maxRetries ? retryDelayMs(error, retry) : undefined;
          if (wait === undefined || !(await pause(wait, ticket.signal))) throw error;
          lastError = error;
        }
      }
    },
  };
}

/** The process's gate, as configured: one per process, shared by every AI caller. */
export function aiGateFor(deps: { config: Config; db: Database; clock: Clock; log: Logger }) {
  return createAiGate({
    clock: deps.clock,
    log: deps.log,
    budget: dailyCallBudget({
      db: deps.db,
      limit: deps.config.openai.dailyCallLimit,
      clock: deps.clock,
      log: deps.log,
    }),
  });
}
