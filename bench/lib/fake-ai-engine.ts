// The OpenAI engine as the benches run it: against a fake server (test/helpers/fake-openai.ts)
// that answers each call after AI_DELAY_MS, with the default batch size and concurrency.
import { createLogger } from '../../server/lib/logger.js';
import { createOpenAiEngine } from '../../server/recommendations/openai-engine.js';
import type { RecommendationEngine } from '../../server/recommendations/engine.js';

export const AI_DELAY_MS = 500;
export const AI_BATCH = 3;
export const AI_CONCURRENCY = 8;

export function fakeAiEngine(
  fake: { baseUrl: string },
  concurrency = AI_CONCURRENCY,
): RecommendationEngine {
  return createOpenAiEngine({
    apiKey: 'clave-de-bench',
    baseUrl: fake.baseUrl,
    model: 'modelo-de-bench',
    batchSize: AI_BATCH,
    concurrency,
    timeoutMs: 30_000,
    log: createLogger('silent'),
  });
}
