// All SQL of the band submissions: the queue itself, and finding or adding the band and the venue
// an approval needs.
import { sql } from 'kysely';
import { normalised } from '../admin/admin.repository.js';
import type { Database } from '../db/database.js';

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
  description: string | null;
  image_url: string | null;
}

export interface SubmissionRow extends SubmissionFieldsRow {
  id: number;
  status: string;
  reason: string | null;
  concert_id: number | null;
  created_at: Date;
  reviewed_at: Date | null;
}

const COLUMNS = [
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
  'description',
  'image_url',
  'reason',
  'concert_id',
  'created_at',
  'reviewed_at',
] as const;

export async function insertSubmission(db: Database, row: SubmissionFieldsRow): Promise<number> {
  const { id } = await db
    .insertInto('band_submissions')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
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
    .select(COLUMNS)
    .where('status', '=', status)
    .orderBy(pending ? 'created_at' : 'reviewed_at', pending ? 'asc' : 'desc')
    .orderBy('id', pending ? 'asc' : 'desc')
    .limit(limit)
    .execute();
}

/** The submission, locked until the transaction ends, so two reviews cannot both act on it. */
export function findSubmissionForUpdate(
  db: Database,
  id: number,
): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('band_submissions')
    .select(COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateSubmissionFields(
  db: Database,
  id: number,
  row: SubmissionFieldsRow,
): Promise<void> {
  await db.updateTable('band_submissions').set(row).where('id', '=', id).execute();
}

export async function markReviewed(
  db: Database,
  id: number,
  review: {
    status: 'approved' | 'rejected';
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

/** Adds the venue; undefined when one of that name (case ignored) was added meanwhile. */
export async function insertVenue(
  db: Database,
  venue: { name: string; town: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('venues')
    .values(venue)
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

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
export async function insertBandIfNew(
  db: Database,
  band: { band_name: string; band_spotify_url: string | null; band_genres: string[] },
): Promise<number | undefined> {
  const row = await db
    .insertInto('bands')
    .values(band)
    .onConflict((oc) => oc.expression(sql`lower(band_name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
