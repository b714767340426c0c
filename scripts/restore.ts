// npm run db:restore -- FILE: restores a backup of npm run db:backup into an EMPTY database (the
// one in DATABASE_URL, or the embedded one of DATA_DIR) and its uploads. Start the app afterwards:
// it applies the migrations the backup lacks. The archive is checked first: only the files a backup
// holds, no links, nothing outside its folder, or nothing is restored.
import { restoreBackup, RestoreRefused } from '../server/backup/restore-backup.js';
import { loadConfigOrExit } from '../server/config/config.js';
import { createLogger } from '../server/lib/logger.js';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run db:restore -- <fichero .tar de npm run db:backup>');
  process.exit(1);
}
const config = loadConfigOrExit();
try {
  const manifest = await restoreBackup(config, createLogger('warn'), file);
  console.log(
    `Copia del ${manifest.createdAt} restaurada (${manifest.format}, ${manifest.uploads} imágenes).`,
  );
} catch (error) {
  console.error(
    error instanceof RestoreRefused
      ? error.message
      : `No se pudo restaurar: ${(error as Error).message}`,
  );
  process.exit(1);
}
