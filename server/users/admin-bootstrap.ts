import type { Config } from '../config.js';
import { hashPassword } from '../auth/password.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { findCredentialsByEmail, insertUser, makeAdmin } from './users.repository.js';

/** ADMIN_EMAIL becomes an admin at start; with ADMIN_PASSWORD the account is created if missing. */
export async function bootstrapAdmin(db: Database, config: Config, log: Logger): Promise<void> {
  const { email, password } = config.admin;
  if (!email) return;
  if (!(await makeAdmin(db, email)) && password) {
    const hash = await hashPassword(password, config.bcryptCost);
    await insertUser(db, { email, password_hash: hash });
    await makeAdmin(db, email);
  }
  const admin = await findCredentialsByEmail(db, email);
  if (admin?.is_admin) log.info({ email }, 'Administrador configurado');
  else
    log.warn({ email }, 'ADMIN_EMAIL no tiene cuenta todavía: define ADMIN_PASSWORD para crearla');
}
