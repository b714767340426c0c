// What "Descargar mis datos" reads: every row that names the fan, with explicit column lists that
// leave out every secret (password hash, session ids, token hashes, the calendar link's parts).
import type { SessionData } from 'express-session';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
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

/**
 * Every concert the fan has a row for, whatever the table: a like, 👍/👎 or our score and reason
 * (user_concert_recommendations) or a 'Voy' (concert_attendance, which needs no recommendation
 * row: a concert not scored for the fan yet is still theirs to see). By concert date.
 */
export function findExportConcertRows(db: Database, userId: string) {
  return db
    .selectFrom('concerts as c')
    .leftJoin('user_concert_recommendations as r', (join) =>
      join.onRef('r.concert_id', '=', 'c.id').on('r.user_id', '=', userId),
    )
    .leftJoin('concert_attendance as a', (join) =>
      join.onRef('a.concert_id', '=', 'c.id').on('a.user_id', '=', userId),
    )
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
      sql<boolean>`coalesce(r.liked, false)`.as('liked'),
      sql<Date | null>`a.created_at`.as('going_since'),
      'r.liked_at',
      sql<number>`coalesce(r.recommendation_feedback, 0)`.as('recommendation_feedback'),
      'r.feedback_at',
      'r.score',
      'r.learned',
      'r.reason',
      'r.engine',
      'r.scored_at',
      sql<Date>`coalesce(r.updated_at, a.created_at)`.as('updated_at'),
    ])
    .where('c.id', 'in', (sub) =>
      sub
        .selectFrom('user_concert_recommendations')
        .select('concert_id')
        .where('user_id', '=', userId)
        .union(
          sub.selectFrom('concert_attendance').select('concert_id').where('user_id', '=', userId),
        ),
    )
    .orderBy('c.day')
    .orderBy('c.hour')
    .orderBy('c.id')
    .execute();
}
export type ExportConcertRow = Awaited<ReturnType<typeof findExportConcertRows>>[number];

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

/**
 * Concerts sent through 'Publica tus conciertos' with this contact address (any case) and
 * confirmed by the link mailed to it: anyone may type any address in the form, so only what the
 * mailbox's owner confirmed is theirs (a squatter who registered the address never had the
 * mailbox, so nothing they sent with it is ever confirmed).
 */
export function findExportSubmissions(db: Database, email: string) {
  return db
    .selectFrom('band_submissions')
    .select(SUBMISSION_COLUMNS)
    .where(sql`lower(contact_email)`, '=', email.toLowerCase())
    .where('confirmed_at', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type ExportSubmissionRow = Awaited<ReturnType<typeof findExportSubmissions>>[number];

type Column<T extends keyof DB> = keyof Selectable<DB[T]> & string;

/** A plain list of the file: the rows of one table that name the fan, in a stable order. */
interface OwnList<T extends keyof DB, C extends Column<T>> {
  from: T;
  /** What the file gives of each row: never a secret. */
  select: readonly C[];
  /** The column that names the fan. */
  owner: Column<T>;
  /** Oldest first; the last column settles ties. */
  order: readonly Column<T>[];
}

const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));

/** The reader of one plain list: the rows of `list.from` whose owner is the given fan. */
const ownList =
  <T extends keyof DB, C extends Column<T>>(list: OwnList<T, C>) =>
  async (db: Database, ownerId: string): Promise<Pick<Selectable<DB[T]>, C>[]> => {
    const { rows } = await sql<Pick<Selectable<DB[T]>, C>>`
      SELECT ${columns(list.select)} FROM ${sql.table(list.from)}
      WHERE ${sql.ref(list.owner)} = ${ownerId}
      ORDER BY ${columns(list.order)}`.execute(db);
    return rows;
  };

/**
 * The lists of the file that are one table's rows naming the fan, and how each is read. The mails
 * (with their campaign) and the submissions (matched by address, any case) have their own queries.
 */
export const OWN_LISTS = {
  signInIdentities: ownList({
    from: 'user_identities',
    select: ['provider', 'provider_user_id', 'email', 'created_at'],
    owner: 'user_id',
    order: ['created_at', 'provider'],
  }),
  /** The password reset and address verification links asked for, without their token hashes. */
  passwordResets: ownList({
    from: 'password_reset_tokens',
    select: ['created_at', 'expires_at', 'used_at'],
    owner: 'user_id',
    order: ['created_at', 'id'],
  }),
  emailVerifications: ownList({
    from: 'email_verification_tokens',
    select: ['email', 'created_at', 'expires_at', 'used_at'],
    owner: 'user_id',
    order: ['created_at', 'id'],
  }),
  /**
   * What an admin did, as the audit log tells it: which action on which entity, and when. The
   * entities' states before and after are the catalog's (and may hold other people's data).
   */
  auditLog: ownList({
    from: 'admin_audit',
    select: ['at', 'action', 'entity', 'entity_id'],
    owner: 'actor_id',
    order: ['at', 'id'],
  }),
  weeklyCampaignsStarted: ownList({
    from: 'mail_campaigns',
    select: ['iso_week', 'mode', 'created_at'],
    owner: 'created_by',
    order: ['created_at', 'id'],
  }),
  /** Concerts matched to the fan's favourite artists for an alert mail (sent, waiting or dropped). */
  artistAlerts: ownList({
    from: 'artist_alerts',
    select: ['concert_id', 'created_at', 'dropped_at', 'delivery_id'],
    owner: 'user_id',
    order: ['created_at', 'concert_id'],
  }),
  /** Submissions this admin approved, rejected or marked as spam. */
  submissionsReviewed: ownList({
    from: 'band_submissions',
    select: ['id', 'status', 'reviewed_at'],
    owner: 'reviewed_by',
    order: ['reviewed_at', 'id'],
  }),
  /** Concerts this admin added to the agenda. */
  concertsAdded: ownList({
    from: 'concerts',
    select: ['id', 'created_at'],
    owner: 'user_id',
    order: ['created_at', 'id'],
  }),
};
