// Sweeps every instance runs at start-up and then on a schedule: change notices left pending (a
// crash after the edit, or a retry due) and submissions never confirmed. Row locks and plain
// deletes make parallel sweeps safe, so there is no leader to elect. node-cron only fires them,
// as for the weekly mail.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../lib/logger.js';

interface Sweep {
  name: string;
  cron: string;
  run: () => Promise<void>;
  /** Logged when a run throws; the next run tries again. */
  failure: string;
}

function scheduleSweep(sweep: Sweep, log: Logger): ScheduledTask {
  const run = async () => {
    try {
      await sweep.run();
    } catch (error) {
      log.error({ err: error }, sweep.failure);
    }
  };
  const task = cron.schedule(sweep.cron, run, { name: sweep.name, noOverlap: true });
  void run();
  return task;
}

export function scheduleNoticeSweep(
  sweep: () => Promise<{ sent: number }>,
  log: Logger,
): ScheduledTask {
  return scheduleSweep(
    {
      name: 'change-notices',
      cron: '* * * * *',
      run: async () => {
        const { sent } = await sweep();
        if (sent > 0) log.info({ sent }, 'Avisos de cambio pendientes enviados');
      },
      failure: 'Error al revisar los avisos de cambio pendientes',
    },
    log,
  );
}

export function scheduleSubmissionSweep(
  sweep: () => Promise<{ expired: number }>,
  log: Logger,
): ScheduledTask {
  return scheduleSweep(
    {
      name: 'submissions',
      cron: '17 * * * *',
      run: async () => {
        const { expired } = await sweep();
        if (expired > 0) log.info({ expired }, 'Propuestas sin confirmar borradas');
      },
      failure: 'Error al borrar las propuestas sin confirmar',
    },
    log,
  );
}
