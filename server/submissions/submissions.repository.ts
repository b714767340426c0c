// All SQL of the band submissions: the queue itself, and finding or adding the band and the venue
// an approval needs.
import { sql, type InsertQueryBuilder, type InsertResult } from 'kysely';
import { normalised } from '../db/name-match.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { Locale } from '../../common/i18n/locales.js';

export interface SubmissionFieldsRow {
  band_name: string;
  contact_email: string;
  spotify_url: string | null;
  genre: string;
  day: string;
  hour: string;
  venue_id: number | null;
  venue_name: string;
  venue_town: string | null;
  price: string;
  ticket_url: string | null;
  description: string | null;
  image_url: string | null;
}

export interface SubmissionRow extends SubmissionFieldsRow {
  id: number;
  status: string;
  confirmed_at: Date | null;
  reason: string | null;
  concert_id: number | null;
  created_at: Date;
  reviewed_at: Date | null;
  /** The form's language, its mails' (null before it was kept: Spanish). */
  locale: string | null;
}

/** Every column but the confirmation token's hash. */
export const SUBMISSION_COLUMNS = [
  'id',
  'status',
  'band_name',
  'contact_email',
  'spotify_url',
  'genre',
  'day',
  sql<string>`to_char(hour, 'HH24:MI')`.as('hour'),
  'venue_id',
  'venue_name',
  'venue_town',
  'price',
  'ticket_url',
  'description',
  'image_url',
  'confirmed_at',
  'reason',
  'concert_id',
  'created_at',
  'reviewed_at',
  'locale',
] as const;

