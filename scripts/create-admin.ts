// npm run create-admin -- <email>: makes the verified account with that email an admin, or
// creates it (verified, admin) when there is none. The new account's password is ADMIN_PASSWORD
// when set; else it has none and its owner sets one with "¿Olvidaste tu contraseña?".
// An unverified account is refused: whoever registered the address first may not own it.
import { loadConfigOrExit } from '../server/config/config.js';
import { hashPassword } from '../server/accounts/password.js';
import { openDatabase } from '../server/db/open.js';
import { createLogger } from '../server/lib/logger.js';
import { isEmail } from '../common/text/limits.js';
import { ensureAdmin } from '../server/accounts/admin-bootstrap.js';

const email = process.argv[2];
if (!email || !isEmail(email)) {
  console.error('Uso: npm run create-admin -- <email>');
  process.exit(1);
}
const config = loadConfigOrExit();
const database = await openDatabase(config, createLogger('warn'));
const password = config.admin.password;
const passwordHash = password ? await hashPassword(password, config.bcryptCost) : null;
const outcome = await ensureAdmin(database.db, email, { passwordHash });
await database.shutdown();
if (outcome === 'unverified') {
  console.error(
    `La cuenta ${email} no ha verificado su email. Que abra el enlace del correo de bienvenida ` +
      '(o lo pida de nuevo desde su perfil) y vuelve a ejecutarlo.',
  );
  process.exit(1);
}
if (outcome === 'created') {
  console.log(`Cuenta ${email} creada como administrador.`);
  if (!password) {
    console.log(
      'No tiene contraseña: establécela con "¿Olvidaste tu contraseña?" en la portada, ' +
        'o entra con Google.',
    );
  }
} else {
  console.log(`${email} ya es administrador.`);
}
