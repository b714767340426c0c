// node-cron only fires the schedule: every instance fires it, and the campaign's unique ISO week
// makes all but the first trigger a no-op.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from './lib/logger.js';
import { TIME_ZONE } from './lib/time.js';

export function scheduleWeeklyMail(
  expression: string | undefined,
  trigger: () => Promise<{ started: boolean; recipients?: number }>,
  log: Logger,
): ScheduledTask | undefined {
  if (!expression) return undefined;
  return cron.schedule(
    expression,
    async () => {
      try {
        const result = await trigger();
        log.info(result, 'Email semanal programado');
      } catch (error) {
        log.error({ err: error }, 'Error al lanzar el email semanal programado');
      }
    },
    { timezone: TIME_ZONE, name: 'weekly-mail', noOverlap: true },
  );
}
