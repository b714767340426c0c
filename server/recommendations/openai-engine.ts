// The AI engine: one chat completion per batch through the `openai` SDK (any OpenAI-compatible
// server via baseUrl). It never throws: when the AI cannot answer usefully the batch is scored by
// the built-in rules, so a fan always gets recommendations.
import { OpenAI } from 'openai';
import type { Logger } from '../lib/logger.js';
import { describeFailure, fetchRefusingLongWaits } from '../lib/openai-guards.js';
import { scoreConcert } from './builtin-engine.js';
import { createLimiter } from '../lib/concurrency.js';
import type { ConcertToScore, FanTaste, RecommendationEngine, ScoredConcert } from './engine.js';
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
}

/** The SDK retries connection errors, timeouts, 408, 409, 429 and 5xx with backoff. */
const MAX_RETRIES = 2;
/** The SDK's own log lines (retries) go to our logger, below warn: our warning tells the outcome. */
function sdkLogger(log: Logger) {
  const child = log.child({ component: 'openai-sdk' });
  return {
    error: (message: string) => child.warn(message),
    warn: (message: string) => child.warn(message),
    info: (message: string) => child.debug(message),
    debug: (message: string) => child.debug(message),
  };
}

export function createOpenAiEngine(options: OpenAiEngineOptions): RecommendationEngine {
  const { apiKey, model, timeoutMs, log } = options;
  const client = new OpenAI({
    apiKey,
    // null, not undefined: otherwise the SDK reads OPENAI_BASE_URL, OPENAI_ORG_ID… itself, behind
    // config.ts's back.
    baseURL: options.baseUrl ?? null,
    organization: null,
    project: null,
    timeout: timeoutMs,
    maxRetries: MAX_RETRIES,
    fetch: fetchRefusingLongWaits,
    logger: sdkLogger(log),
    logLevel: 'info',
  });
  const limit = createLimiter(options.concurrency);

  const builtin = (taste: FanTaste, concerts: ConcertToScore[]) =>
    concerts.map((concert) => scoreConcert(taste, concert));

  async function askAi(taste: FanTaste, concerts: ConcertToScore[]): Promise<ScoredConcert[]> {
    const ids = concerts.map((concert) => concert.id);
    const completion = await client.chat.completions.create({
      model,
      messages: buildMessages(taste, concerts),
    });
    // An OpenAI-compatible server may send any JSON: do not trust the shape.
    const content = completion.choices?.[0]?.message?.content ?? '';
    const parsed = parseAnswer(content, ids);
    if (parsed.size === 0)
      throw new Error(`respuesta sin ninguna línea válida: ${content.slice(0, 200)}`);
    return [...completeAnswer(parsed, ids)].map(([concertId, { score, reason }]) => ({
      concertId,
      score,
      reason,
      engine: 'openai',
    }));
  }

  return {
    name: 'openai',
    batchSize: options.batchSize,
    concurrency: options.concurrency,
    scoreBatch: async (taste, concerts) => {
      if (concerts.length === 0) return [];
      return limit(async () => {
        try {
          return await askAi(taste, concerts);
        } catch (error) {
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
