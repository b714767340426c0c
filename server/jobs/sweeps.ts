// Every instance sweeps the change notices left pending (a crash after the edit, or a retry due)
// once at start-up and then every minute; the row locks make parallel sweeps safe, so there is no
// leader to elect. node-cron only fires it, as for the weekly mail.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../lib/logger.js';

export const NOTICE_SWEEP_CRON = '* * * * *';

export function scheduleNoticeSweep(
  sweep: () => Promise<{ sent: number }>,
  log: Logger,
): ScheduledTask {
  const run = async () => {
    try {
      const { sent } = await sweep();
      if (sent > 0) log.info({ sent }, 'Avisos de cambio pendientes enviados');
    } catch (error) {
      log.error({ err: error }, 'Error al revisar los avisos de cambio pendientes');
    }
  };
  const task = cron.schedule(NOTICE_SWEEP_CRON, run, { name: 'change-notices', noOverlap: true });
  void run();
  return task;
}
