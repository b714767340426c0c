// The AI engine: one chat completion per batch through the `openai` SDK (any OpenAI-compatible
// server via baseUrl). It never throws: when the AI cannot answer usefully the batch is scored by
// the built-in rules, so a fan always gets recommendations.
import { aiFallbacks } from '../lib/metrics.js';
import { AiUnavailableError, createAiGate, type AiGate } from '../ai/ai-gate.js';
import type { Logger } from '../lib/logger.js';
import { createOpenAiClient, describeFailure } from '../ai/openai-guards.js';
import { systemClock } from '../lib/time.js';
import { scoreConcert } from './builtin-engine.js';
import { createLimiter } from '../lib/concurrency.js';
import type { ConcertToScore, FanTaste, RecommendationEngine, ScoredConcert } from './engine.js';
import { keepToRules } from './keep-to-rules.js';
import { completeAnswer, parseAnswer } from './parse-answer.js';
import { buildMessages } from './prompt.js';

export interface OpenAiEngineOptions {
  apiKey: string;
  /** An OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1. Default: OpenAI's. */
  baseUrl?: string;
  model: string;
  batchSize: number;
  /** AI calls in flight at once in this process, shared by every fan. */
  concurrency: number;
  /** Timeout of each attempt. */
  timeoutMs: number;
  log: Logger;
  /**
   * The process's circuit breaker and daily budget, shared with the description writer
   * (server/index.ts). Default: a breaker of this engine's own and no budget (tests, benches).
   */
  gate?: AiGate;
}

/** Retries of connection errors, timeouts, 408, 409, 429 and 5xx, while the breaker is closed. */
const MAX_RETRIES = 2;

export function createOpenAiEngine(options: OpenAiEngineOptions): RecommendationEngine {
  const { apiKey, model, log } = options;
  const client = createOpenAiClient({
    apiKey,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    log,
  });
  const gate = options.gate ?? createAiGate({ clock: systemClock, log });
  const limit = createLimiter(options.concurrency);

  const builtin = (taste: FanTaste, concerts: ConcertToScore[]) => {
    aiFallbacks.inc({ use: 'recommendations' });
    return concerts.map((concert) => scoreConcert(taste, concert));
  };

  async function askAi(
    taste: FanTaste,
    concerts: ConcertToScore[],
    agenda: readonly ConcertToScore[] | undefined,
  ): Promise<ScoredConcert[]> {
    const ids = concerts.map((concert) => concert.id);
    const messages = buildMessages(taste, concerts);
    const completion = await gate.call(
      (signal) => client.chat.completions.create({ model, messages }, { signal }),
      { maxRetries: MAX_RETRIES },
    );
    // An OpenAI-compatible server may send any JSON: do not trust the shape.
    const content = completion.choices?.[0]?.message?.content ?? '';
    const parsed = parseAnswer(content, ids);
    if (parsed.size === 0)
      throw new Error(`respuesta sin ninguna línea válida: ${content.slice(0, 200)}`);
    const answers = [...completeAnswer(parsed, ids, taste.locale)].map(
      ([concertId, { score, reason }]): ScoredConcert => ({
        concertId,
        score,
        reason,
        engine: 'openai',
      }),
    );
    return keepToRules(taste, concerts, answers, agenda);
  }

  return {
    name: 'openai',
    batchSize: options.batchSize,
    concurrency: options.concurrency,
    scoreBatch: async (taste, concerts, agenda) => {
      if (concerts.length === 0) return [];
      // With the breaker open, no need to queue for a slot just to be refused.
      if (gate.state === 'open') return builtin(taste, concerts);
      return limit(async () => {
        try {
          return await askAi(taste, concerts, agenda);
        } catch (error) {
          // Refused by the breaker or the budget: the gate already said so, once.
          if (error instanceof AiUnavailableError) {
            log.debug({ reason: error.reason }, 'Lote valorado por el recomendador integrado');
            return builtin(taste, concerts);
          }
          log.warn(
            {
              concertIds: concerts.map((concert) => concert.id),
              ...describeFailure(error, apiKey),
            },
            'La IA no ha podido valorar el lote: se usa el recomendador integrado',
          );
          return builtin(taste, concerts);
        }
      });
    },
  };
}
