import type { OnboardingInput, ProfileUpdate } from '../../common/schemas.js';
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
