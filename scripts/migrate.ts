// npm run db:migrate: applies pending migrations (embedded database when DATABASE_URL is unset).
import { loadConfigOrExit } from '../server/config/config.js';
import { openDatabase } from '../server/db/open.js';
import { createLogger } from '../server/lib/logger.js';

const config = loadConfigOrExit();
const log = createLogger(config.logLevel);
const database = await openDatabase(config, log);
log.info('La base de datos está al día.');
await database.shutdown();
