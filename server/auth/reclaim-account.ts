// The mailbox owner takes over an account whose address was never verified (someone may have
// registered it without the mailbox): every way in that did not prove the address goes (the
// password, every session, every Google or Spotify identity, the private calendar link) and the
// address becomes verified. The fan's taste, likes and settings stay, as with Supabase Auth.
import { clearUnprovenAccess } from '../accounts/users.repository.js';
import { clearFeedToken } from '../calendar/calendar.repository.js';
import type { Database } from '../db/database.js';

export async function reclaimUnverifiedAccount(db: Database, userId: string, at: Date) {
  await clearUnprovenAccess(db, userId, at);
  await clearFeedToken(db, userId, at);
}
