// Migrates the template database every test file copies (run by global-setup.mjs through tsx).
import { connectDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';

const handle = connectDatabase(process.env.TEMPLATE_DATABASE_URL!, 1);
await migrateToLatest(handle.db);
await handle.close();
