import type { ProfileUpdate } from '../../common/schemas.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { hashPassword } from '../auth/password.js';
import { forgetSessions, type SessionCaches } from '../auth/session.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound } from '../lib/errors.js';
import { confirmIdentity, type ReauthOutcome, type ReauthProof } from './reauth.js';
import {
  deleteSessions,
  deleteUser,
  findProfile,
  setPasswordHash,
  updateProfile,
} from './users.repository.js';

/** Applies a partial profile update; liked and disliked genres never overlap after it. */
export async function updateOwnProfile(db: Database, userId: string, update: ProfileUpdate) {
  const current = await findProfile(db, userId);
  if (!current) throw notFound('No encontramos tu cuenta.');
  const liked = update.topGenres ?? current.top_genres;
  const disliked = update.dislikedGenres ?? current.disliked_genres;
  if (disliked.some((genre) => liked.includes(genre))) {
    throw badRequest('Un género no puede gustarte y no gustarte a la vez.');
  }
  const profile = await updateProfile(db, userId, {
    ...(update.name !== undefined ? { name: update.name || null } : {}),
    ...(update.topArtists ? { top_artists: [...new Set(update.topArtists)] } : {}),
    ...(update.topGenres ? { top_genres: update.topGenres } : {}),
    ...(update.dislikedGenres ? { disliked_genres: update.dislikedGenres } : {}),
  });
  if (!profile) throw notFound('No encontramos tu cuenta.');
  return profile;
}

/** Changes the password and ends the user's other sessions (this one stays signed in). */
export async function changePassword(
  deps: AuthDeps & { sessions: SessionCaches },
  userId: string,
  currentSid: string,
  change: { newPassword: string } & ReauthProof,
): Promise<ReauthOutcome> {
  const confirmed = await confirmIdentity(deps, userId, change);
  if (confirmed.outcome !== 'confirmed') return confirmed;
  const hash = await hashPassword(change.newPassword, deps.config.bcryptCost);
  await setPasswordHash(deps.db, userId, hash, deps.clock());
  forgetSessions(deps.sessions, await deleteSessions(deps.db, userId, currentSid));
  return confirmed;
}

/** Deletes the account once the person proved it is theirs (the caller ends the session). */
export async function deleteAccount(
  deps: AuthDeps,
  userId: string,
  proof: ReauthProof,
): Promise<ReauthOutcome> {
  const confirmed = await confirmIdentity(deps, userId, proof);
  if (confirmed.outcome !== 'confirmed') return confirmed;
  // Sessions go with the row (cascade); the trigger tells every instance to forget them.
  await deleteUser(deps.db, userId);
  return confirmed;
}
