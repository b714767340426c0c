// npm run db:backup [-- DIR]: one timestamped tar (database + uploads) in DIR, default BACKUP_DIR
// (DATA_DIR/backups). Works while the app runs: the dump is one consistent snapshot. The folder
// and the file are readable only by the user running this (0700/0600).
import { createBackup } from '../server/backup/create-backup.js';
import { loadConfigOrExit } from '../server/config/config.js';
import { createLogger } from '../server/lib/logger.js';

const config = loadConfigOrExit();
const log = createLogger('warn');
try {
  const file = await createBackup(config, log, process.argv[2] ?? config.backup.dir);
  console.log(`Copia de seguridad escrita en ${file}`);
} catch (error) {
  console.error(`No se pudo hacer la copia: ${(error as Error).message}`);
  process.exit(1);
}
