// Sweeps every instance runs at start-up and then on a schedule (change notices and artist alerts
// left pending, submissions never confirmed), and the daily artist alerts. Row locks and plain
// deletes make parallel runs safe, so there is no leader to elect. node-cron only fires them, as
// for the weekly mail, on Mallorca's clock.
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from './lib/logger.js';
import { TIME_ZONE } from './lib/time.js';

export interface Sweep {
  name: string;
  cron: string;
  /** Answers how many things it handled; logged with `done` when there were any. */
  run: () => Promise<number>;
  done: string;
  /** Logged when a run throws; the next run tries again. */
  failure: string;
  /** Run once at start-up too (default); false: only at its times. */
  atStart?: boolean;
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
  const task = cron.schedule(sweep.cron, run, {
    name: sweep.name,
    noOverlap: true,
    timezone: TIME_ZONE,
  });
  if (sweep.atStart !== false) void run();
  return task;
}