/** A new submission, waiting for its contact address to be confirmed. */
export async function insertUnconfirmedSubmission(
  db: Database,
  row: SubmissionFieldsRow & {
    confirm_token_hash: string;
    created_at: Date;
    locale: Locale;
    /** Where it came from (clientNetworkKey): its network's share of the queue. */
    network: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('band_submissions')
    .values({ ...row, status: 'unconfirmed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteSubmission(db: Database, id: number): Promise<void> {
  await db.deleteFrom('band_submissions').where('id', '=', id).execute();
}

/** Records a form token's nonce; false when it was used already (on any instance). */
export async function useFormNonce(db: Database, nonce: string): Promise<boolean> {
  const row = await db
    .insertInto('used_submission_forms')
    .values({ nonce })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseFormNonce(db: Database, nonce: string): Promise<void> {
  await db.deleteFrom('used_submission_forms').where('nonce', '=', nonce).execute();
}

/** What the queue holds, as the form's checks count it (lockAndCountQueue). */
export interface QueueCounts {
  /** Confirmed submissions waiting for a review: the queue that SUBMISSION_QUEUE_MAX bounds. */
  pending: number;
  /** This network's unconfirmed submissions still in their confirmation window. */
  networkUnconfirmed: number;
  /** This network's submissions waiting for anyone (those unconfirmed, and confirmed ones). */
  networkWaiting: number;
}

/**
 * The queue's counts for a submission from `network`. Takes a transaction lock first, so two
 * instances cannot both add the last one the queue, or a network's share, has room for.
 * Unconfirmed submissions created before `unconfirmedSince` have expired (the hourly sweep
 * deletes them) and count for nothing.
 */
export async function lockAndCountQueue(
  trx: Database,
  network: string,
  unconfirmedSince: Date,
): Promise<QueueCounts> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('band_submissions_queue'))`.execute(trx);
  const { rows } = await sql<{ pending: string; unconfirmed: string; waiting: string }>`
    SELECT
      count(*) FILTER (WHERE status = 'pending') AS pending,
      count(*) FILTER (WHERE network = ${network} AND status = 'unconfirmed') AS unconfirmed,
      count(*) FILTER (WHERE network = ${network}) AS waiting
    FROM band_submissions
    WHERE status = 'pending' OR (status = 'unconfirmed' AND created_at >= ${unconfirmedSince})
  `.execute(trx);
  const row = rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    networkUnconfirmed: Number(row?.unconfirmed ?? 0),
    networkWaiting: Number(row?.waiting ?? 0),
  };
}

/** Counts one refusal by the hourly cap on confirmation mails, in the hour it happened. */
export async function recordMailCapHit(db: Database, at: Date): Promise<void> {
  await sql`
    INSERT INTO submission_mail_cap_hits (hour, refused, last_refused_at)
    VALUES (date_trunc('hour', ${at}::timestamptz), 1, ${at})
    ON CONFLICT (hour) DO UPDATE SET
      refused = submission_mail_cap_hits.refused + 1,
      last_refused_at = GREATEST(submission_mail_cap_hits.last_refused_at, EXCLUDED.last_refused_at)
  `.execute(db);
}

/** Forgets the hours of refusals older than `before` (the overview shows the last 24 h). */
export async function pruneMailCapHits(db: Database, before: Date): Promise<void> {
  await db.deleteFrom('submission_mail_cap_hits').where('hour', '<', before).execute();
}

/**
 * Moves the submission whose confirmation token this is into the moderation queue. Answers
 * 'confirmed', 'already' for one confirmed before (a second click), or undefined for a token that
 * matches nothing waiting (unknown, expired, or already reviewed).
 */
export async function confirmSubmission(
  db: Database,
  tokenHash: string,
  { createdAfter, now }: { createdAfter: Date; now: Date },
): Promise<{ outcome: 'confirmed' | 'already'; id: number } | undefined> {
  const row = await db
    .selectFrom('band_submissions')
    .select(['id', 'status'])
    .where('confirm_token_hash', '=', tokenHash)
    .where('status', 'in', ['unconfirmed', 'pending'])
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.status === 'pending') return { outcome: 'already', id: row.id };
  const updated = await db
    .updateTable('band_submissions')
    .set({ status: 'pending', confirmed_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'unconfirmed')
    .where('created_at', '>', createdAfter)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? { outcome: 'confirmed', id: row.id } : undefined;
}

/** Deletes the submissions never confirmed since before `createdBefore`; answers their pictures. */
export async function deleteUnconfirmedBefore(
  db: Database,
  createdBefore: Date,
): Promise<(string | null)[]> {
  const rows = await db
    .deleteFrom('band_submissions')
    .where('status', '=', 'unconfirmed')
    .where('created_at', '<', createdBefore)
    .returning('image_url')
    .execute();
  return rows.map((row) => row.image_url);
}

export async function pruneUsedFormNonces(db: Database, usedBefore: Date): Promise<void> {
  await db.deleteFrom('used_submission_forms').where('used_at', '<', usedBefore).execute();
}

/** The pictures of the submissions still waiting (for a sweep of files nothing points to). */
export async function waitingImageUrls(db: Database): Promise<Set<string>> {
  const rows = await db
    .selectFrom('band_submissions')
    .select('image_url')
    .where('status', 'in', ['unconfirmed', 'pending'])
    .where('image_url', 'is not', null)
    .execute();
  return new Set(rows.flatMap((row) => (row.image_url ? [row.image_url] : [])));
}

/** Pending ones oldest first (the queue); reviewed ones newest first. */
export function listSubmissions(
  db: Database,
  status: string,
  limit: number,
): Promise<SubmissionRow[]> {
  const pending = status === 'pending';
  return db
    .selectFrom('band_submissions')
    .select(SUBMISSION_COLUMNS)
    .where('status', '=', status)
    .orderBy(pending ? 'created_at' : 'reviewed_at', pending ? 'asc' : 'desc')
    .orderBy('id', pending ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

const submissionById = (db: Database, id: number) =>
  db.selectFrom('band_submissions').select(SUBMISSION_COLUMNS).where('id', '=', id);

/** A submission its sender confirmed (any status but 'unconfirmed'). */
export function findConfirmedSubmission(
  db: Database,
  id: number,
): Promise<SubmissionRow | undefined> {
  return submissionById(db, id).where('status', '<>', 'unconfirmed').executeTakeFirst();
}

/** The submission, locked until the transaction ends, so two reviews cannot both act on it. */
export function findSubmissionForUpdate(
  db: Database,
  id: number,
): Promise<SubmissionRow | undefined> {
  return submissionById(db, id).forUpdate().executeTakeFirst();
}

export async function updateSubmissionFields(
  db: Database,
  id: number,
  row: SubmissionFieldsRow & { confirmed_at?: null },
): Promise<void> {
  await db.updateTable('band_submissions').set(row).where('id', '=', id).execute();
}

export async function markReviewed(
  db: Database,
  id: number,
  review: {
    status: 'approved' | 'rejected' | 'spam';
    reason: string | null;
    reviewed_by: string | null;
    concert_id: number | null;
  },
): Promise<void> {
  await db
    .updateTable('band_submissions')
    .set({ ...review, reviewed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export interface VenueNameRow {
  id: number;
  name: string;
  town: string;
}

/** The venues of the public form's list, by name. */
export function listVenueNames(db: Database): Promise<VenueNameRow[]> {
  return db
    .selectFrom('venues')
    .select(['id', 'name', 'town'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function findVenueById(db: Database, id: number): Promise<VenueNameRow | undefined> {
  return db
    .selectFrom('venues')
    .select(['id', 'name', 'town'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The new row's id, or undefined when one of that name (case ignored: the unique index on
 * lower(`nameColumn`)) was added meanwhile.
 */
async function insertUnlessNameTaken<TB extends 'venues' | 'bands'>(
  insert: InsertQueryBuilder<DB, TB, InsertResult>,
  nameColumn: 'name' | 'band_name',
): Promise<number | undefined> {
  const row = await insert
    .onConflict((oc) => oc.expression(sql`lower(${sql.ref(nameColumn)})`).doNothing())
    .returning(sql<number>`id`.as('id'))
    .executeTakeFirst();
  return row?.id;
}

/** Adds the venue; undefined when one of that name (case ignored) was added meanwhile. */
export const insertVenue = (db: Database, venue: { name: string; town: string }) =>
  insertUnlessNameTaken(db.insertInto('venues').values(venue), 'name');

/** A band whose name is this one, case and accents ignored. */
export async function findBandIdByName(db: Database, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('bands')
    .select('id')
    .where(normalised(sql`band_name`), '=', normalised(sql`${name}::text`))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Adds the band; undefined when one of that name (case ignored) was added meanwhile. */
export const insertBandIfNew = (
  db: Database,
  band: { band_name: string; band_spotify_url: string | null; band_genres: string[] },
) => insertUnlessNameTaken(db.insertInto('bands').values(band), 'band_name');
