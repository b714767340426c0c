// Email-and-password accounts: sign-up, credential check, the welcome mail. A new account's
// address is unverified until the link in the welcome mail is opened (email-verification.ts).
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import { sendRecordedMail } from '../mail/deliveries.js';
import type { Mailer } from '../mail/mailer.js';
import { welcomeMail } from '../mail/templates.js';
import {
  findCredentialsByEmail,
  insertUser,
  type SessionUserRow,
} from '../users/users.repository.js';
import { newVerificationLink } from './email-verification.js';
import { hashPassword, verifyPassword } from './password.js';

export interface AuthDeps {
  db: Database;
  config: Config;
  log: Logger;
  clock: Clock;
  mailer: Mailer;
}

// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = '$2b$12$C6UzMDM.H6dfI/f/IKcEeO5KAIs7dCDu0Bd7JtTzJFnY7n2ISWm1W';

/**
 * The user for an email and password, or undefined: the caller gives one message for both cases.
 * Records nothing: the caller writes last_login alongside the session.
 */
export async function verifyCredentials(
  deps: AuthDeps,
  email: string,
  password: string,
): Promise<SessionUserRow | undefined> {
  const found = await findCredentialsByEmail(deps.db, email);
  const ok = await verifyPassword(password, found?.password_hash ?? DUMMY_HASH);
  if (!found || !found.password_hash || !ok) return undefined;
  const { password_hash: _hidden, ...user } = found;
  return user;
}

/** Creates the account, or returns undefined when the email is already registered. */
export async function registerUser(
  deps: AuthDeps,
  email: string,
  password: string,
): Promise<SessionUserRow | undefined> {
  const passwordHash = await hashPassword(password, deps.config.bcryptCost);
  const user = await insertUser(deps.db, {
    email: email.trim(),
    password_hash: passwordHash,
    last_login: deps.clock(),
  });
  if (user) sendWelcomeMail(deps, user);
  return user;
}

/**
 * Sent in the background: a mail failure is logged, never shown to the new user. An address not
 * verified yet gets its verification link in this mail.
 */
export function sendWelcomeMail(deps: AuthDeps, user: SessionUserRow): void {
  const send = async () => {
    const verifyUrl = user.email_verified ? undefined : await newVerificationLink(deps, user);
    await sendRecordedMail(deps, {
      userId: user.user_id,
      kind: 'welcome',
      mail: welcomeMail(user.email, deps.config.publicUrl, verifyUrl),
    });
  };
  send().catch((error: unknown) =>
    deps.log.warn({ err: error }, 'Correo de bienvenida no registrado'),
  );
}
