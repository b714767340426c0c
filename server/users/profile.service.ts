import type { OnboardingInput, ProfileUpdate } from '../../common/schemas.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound } from '../lib/errors.js';
import {
  deleteSessions,
  findPasswordHash,
  findProfile,
  setPasswordHash,
  updateProfile,
} from './users.repository.js';
import { countTasteChange, sameTaste } from './taste-limits.js';

/**
 * Applies a partial profile update; liked and disliked genres never overlap after it. A real change
 * of taste (not the same lists sent again with a new name, as the profile form does) is counted
 * against the fan's limits first: over them, nothing is saved.
 */
export async function updateOwnProfile(db: Database, userId: string, update: ProfileUpdate) {
  const current = await findProfile(db, userId);
  if (!current) throw notFound('No encontramos tu cuenta.');
  const taste = {
    top_genres: update.topGenres ?? current.top_genres,
    disliked_genres: update.dislikedGenres ?? current.disliked_genres,
    top_artists: update.topArtists ? [...new Set(update.topArtists)] : current.top_artists,
  };
  if (taste.disliked_genres.some((genre) => taste.top_genres.includes(genre))) {
    throw badRequest('Un género no puede gustarte y no gustarte a la vez.');
  }
  const tasteChanged = !sameTaste(taste, current);
  if (tasteChanged) await countTasteChange(db, userId);
  const profile = await updateProfile(db, userId, {
    ...(update.name !== undefined ? { name: update.name || null } : {}),
    ...(update.topArtists ? { top_artists: taste.top_artists } : {}),
    ...(update.topGenres ? { top_genres: update.topGenres } : {}),
    ...(update.dislikedGenres ? { disliked_genres: update.dislikedGenres } : {}),
  });
  if (!profile) throw notFound('No encontramos tu cuenta.');
  return { profile, tasteChanged };
}

/** The end of onboarding: genres (and optionally artists) saved, onboarding completed. */
export async function completeOnboarding(db: Database, userId: string, input: OnboardingInput) {
  const current = await findProfile(db, userId);
  if (!current) throw notFound('No encontramos tu cuenta.');
  const taste = {
    top_genres: input.topGenres,
    disliked_genres: input.dislikedGenres,
    top_artists: input.topArtists ?? current.top_artists,
  };
  const tasteChanged = !sameTaste(taste, current);
  if (tasteChanged) await countTasteChange(db, userId);
  const profile = await updateProfile(db, userId, {
    top_genres: input.topGenres,
    disliked_genres: input.dislikedGenres,
    ...(input.topArtists ? { top_artists: input.topArtists } : {}),
    onboarding_completed: true,
  });
  if (!profile) throw notFound('No encontramos tu cuenta.');
  return { profile, tasteChanged };
}

/** Changes the password and ends the user's other sessions (this one stays signed in). */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  currentSid: string,
  change: { currentPassword?: string; newPassword: string },
): Promise<'changed' | 'current_required' | 'current_wrong'> {
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
