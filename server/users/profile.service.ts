import type { ProfileDto } from '../../common/dto.js';
import type { OnboardingInput, ProfileUpdate } from '../../common/schemas.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { hashPassword } from '../auth/password.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { forgetSessions, type SessionCaches } from '../auth/session.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import { forgetFutureScores } from '../recommendations/generator.js';
import type { RecommendationRunner } from '../recommendations/runner.js';
import { confirmIdentity, type ReauthOutcome, type ReauthProof } from './reauth.js';
import {
  deleteSessions,
  deleteUser,
  findProfile,
  setPasswordHash,
  setSubscribed,
  updateProfile,
} from './users.repository.js';
import { countTasteChange, sameTaste } from './taste-limits.js';
import { toProfileDto } from './users.dto.js';

const ACCOUNT_NOT_FOUND = 'No encontramos tu cuenta.';

/** What a change of taste needs: the fan's scores are recomputed by the runner. */
export interface TasteDeps {
  db: Database;
  clock: Clock;
  runner: RecommendationRunner;
}

/** Taste changed: future scores are recomputed in the background; likes and feedback stay. */
async function recompute(deps: TasteDeps, userId: string): Promise<void> {
  await forgetFutureScores(deps, userId);
  void deps.runner.kick(userId);
}

export async function ownProfile(db: Database, userId: string): Promise<ProfileDto> {
  const profile = await findProfile(db, userId);
  if (!profile) throw notFound(ACCOUNT_NOT_FOUND);
  return toProfileDto(profile);
}

/**
 * Applies a partial profile update; liked and disliked genres never overlap after it. A real change
 * of taste (not the same lists sent again with a new name, as the profile form does) is counted
 * against the fan's limits first: over them, nothing is saved. Only a real change recomputes.
 */
export async function updateOwnProfile(
  deps: TasteDeps,
  userId: string,
  update: ProfileUpdate,
): Promise<ProfileDto> {
  const { db } = deps;
  const current = await findProfile(db, userId);
  if (!current) throw notFound(ACCOUNT_NOT_FOUND);
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
  if (!profile) throw notFound(ACCOUNT_NOT_FOUND);
  if (tasteChanged) await recompute(deps, userId);
  return toProfileDto(profile);
}

/**
 * The end of onboarding: genres (and optionally artists) saved, onboarding completed, and scoring
 * started: from scratch for a new taste; for the same taste again the scores stand and only
 * concerts still missing one get scored.
 */
export async function completeOnboarding(
  deps: TasteDeps,
  userId: string,
  input: OnboardingInput,
): Promise<ProfileDto> {
  const { db } = deps;
  const current = await findProfile(db, userId);
  if (!current) throw notFound(ACCOUNT_NOT_FOUND);
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
  if (!profile) throw notFound(ACCOUNT_NOT_FOUND);
  if (tasteChanged) await recompute(deps, userId);
  else void deps.runner.kick(userId);
  return toProfileDto(profile);
}

/** Changes the password and ends the user's other sessions (this one stays signed in). */
export async function changePassword(
  deps: AuthDeps & { sessions: SessionCaches },
  userId: string,
  currentSid: string,
  change: { newPassword: string } & ReauthProof,
): Promise<ReauthOutcome> {
  assertPasswordAllowed(change.newPassword);
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

/** The weekly mail's unsubscribe link: no more weekly mails. */
export async function unsubscribeFromWeeklyMail(db: Database, userId: string): Promise<void> {
  await setSubscribed(db, userId, false);
}
