// BACKUP_CRON: this instance writes a backup on schedule and keeps the newest BACKUP_KEEP. Set it
// on one instance only (several would each write one); node-cron fires, create-backup.ts writes.
import cron, { type ScheduledTask } from 'node-cron';
import type { Config } from '../config/config.js';
import type { Logger } from '../lib/logger.js';
import { TIME_ZONE } from '../lib/time.js';
import { pruneBackups } from './backup.js';
import { createBackup } from './create-backup.js';

export function scheduleBackups(config: Config, log: Logger): ScheduledTask | undefined {
  const { cron: expression, dir, keep } = config.backup;
  if (!expression) return undefined;
  return cron.schedule(
    expression,
    async () => {
      try {
        await createBackup(config, log);
        const deleted = pruneBackups(dir, keep);
        if (deleted.length > 0) log.info({ deleted }, 'Copias antiguas borradas');
      } catch (error) {
        log.error({ err: error }, 'No se pudo hacer la copia de seguridad programada');
      }
    },
    { timezone: TIME_ZONE, name: 'backup', noOverlap: true },
  );
}
