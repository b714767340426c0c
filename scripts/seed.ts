// npm run db:seed: adds the demo data (venues, invented bands and concerts, two demo accounts).
// Safe to run any number of times: what already exists is left alone.
import { loadConfigOrExit } from '../server/config/config.js';
import { openDatabase } from '../server/db/open.js';
import { seedDemoData } from '../server/demo/seed.js';
import { createLogger } from '../server/lib/logger.js';
import { systemClock } from '../server/lib/time.js';

const config = loadConfigOrExit();
const log = createLogger(config.logLevel);
const database = await openDatabase(config, log);
try {
  const randomPasswords = config.env === 'production';
  const result = await seedDemoData(database.db, { clock: systemClock, log, randomPasswords });
  // A random password exists only for an account made now; an existing one keeps its own.
  const shown = (account: { email: string; password: string }) =>
    !randomPasswords || result.created.includes(account.email)
      ? account.password
      : '(ya existía: conserva su contraseña)';
  console.log(
    result.seeded
      ? 'Datos de demostración creados: salas de Mallorca, grupos y conciertos de las próximas 8 semanas.'
      : 'Los datos de demostración ya estaban: no se ha duplicado nada.',
  );
  console.log('Cuentas de demostración:');
  console.log(`  Administración: ${result.admin.email} / ${shown(result.admin)}`);
  console.log(`  Fan:            ${result.fan.email} / ${shown(result.fan)}`);
} catch (error) {
  log.error({ err: error }, 'No se pudieron crear los datos de demostración');
  process.exitCode = 1;
} finally {
  await database.shutdown();
}
