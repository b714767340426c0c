// A fan's lessons read from the database: worked out from their signals for the learning job and
// the profile (learned-tastes.ts), or read as stored for the scoring passes (one query per group
// or page of fans, by key).
import type { Database } from '../db/database.js';
import {
  learnedTastesOf,
  learnFrom,
  SIGNAL_WINDOW_DAYS,
  type Forget,
  type Lesson,
  type Signal,
} from './learned-tastes.js';
import {
  findForgets,
  findSignalRows,
  findStoredLessons,
  type SignalRow,
} from './learned-tastes.repository.js';
import type { LearnedTastes } from './learned-types.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every dated signal of the rows: a concert may carry a 👍/👎, a like and a 'Voy'. */
export function signalsOf(rows: readonly SignalRow[]): Signal[] {
  return rows.flatMap((row) => {
    const concert = {
      id: row.concert_id,
      day: row.day,
      genre: row.genre,
      artists: row.artists,
      bandNames: row.band_names,
      name: row.bandname,
    };
    const signals: Signal[] = [];
    if (row.feedback && row.feedback_at) {
      const kind = row.feedback > 0 ? 'thumbsUp' : 'thumbsDown';
      signals.push({ kind, at: new Date(row.feedback_at), concert });
    }
    if (row.liked_at) signals.push({ kind: 'liked', at: new Date(row.liked_at), concert });
    if (row.going_at) signals.push({ kind: 'going', at: new Date(row.going_at), concert });
    return signals;
  });
}

/** What the fan taught us at `now`, and what they asked us to forget (the profile, the export). */
export async function learnedOfFan(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ lessons: Lesson[]; forgets: Forget[] }> {
  const since = new Date(now.getTime() - SIGNAL_WINDOW_DAYS * DAY_MS);
  const rows = await findSignalRows(db, userId, since);
  const forgets: Forget[] = (await findForgets(db, userId)).map((row) => ({
    kind: row.kind,
    key: row.key,
    at: new Date(row.forgotten_at),
  }));
  return { lessons: learnFrom(signalsOf(rows), forgets, now), forgets };
}

/** What the fan taught us at `now`, from their own signals (what they forgot left out). */
export const lessonsOfFan = async (db: Database, userId: string, now: Date): Promise<Lesson[]> =>
  (await learnedOfFan(db, userId, now)).lessons;

/** The stored lessons of these fans that hold at `now`, as the verdict reads them. */
export async function learnedTastesFor(
  db: Database,
  userIds: string[],
  now: Date,
): Promise<Map<string, LearnedTastes>> {
  const byFan = new Map<string, Parameters<typeof learnedTastesOf>[0][number][]>();
  for (const row of await findStoredLessons(db, userIds, now)) {
    let lessons = byFan.get(row.user_id);
    if (!lessons) byFan.set(row.user_id, (lessons = []));
    lessons.push(row);
  }
  const tastes = new Map<string, LearnedTastes>();
  for (const [userId, lessons] of byFan) tastes.set(userId, learnedTastesOf(lessons)!);
  return tastes;
}
