// The account behind a Google or Spotify sign-in: found by the provider's user id, linked by a
// verified email, or created.
//
// An email the provider verified (Google's email_verified) proves the mailbox. When it meets an
// account whose address was never verified, the mailbox owner wins, as in Supabase Auth: that
// account's password, sessions and identities are dropped before the new identity is linked
// (someone may have registered the address without owning it). An unverified email (Spotify,
// always) never opens an existing account, and an account it creates stays unverified.
import type { Locale } from '../../../common/i18n/locales.js';
import type { SignInErrorCode } from '../../../common/auth/sign-in-errors.js';
import { promoteIfConfiguredAdmin } from '../../accounts/admin-bootstrap.js';
import {
  findSessionUser,
  insertUser,
  lockAccount,
  touchLastLogin,
  type SessionUserRow,
} from '../../accounts/users.repository.js';
import { reclaimUnverifiedAccount } from '../reclaim-account.js';
import { NAME_MAX } from '../../../common/profile/limits.js';
import type { AuthDeps } from '../../accounts/account-deps.js';
import { sendWelcomeMail } from '../auth.service.js';
import { providerName } from './provider-text.js';
import {
  findIdentityUserId,
  findUserIdByEmail,
  insertIdentity,
  type OAuthProvider,
} from './identities.repository.js';

export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Google',
  spotify: 'Spotify',
};

// Codes, not texts: the landing maps them to fixed texts (common/auth/sign-in-errors.ts).
export const signInFailedCode = (provider: OAuthProvider) => `${provider}_failed` as const;
const noEmailCode = (provider: OAuthProvider) => `${provider}_no_email` as const;
const emailTakenCode = (provider: OAuthProvider) => `${provider}_email_taken` as const;

/** What the provider told us about the person, as plain values. */
export interface OAuthProfile {
  provider: OAuthProvider;
  providerUserId: string;
  email: string | undefined;
  /**
   * The provider vouches that this person controls the email (Google's email_verified). Only then
   * may the sign-in open an existing account with that email. Spotify never verifies emails.
   */
  emailVerified: boolean;
  name: string | undefined;
  /** The language of the sign-in's request: a new account's saved language and welcome mail's. */
  locale: Locale;
}

export type OAuthSignIn =
  | { outcome: 'signed-in'; user: SessionUserRow; created: boolean }
  /** A refusal the person can act on; the landing shows the code's text. */
  | { outcome: 'refused'; code: SignInErrorCode };

const refused = (code: SignInErrorCode): OAuthSignIn => ({ outcome: 'refused', code });

export async function signInWithProvider(
  deps: AuthDeps,
  profile: OAuthProfile,
): Promise<OAuthSignIn> {
  const { db } = deps;
  const { provider, providerUserId } = profile;
  const now = deps.clock();

  const knownUserId = await findIdentityUserId(db, provider, providerUserId);
  const known = knownUserId ? await findSessionUser(db, knownUserId) : undefined;
  if (known) {
    await touchLastLogin(db, known.user_id, now);
    return { outcome: 'signed-in', user: known, created: false };
  }

  const email = profile.email?.trim();
  if (!email) return refused(noEmailCode(provider));
  const identity = { provider, provider_user_id: providerUserId, email };

  const existingUserId = await findUserIdByEmail(db, email);
  if (existingUserId) {
    // An unverified email proves nothing: anyone can type someone else's address at Spotify.
    if (!profile.emailVerified) return refused(emailTakenCode(provider));
    await db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, existingUserId);
      if (!account) throw new Error('La cuenta enlazada desapareció durante el inicio de sesión');
      if (!account.email_verified_at) await reclaimUnverifiedAccount(trx, existingUserId, now);
      await insertIdentity(trx, { ...identity, user_id: existingUserId });
      await touchLastLogin(trx, existingUserId, now);
    });
    await promoteIfConfiguredAdmin(deps, email);
    const linked = await findSessionUser(db, existingUserId);
    if (!linked) throw new Error('La cuenta enlazada desapareció durante el inicio de sesión');
    return { outcome: 'signed-in', user: linked, created: false };
  }

  // The user and its identity exist together or not at all.
  const created = await db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, {
      email,
      password_hash: null,
      name: providerName(profile.name, NAME_MAX),
      last_login: now,
      email_verified_at: profile.emailVerified ? now : null,
      locale: profile.locale,
    });
    if (user) await insertIdentity(trx, { ...identity, user_id: user.user_id });
    return user;
  });
  // Registered by someone else between our lookup and the insert.
  if (!created) return refused(emailTakenCode(provider));
  if (created.email_verified) await promoteIfConfiguredAdmin(deps, email);
  sendWelcomeMail(deps, created);
  return { outcome: 'signed-in', user: created, created: true };
}
