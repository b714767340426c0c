// OPENAI_DAILY_CALL_LIMIT: every AI call of the day, counted in PostgreSQL (the rate_limits table,
// one row per Mallorca calendar day) so the limit holds for all app instances together.
import type { Database } from '../db/database.js';
import { hit } from '../security/rate-limit.js';
import { readCounter } from '../security/rate-limits.repository.js';
import type { Logger } from '../lib/logger.js';
import { madridDateTime, type Clock } from '../lib/time.js';

/** The counter of one Madrid day's AI calls. */
const counterKey = (day: string) => `openai-calls:${day}`;

/** The AI calls counted on `day` so far (the admin's overview): read, never counted. */
export const aiCallsOn = (db: Database, day: string): Promise<number> =>
  readCounter(db, counterKey(day));

/** Kept a little over a day, then pruned with the other expired counters. */
const ROW_LIFETIME_SECONDS = 2 * 24 * 60 * 60;

export interface DailyCallBudget {
  /** Counts one call; false when today's calls are used up (the call must not be made). */
  take(): Promise<boolean>;
}

export function dailyCallBudget(options: {
  db: Database;
  limit: number;
  clock: Clock;
  log: Logger;
}): DailyCallBudget {
  const { db, limit, clock, log } = options;
  // The day this instance saw the budget spent: no more queries (nor warnings) until tomorrow.
  let spentOn: string | undefined;

  return {
    async take() {
      const day = madridDateTime(clock()).day;
      if (spentOn === day) return false;
      let over: boolean;
      try {
        over = (await hit(db, counterKey(day), limit, ROW_LIFETIME_SECONDS)) > 0;
      } catch (error) {
        // Without the counter the cost is unbounded: go without the AI for this call.
        log.warn({ err: error }, 'No se pudo contar la llamada a la IA: se usa el motor integrado');
        return false;
      }
      if (!over) return true;
      spentOn = day;
      log.warn(
        { limit, day },
        'Se ha agotado el presupuesto diario de llamadas a la IA (OPENAI_DAILY_CALL_LIMIT): ' +
          'hasta mañana se usan el recomendador integrado y las plantillas',
      );
      return false;
    },
  };
}
