// All SQL about users. Explicit column lists: password hashes never leave this file unless asked for.
import { sql, type Updateable } from 'kysely';
import type { Locale } from '../../common/i18n/locales.js';
import type { AlertFrequency } from '../../common/profile/limits.js';
import type { Database } from '../db/database.js';
import type { Users } from '../db/schema.js';
import { pageAfter } from '../db/keyset.js';

/** A boolean, not the timestamp: rows are kept in caches, and only the fact matters here. */
const emailVerified = sql<boolean>`email_verified_at IS NOT NULL`.as('email_verified');

const SESSION_USER_COLUMNS = [
  'user_id',
  'email',
  'name',
  'is_admin',
  'onboarding_completed',
  'locale',
  emailVerified,
] as const;
const PROFILE_COLUMNS = [
  'user_id',
  'email',
  'name',
  'top_artists',
  'top_genres',
  'disliked_genres',
  'is_subscribed',
  'change_notices',
  'show_reminders',
  'alert_frequency',
  'onboarding_completed',
  'locale',
  emailVerified,
] as const;

export type SessionUserRow = Awaited<ReturnType<typeof findSessionUser>> & object;
export type ProfileRow = Awaited<ReturnType<typeof findProfile>> & object;

export function findSessionUser(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(SESSION_USER_COLUMNS)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findCredentialsByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select([...SESSION_USER_COLUMNS, 'password_hash'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findPasswordHash(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What the profile shows besides its columns: has a password, signs in with which providers. */
const PROFILE_EXTRAS = [
  sql<boolean>`password_hash IS NOT NULL`.as('has_password'),
  sql<Array<'google' | 'spotify'>>`array(
    SELECT i.provider FROM user_identities i WHERE i.user_id = users.user_id ORDER BY i.provider
  )`.as('sign_in_providers'),
] as const;

export function findProfile(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select([...PROFILE_COLUMNS, ...PROFILE_EXTRAS])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Inserts a user unless the email is taken (any case); returns undefined when taken. */
export function insertUser(
  db: Database,
  values: {
    email: string;
    password_hash?: string | null;
    name?: string | null;
    last_login?: Date;
    /** Set only when the address is already proven (a verified Google email, the operator). */
    email_verified_at?: Date | null;
    /** The language the account was made in: its mails' until the fan chooses another. */
    locale?: Locale;
  },
) {
  return db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(SESSION_USER_COLUMNS)
    .executeTakeFirst();
}

/** Writes these columns of the user's row, and nothing else (updated_at stays). */
export async function setUserColumns(
  db: Database,
  userId: string,
  values: Updateable<Users>,
): Promise<void> {
  await db.updateTable('users').set(values).where('user_id', '=', userId).execute();
}

export const touchLastLogin = (db: Database, userId: string, at: Date) =>
  setUserColumns(db, userId, { last_login: at });

export const setSubscribed = (db: Database, userId: string, subscribed: boolean) =>
  setUserColumns(db, userId, { is_subscribed: subscribed });

export const setAlertFrequency = (db: Database, userId: string, frequency: AlertFrequency) =>
  setUserColumns(db, userId, { alert_frequency: frequency });

export async function updateProfile(
  db: Database,
  userId: string,
  values: {
    name?: string | null;
    top_artists?: string[];
    top_genres?: string[];
    disliked_genres?: string[];
    onboarding_completed?: boolean;
    change_notices?: boolean;
    show_reminders?: boolean;
    alert_frequency?: AlertFrequency;
    locale?: Locale;
  },
) {
  return db
    .updateTable('users')
    .set({ ...values, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .returning([...PROFILE_COLUMNS, ...PROFILE_EXTRAS])
    .executeTakeFirst();
}

export async function setPasswordHash(db: Database, userId: string, hash: string, at: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: hash, password_changed_at: at, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .execute();
}

/** Ends every session of a user except, optionally, the current one; returns the ended ids. */
export async function deleteSessions(db: Database, userId: string, exceptSid?: string) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSid) query = query.where('sid', '<>', exceptSid);
  const rows = await query.returning('sid').execute();
  return rows.map((row) => row.sid);
}

/** Recommendations, sessions, identities and mails go with the row (ON DELETE CASCADE). */
export async function deleteUser(db: Database, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Makes the account with this email an admin, only when its address is verified: whoever
 * registered an address first, without its mailbox, must not become an admin by it.
 */
export async function makeAdmin(db: Database, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_admin: true })
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the address verified (the first time only) and voids its pending verification links. */
export async function markEmailVerified(db: Database, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: sql`coalesce(email_verified_at, ${at})`, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('email_verification_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The account's row locked until the transaction ends, with what decides who may take it. */
export function lockAccount(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'email', 'email_verified_at'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The account's own ways in that did not prove its address: the password, every session, every
 * Google or Spotify identity with the Spotify profile columns; then the address is verified.
 * auth/reclaim-account.ts adds the private calendar link.
 */
export async function clearUnprovenAccess(db: Database, userId: string, at: Date) {
  await db
    .updateTable('users')
    .set({
      password_hash: null,
      password_changed_at: at,
      spotify_id: null,
      profile_image: null,
      country: null,
      followers: 0,
      updated_at: sql`now()`,
    })
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
  await deleteSessions(db, userId);
  await markEmailVerified(db, userId, at);
}

/** Up to `limit` ids of onboarded fans after `afterId`, in id order (for paging through all). */
export async function findOnboardedUserIds(
  db: Database,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const fans = await db
    .selectFrom('users')
    .select('user_id')
    .where('onboarding_completed', '=', true)
    .$call((query) => pageAfter(query, 'user_id', afterId, limit))
    .execute();
  return fans.map((fan) => fan.user_id);
}

/** The admins who verified their address, with their language: moderation mails go to them. */
export function findVerifiedAdmins(db: Database) {
  return db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('is_admin', '=', true)
    .where('email_verified_at', 'is not', null)
    .orderBy('email')
    .execute();
}
