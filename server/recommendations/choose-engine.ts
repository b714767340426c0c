import type { Config } from '../config/config.js';
import type { AiGate } from '../ai/ai-gate.js';
import type { Logger } from '../lib/logger.js';
import { builtinEngine } from './builtin-engine.js';
import type { RecommendationEngine } from './engine.js';
import { createOpenAiEngine } from './openai-engine.js';

/**
 * The OpenAI-compatible engine when OPENAI_API_KEY is set, else the built-in rules. `gate` is the
 * process's own (breaker and daily budget shared with the description writer).
 */
export function chooseEngine(config: Config, log: Logger, gate: AiGate): RecommendationEngine {
  const { apiKey, baseUrl, model, timeoutMs, batchSize, concurrency } = config.openai;
  if (!apiKey) return builtinEngine;
  return createOpenAiEngine({
    apiKey,
    baseUrl,
    model,
    timeoutMs,
    batchSize,
    concurrency,
    log,
    gate,
  });
}
