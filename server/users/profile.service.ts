import type { ProfileUpdate } from '../../common/schemas.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound } from '../lib/errors.js';
import {
  deleteSessions,
  findPasswordHash,
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
  deps: AuthDeps,
  userId: string,
  currentSid: string,
  change: { currentPassword?: string; newPassword: string },
): Promise<'changed' | 'current_required' | 'current_wrong'> {
  assertPasswordAllowed(change.newPassword);
  const row = await findPasswordHash(deps.db, userId);
  if (row?.password_hash) {
    if (!change.currentPassword) return 'current_required';
    if (!(await verifyPassword(change.currentPassword, row.password_hash))) return 'current_wrong';
  }
  const hash = await hashPassword(change.newPassword, deps.config.bcryptCost);
  await setPasswordHash(deps.db, userId, hash, deps.clock());
  await deleteSessions(deps.db, userId, currentSid);
  return 'changed';
}
