// Email-and-password accounts: sign-up, credential check, the welcome mail. A new account's
// address is unverified until the link in the welcome mail is opened (email-verification.ts).
import { savedLocale, type Locale } from '../../common/i18n/locales.js';
import { sendRecordedMail } from '../mail/deliveries.js';
import { welcomeMail } from '../mail/templates.js';
import {
  byBodyEmail,
  normalizeEmailKey,
  resetLimit,
  type LimitRule,
} from '../security/rate-limit.js';
import {
  findCredentialsByEmail,
  findSessionUser,
  insertUser,
  touchLastLogin,
  type SessionUserRow,
} from '../accounts/users.repository.js';
import { newVerificationLink } from './email-verification.js';
import { resetPassword } from './password-reset.js';
import { hashPassword, verifyPassword } from '../accounts/password.js';
import { assertPasswordAllowed } from '../lib/password-policy.js';
import type { AuthDeps } from '../accounts/account-deps.js';

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

/**
 * Creates the account, or returns undefined when the email is already registered. `locale`: the
 * language of the sign-up's request, saved as the account's (its mails', the welcome first).
 */
export async function registerUser(
  deps: AuthDeps,
  email: string,
  password: string,
  locale?: Locale,
): Promise<SessionUserRow | undefined> {
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password, deps.config.bcryptCost);
  const user = await insertUser(deps.db, {
    email: email.trim(),
    password_hash: passwordHash,
    last_login: deps.clock(),
    locale,
  });
  if (user) sendWelcomeMail(deps, user);
  return user;
}

/**
 * Sent in the background, in the account's language: a mail failure is logged, never shown to the
 * new user. An address not verified yet gets its verification link in this mail.
 */
export function sendWelcomeMail(deps: AuthDeps, user: SessionUserRow): void {
  const send = async () => {
    const verifyUrl = user.email_verified ? undefined : await newVerificationLink(deps, user);
    await sendRecordedMail(deps, {
      userId: user.user_id,
      kind: 'welcome',
      mail: welcomeMail(user.email, deps.config.publicUrl, verifyUrl, savedLocale(user.locale)),
    });
  };
  send().catch((error: unknown) =>
    deps.log.warn({ err: error }, 'Correo de bienvenida no registrado'),
  );
}

/**
 * Sign-ins per email: every attempt is counted when it starts (so a burst of parallel guesses is
 * counted before bcrypt runs), and the right password, or a password set through recovery, starts
 * the count afresh. So the counter holds the failures since the last success: after 10 of them in
 * 15 minutes the email is locked, right password included, until the window ends or a recovery.
 */
export const LOGIN_EMAIL_LIMIT: LimitRule = {
  name: 'login-email',
  limit: 10,
  windowSeconds: 15 * 60,
  key: byBodyEmail,
};

/** The email's failed sign-ins forgotten: its owner proved who they are. */
export function clearLoginFailures(deps: Pick<AuthDeps, 'db'>, email: string): Promise<void> {
  return resetLimit(deps.db, LOGIN_EMAIL_LIMIT, normalizeEmailKey(email));
}

/**
 * A password sign-in succeeded: last_login written and the failure count started afresh, side by
 * side (each is a database round trip; the caller runs this beside passport's logIn).
 */
export async function recordSignIn(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  userId: string,
  email: string,
): Promise<void> {
  await Promise.all([
    touchLastLogin(deps.db, userId, deps.clock()),
    clearLoginFailures(deps, email),
  ]);
}

/** A new password through a recovery link: the user to sign in, or undefined for a bad token. */
export async function resetPasswordForSignIn(
  deps: AuthDeps,
  token: string,
  password: string,
): Promise<SessionUserRow | undefined> {
  const userId = await resetPassword(deps, token, password);
  return userId ? findSessionUser(deps.db, userId) : undefined;
}
