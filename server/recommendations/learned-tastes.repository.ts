// All SQL of what fans teach us: their dated signals (👍/👎, likes, 'Voy'), what they asked us to
// forget, and the lessons the scoring passes read (learned_tastes, written by the learning job).
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** One concert the fan reacted to, with every signal they gave it (null: not given). */
export interface SignalRow {
  concert_id: number;
  day: string;
  genre: string;
  /** Its bands' names, or its free name when no band is linked. */
  artists: string[];
  /** 1 (👍) or -1 (👎). */
  feedback: number | null;
  feedback_at: Date | null;
  liked_at: Date | null;
  going_at: Date | null;
  /** Its title as the profile shows it (bands, name or genre). */
  band_names: string[];
  bandname: string | null;
}

/** At most this many concerts, the latest first: a fan's signals are read in bounded time. */
const MAX_SIGNAL_CONCERTS = 1000;

/**
 * The concerts the fan reacted to since `since`, each with its 👍/👎, like and 'Voy' and their
 * dates. The signals index (migration 0170) and the attendance key keep it to the fan's own rows.
 */
export async function findSignalRows(
  db: Database,
  userId: string,
  since: Date,
): Promise<SignalRow[]> {
  const { rows } = await sql<SignalRow>`
    WITH reacted AS (
      SELECT r.concert_id,
        CASE WHEN r.recommendation_feedback <> 0 THEN r.recommendation_feedback END AS feedback,
        CASE WHEN r.recommendation_feedback <> 0 THEN coalesce(r.feedback_at, r.updated_at) END
          AS feedback_at,
        CASE WHEN r.liked THEN coalesce(r.liked_at, r.updated_at) END AS liked_at,
        NULL::timestamptz AS going_at
      FROM user_concert_recommendations r
      WHERE r.user_id = ${userId}::uuid AND (r.liked OR r.recommendation_feedback <> 0)
      UNION ALL
      SELECT a.concert_id, NULL, NULL, NULL, a.created_at
      FROM concert_attendance a WHERE a.user_id = ${userId}::uuid
    ), merged AS (
      SELECT concert_id, max(feedback) AS feedback, max(feedback_at) AS feedback_at,
        max(liked_at) AS liked_at, max(going_at) AS going_at
      FROM reacted GROUP BY concert_id
    )
    SELECT m.concert_id, c.day, c.genre, m.feedback::int AS feedback, m.feedback_at, m.liked_at,
      m.going_at, c.bandname,
      coalesce(b.names, '{}') AS band_names,
      coalesce(b.names, CASE WHEN c.bandname IS NULL THEN '{}'::text[] ELSE ARRAY[c.bandname] END)
        AS artists
    FROM merged m
    JOIN concerts c ON c.id = m.concert_id
    LEFT JOIN LATERAL (
      SELECT array_agg(b.band_name ORDER BY b.band_name) AS names
      FROM concert_band cb JOIN bands b ON b.id = cb.band_id WHERE cb.concert_id = c.id
    ) b ON true
    WHERE greatest(m.feedback_at, m.liked_at, m.going_at) >= ${since}
    ORDER BY greatest(m.feedback_at, m.liked_at, m.going_at) DESC, m.concert_id
    LIMIT ${MAX_SIGNAL_CONCERTS}`.execute(db);
  return rows;
}

export interface ForgetRow {
  kind: 'genre' | 'band' | 'all';
  key: string;
  forgotten_at: Date;
}

export async function findForgets(db: Database, userId: string): Promise<ForgetRow[]> {
  const rows = await db
    .selectFrom('learned_forgets')
    .select(['kind', 'key', 'forgotten_at'])
    .where('user_id', '=', userId)
    .orderBy('forgotten_at')
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind as ForgetRow['kind'] }));
}

/**
 * From now on, the signals of this taste ('all', key '': every taste) count again. The database's
 * clock, as the signals' own dates are.
 */
export async function addForget(
  db: Database,
  userId: string,
  forget: { kind: 'genre' | 'band' | 'all'; key: string },
): Promise<void> {
  await db
    .insertInto('learned_forgets')
    .values({ user_id: userId, kind: forget.kind, key: forget.key, forgotten_at: sql`now()` })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'key']).doUpdateSet({
        forgotten_at: sql`greatest(learned_forgets.forgotten_at, excluded.forgotten_at)`,
      }),
    )
    .execute();
}

export interface StoredLessonRow {
  user_id: string;
  kind: 'genre' | 'band';
  key: string;
  label: string;
  signals: number;
  fades_at: Date;
}

/** The lessons of these fans that still hold at `now` (the scoring passes read these). */
export async function findStoredLessons(
  db: Database,
  userIds: string[],
  now: Date,
): Promise<StoredLessonRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('learned_tastes')
    .select(['user_id', 'kind', 'key', 'label', 'signals', 'fades_at'])
    .where('user_id', '=', sql<string>`ANY(${userIds}::uuid[])`)
    .where('fades_at', '>', now)
    .orderBy('user_id')
    .orderBy('kind')
    .orderBy('weight', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind as StoredLessonRow['kind'] }));
}

export interface LessonToStore {
  kind: 'genre' | 'band';
  key: string;
  label: string;
  direction: 'up' | 'down';
  signals: number;
  weight: number;
  fadesAt: Date;
}

/** The fan's lessons become these (in the caller's transaction). */
export async function replaceLessons(
  db: Database,
  userId: string,
  lessons: LessonToStore[],
): Promise<void> {
  await db.deleteFrom('learned_tastes').where('user_id', '=', userId).execute();
  if (lessons.length === 0) return;
  await db
    .insertInto('learned_tastes')
    .values(
      lessons.map((lesson) => ({
        user_id: userId,
        kind: lesson.kind,
        key: lesson.key,
        label: lesson.label,
        direction: lesson.direction,
        signals: lesson.signals,
        weight: lesson.weight,
        fades_at: lesson.fadesAt,
      })),
    )
    .execute();
}

/**
 * What the fan taught us is part of their taste: its version (users.updated_at) moves, so a
 * scoring pass in flight with the old lessons stores nothing (as after a profile change).
 */
export async function touchTasteVersion(db: Database, userId: string): Promise<string | undefined> {
  const row = await db
    .updateTable('users')
    .set({ updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .returning(sql<string>`updated_at::text`.as('version'))
    .executeTakeFirst();
  return row?.version;
}

/** Every concert a fan is scored for: from `today` on and not cancelled. */
export async function findUpcomingConcertIds(db: Database, today: string): Promise<number[]> {
  const rows = await db
    .selectFrom('concerts')
    .select('id')
    .where('day', '>=', today)
    .where('cancelled_at', 'is', null)
    .orderBy('day')
    .orderBy('hour')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Fans with a lesson that faded by `now`: their stored scores still count it. */
export async function findFansWithFadedLessons(
  db: Database,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('learned_tastes')
    .select('user_id')
    .distinct()
    .where('fades_at', '<=', now)
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}
