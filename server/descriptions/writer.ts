import type { Config } from '../config/config.js';
import type { AiGate } from '../ai/ai-gate.js';
import type { Logger } from '../lib/logger.js';
import { createOpenAiWriter, templateWriter, type DescriptionWriter } from './openai-writer.js';

/**
 * The AI when OPENAI_API_KEY is set, the templates otherwise. `gate` is the process's own
 * (breaker and daily budget shared with the recommendation engine).
 */
export function descriptionWriterFor(config: Config, log: Logger, gate: AiGate): DescriptionWriter {
  if (!config.openai.apiKey) return templateWriter;
  return createOpenAiWriter({
    apiKey: config.openai.apiKey,
    baseUrl: config.openai.baseUrl,
    model: config.openai.model,
    timeoutMs: config.openai.timeoutMs,
    log,
    gate,
  });
}
