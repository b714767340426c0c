// What "Descargar mis datos" reads: every row that names the fan, with explicit column lists that
// leave out every secret (password hash, session ids, token hashes, the calendar link's parts).
import type { SessionData } from 'express-session';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { SUBMISSION_COLUMNS } from '../submissions/submissions.repository.js';

/**
 * Runs `read` in one read-only REPEATABLE READ transaction: every query sees the same snapshot,
 * so the file never mixes states from before and after a concurrent write.
 */
export function readInSnapshot<T>(db: Database, read: (trx: Database) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(read);
}

/** Every column of users but the password hash, of which only its existence is told. */
export function findExportUser(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'user_id',
      'email',
      'email_verified_at',
      'name',
      'created_at',
      'updated_at',
      'last_login',
      sql<boolean>`password_hash IS NOT NULL`.as('has_password'),
      'password_changed_at',
      'is_admin',
      'onboarding_completed',
      'needs_recommendation',
      'top_genres',
      'disliked_genres',
      'top_artists',
      'is_subscribed',
      'change_notices',
      'show_reminders',
      'spotify_id',
      'country',
      'followers',
      'profile_image',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
export type ExportUserRow = Awaited<ReturnType<typeof findExportUser>> & object;

/** Every concert row of the fan (like, feedback, our score and reason), by concert date. */
export function findExportConcertRows(db: Database, userId: string) {
  return db
    .selectFrom('user_concert_recommendations as r')
    .innerJoin('concerts as c', 'c.id', 'r.concert_id')
    .select([
      'c.id',
      'c.day',
      sql<string>`to_char(c.hour, 'HH24:MI')`.as('hour'),
      'c.venue',
      'c.genre',
      'c.bandname',
      sql<boolean>`c.cancelled_at IS NOT NULL`.as('cancelled'),
      sql<string[]>`coalesce((
        SELECT array_agg(b.band_name ORDER BY b.band_name)
        FROM concert_band cb JOIN bands b ON b.id = cb.band_id
        WHERE cb.concert_id = c.id
      ), '{}')`.as('band_names'),
      'r.liked',
      sql<Date | null>`(
        SELECT a.created_at FROM concert_attendance a
        WHERE a.user_id = r.user_id AND a.concert_id = c.id
      )`.as('going_since'),
      'r.recommendation_feedback',
      'r.feedback_at',
      'r.score',
      'r.reason',
      'r.engine',
      'r.scored_at',
      'r.updated_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('c.day')
    .orderBy('c.hour')
    .orderBy('c.id')
    .execute();
}
export type ExportConcertRow = Awaited<ReturnType<typeof findExportConcertRows>>[number];

export function findExportIdentities(db: Database, userId: string) {
  return db
    .selectFrom('user_identities')
    .select(['provider', 'provider_user_id', 'email', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('provider')
    .execute();
}

/**
 * The fan's stored sessions, expired ones not yet swept included. The id never leaves this query:
 * only whether it is the session asking.
 */
export async function findExportSessions(db: Database, userId: string, currentSid: string) {
  const rows = await db
    .selectFrom('sessions')
    .select(['sess', 'expire', sql<boolean>`sid = ${currentSid}`.as('current')])
    .where('user_id', '=', userId)
    .orderBy('expire', 'desc')
    .execute();
  // `sess` is a json column: pg parses it; the shape is what express-session stored.
  return rows.map((row) => ({ ...row, sess: row.sess as unknown as SessionData }));
}

/** Every mail recorded for the fan, without the SMTP server's error text. */
export function findExportMails(db: Database, userId: string) {
  return db
    .selectFrom('mail_deliveries as d')
    .leftJoin('mail_campaigns as m', 'm.id', 'd.campaign_id')
    .select([
      'd.kind',
      'd.to_email',
      'd.status',
      'd.attempts',
      'd.created_at',
      'd.sent_at',
      'd.payload',
      'm.iso_week',
      'm.mode',
    ])
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
}
export type ExportMailRow = Awaited<ReturnType<typeof findExportMails>>[number];

/** The private calendar feed's settings: whether a link is live, never its selector or hash. */
export function findExportCalendarFeed(db: Database, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .select([
      sql<boolean>`selector IS NOT NULL`.as('link_active'),
      'token_created_at',
      'include_extreme',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The password reset and address verification links asked for, without their token hashes. */
export function findExportPasswordResets(db: Database, userId: string) {
  return db
    .selectFrom('password_reset_tokens')
    .select(['created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findExportEmailVerifications(db: Database, userId: string) {
  return db
    .selectFrom('email_verification_tokens')
    .select(['email', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Concerts sent through 'Publica tus conciertos' with this contact address (any case). */
export function findExportSubmissions(db: Database, email: string) {
  return db
    .selectFrom('band_submissions')
    .select(SUBMISSION_COLUMNS)
    .where(sql`lower(contact_email)`, '=', email.toLowerCase())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type ExportSubmissionRow = Awaited<ReturnType<typeof findExportSubmissions>>[number];

/**
 * What an admin did, as the audit log tells it: which action on which entity, and when. The
 * entities' states before and after are the catalog's (and may hold other people's data).
 */
export function findExportAuditEntries(db: Database, userId: string) {
  return db
    .selectFrom('admin_audit')
    .select(['at', 'action', 'entity', 'entity_id'])
    .where('actor_id', '=', userId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export function findExportCampaignsStarted(db: Database, userId: string) {
  return db
    .selectFrom('mail_campaigns')
    .select(['iso_week', 'mode', 'created_at'])
    .where('created_by', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Submissions this admin approved, rejected or marked as spam. */
export function findExportSubmissionsReviewed(db: Database, userId: string) {
  return db
    .selectFrom('band_submissions')
    .select(['id', 'status', 'reviewed_at'])
    .where('reviewed_by', '=', userId)
    .orderBy('reviewed_at')
    .orderBy('id')
    .execute();
}

/** Concerts this admin added to the agenda. */
export function findExportConcertsAdded(db: Database, userId: string) {
  return db
    .selectFrom('concerts')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
