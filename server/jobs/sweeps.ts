// Sweeps every instance runs at start-up and then on a schedule (change notices left pending,
// submissions never confirmed). Row locks and plain deletes make parallel sweeps safe, so there is
// no leader to elect. node-cron only fires them, as for the weekly mail.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../lib/logger.js';

export interface Sweep {
  name: string;
  cron: string;
  /** Answers how many things it handled; logged with `done` when there were any. */
  run: () => Promise<number>;
  done: string;
  /** Logged when a run throws; the next run tries again. */
  failure: string;
}

export function scheduleSweep(sweep: Sweep, log: Logger): ScheduledTask {
  const run = async () => {
    try {
      const count = await sweep.run();
      if (count > 0) log.info({ count }, sweep.done);
    } catch (error) {
      log.error({ err: error }, sweep.failure);
    }
  };
  const task = cron.schedule(sweep.cron, run, { name: sweep.name, noOverlap: true });
  void run();
  return task;
}
