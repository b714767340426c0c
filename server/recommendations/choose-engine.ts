import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import { builtinEngine } from './builtin-engine.js';
import type { RecommendationEngine } from './engine.js';
import { createOpenAiEngine } from './openai-engine.js';

/** The OpenAI-compatible engine when OPENAI_API_KEY is set, else the built-in rules. */
export function chooseEngine(config: Config, log: Logger): RecommendationEngine {
  const { apiKey, baseUrl, model, timeoutMs, batchSize, concurrency } = config.openai;
  if (!apiKey) return builtinEngine;
  return createOpenAiEngine({ apiKey, baseUrl, model, timeoutMs, batchSize, concurrency, log });
}
