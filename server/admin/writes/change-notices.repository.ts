// The concert row a change is read from (before and after an edit), and who hears about it.
import type { Database } from '../../db/database.js';

/** A concert as the admin edits it: the facts a change notice compares. */
export interface AdminConcertRow {
  id: number;
  day: string;
  hour: string;
  venue_id: number;
  venue: string;
  genre: string;
  /** Null when unknown. */
  price: string | null;
  bandname: string | null;
  concert_description: string | null;
  image_url: string | null;
  ticket_url: string | null;
  source_url: string | null;
  like_count: number;
  cancelled_at: Date | null;
  bands: { id: number; name: string }[];
}

/** The fans to tell about a change: they liked it, keep the notices on, and proved the address. */
export function findLikersToNotify(db: Database, concertId: number) {
  return db
    .selectFrom('user_concert_recommendations as r')
    .innerJoin('users as u', 'u.user_id', 'r.user_id')
    .select(['u.user_id', 'u.email', 'u.name', 'u.locale'])
    .where('r.concert_id', '=', concertId)
    .where('r.liked', '=', true)
    .where('u.change_notices', '=', true)
    .where('u.email_verified_at', 'is not', null)
    .orderBy('u.user_id')
    .execute();
}
