// ADMIN_EMAIL and `npm run create-admin`: only a verified address is made an admin. Whoever
// registered that address first, without access to its mailbox, must not become an admin by it.
import type { Config } from '../config/config.js';
import { hashPassword } from './password.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import { findCredentialsByEmail, insertUser, makeAdmin } from './users.repository.js';

export type EnsureAdminOutcome = 'promoted' | 'created' | 'unverified' | 'missing';

/**
 * Makes the verified account with this email an admin; with a password hash (or `create`),
 * creates the account, verified, when there is none. An unverified account is left alone.
 */
export async function ensureAdmin(
  db: Database,
  email: string,
  create: { passwordHash: string | null } | undefined,
): Promise<EnsureAdminOutcome> {
  if (await makeAdmin(db, email)) return 'promoted';
  if (await findCredentialsByEmail(db, email)) return 'unverified';
  if (!create) return 'missing';
  // The operator names the address: it counts as verified.
  const user = await insertUser(db, {
    email,
    password_hash: create.passwordHash,
    email_verified_at: new Date(),
  });
  // Registered by someone else a moment ago: that account is not verified.
  if (!user) return 'unverified';
  await makeAdmin(db, email);
  return 'created';
}

/**
 * ADMIN_EMAIL becomes an admin at start; with ADMIN_PASSWORD the account is created (verified) if
 * missing. An unverified account with that email is promoted when it verifies its address
 * (promoteIfConfiguredAdmin), or at a later start.
 */
export async function bootstrapAdmin(db: Database, config: Config, log: Logger): Promise<void> {
  const { email, password } = config.admin;
  if (!email) return;
  const create = password
    ? { passwordHash: await hashPassword(password, config.bcryptCost) }
    : undefined;
  const outcome = await ensureAdmin(db, email, create);
  if (outcome === 'promoted' || outcome === 'created') {
    log.info({ email }, 'Administrador configurado');
  } else if (outcome === 'unverified') {
    log.warn(
      { email },
      'ADMIN_EMAIL tiene una cuenta sin verificar: será administrador cuando verifique su email',
    );
  } else {
    log.warn({ email }, 'ADMIN_EMAIL no tiene cuenta todavía: define ADMIN_PASSWORD para crearla');
  }
}

/** Called whenever an address becomes verified: ADMIN_EMAIL's account is promoted at once. */
export async function promoteIfConfiguredAdmin(
  deps: { db: Database; config: Config; log: Logger },
  email: string,
): Promise<void> {
  const adminEmail = deps.config.admin.email;
  if (!adminEmail || adminEmail.toLowerCase() !== email.toLowerCase()) return;
  if (await makeAdmin(deps.db, adminEmail)) {
    deps.log.info({ email }, 'Administrador configurado al verificar su email');
  }
}
