// npm run create-admin -- <email>: makes an existing account an admin (operators' command).
import { loadConfigOrExit } from '../server/config.js';
import { openDatabase } from '../server/db/open.js';
import { createLogger } from '../server/lib/logger.js';
import { isEmail } from '../common/rules.js';
import { makeAdmin } from '../server/users/users.repository.js';

const email = process.argv[2];
if (!email || !isEmail(email)) {
  console.error('Uso: npm run create-admin -- <email>');
  process.exit(1);
}
const config = loadConfigOrExit();
const database = await openDatabase(config, createLogger('warn'));
const done = await makeAdmin(database.db, email);
await database.shutdown();
if (!done) {
  console.error(
    `No hay ninguna cuenta con el email ${email}. Regístrate primero y vuelve a ejecutarlo.`,
  );
  process.exit(1);
}
console.log(`${email} ya es administrador.`);
