import type { OnboardingInput, ProfileDto, ProfileUpdate } from '../../common/profile/types.js';
import { dropUnwantedAlerts } from '../alerts/alerts.repository.js';
import type { AuthDeps } from '../accounts/account-deps.js';
import { hashPassword } from '../accounts/password.js';
import { assertPasswordAllowed } from '../lib/password-policy.js';
import { forgetSessions, type SessionCaches } from '../accounts/session.js';
import { clearFeedToken } from '../calendar/calendar.repository.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound } from '../lib/errors.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import { forgetFutureScores } from '../recommendations/generator.js';
import { forgetLearned } from '../recommendations/learned-forget.js';
import type { Learner } from '../recommendations/learned-learner.js';
import type { RecommendationRunner } from '../recommendations/runner.js';
import { confirmIdentity, type ReauthOutcome, type ReauthProof } from './reauth.js';
import {
  type ProfileRow,
  deleteSessions,
  deleteUser,
  findProfile,
  setAlertFrequency,
  setPasswordHash,
  setSubscribed,
  setUserColumns,
  updateProfile,
} from '../accounts/users.repository.js';
import { countTasteChange, mayRescoreForLanguage, sameTaste } from './taste-limits.js';
import { toProfileDto } from '../accounts/users.dto.js';

export const ACCOUNT_NOT_FOUND = 'error.account.notFound';

/** What a change of taste needs: the fan's scores are recomputed by the runner. */
export interface TasteDeps {
  db: Database;
  clock: Clock;
  runner: RecommendationRunner;
  /** Told when the fan forgets what was learned (redoing the onboarding). */
  learner?: Pick<Learner, 'signalled'>;
}

/** The fan chose 'never': what waits for an alert mail is dropped, never mailed later. */
async function dropWaitingAlerts(deps: { db: Database; clock: Clock }, userId: string) {
  const now = deps.clock();
  await dropUnwantedAlerts(deps.db, now, madridDateTime(now).day, userId);
}

/** Taste changed: future scores are recomputed in the background; likes and feedback stay. */
async function recompute(deps: TasteDeps, userId: string): Promise<void> {
  await forgetFutureScores(deps, userId);
  void deps.runner.kick(userId);
}

async function currentProfile(db: Database, userId: string): Promise<ProfileRow> {
  const profile = await findProfile(db, userId);
  if (!profile) throw notFound(ACCOUNT_NOT_FOUND);
  return profile;
}

export async function ownProfile(db: Database, userId: string): Promise<ProfileDto> {
  return toProfileDto(await currentProfile(db, userId));
}

type Taste = Pick<ProfileRow, 'top_genres' | 'disliked_genres' | 'top_artists'>;

/**
 * Saves the profile with its new `taste`. A real change of taste (not the same lists sent again
 * with a new name, as the profile form does) is counted against the fan's limits first (over them,
 * nothing is saved), and then recomputed.
 */
async function saveWithTaste(
  deps: TasteDeps,
  current: ProfileRow,
  taste: Taste,
  values: Parameters<typeof updateProfile>[2],
): Promise<{ profile: ProfileDto; tasteChanged: boolean }> {
  const userId = current.user_id;
  const tasteChanged = !sameTaste(taste, current);
  if (tasteChanged) await countTasteChange(deps.db, userId);
  const saved = await updateProfile(deps.db, userId, values);
  if (!saved) throw notFound(ACCOUNT_NOT_FOUND);
  if (tasteChanged) await recompute(deps, userId);
  return { profile: toProfileDto(saved), tasteChanged };
}

/** Applies a partial profile update; liked and disliked genres never overlap after it. */
export async function updateOwnProfile(deps: TasteDeps, userId: string, update: ProfileUpdate) {
  const current = await currentProfile(deps.db, userId);
  const taste = {
    top_genres: update.topGenres ?? current.top_genres,
    disliked_genres: update.dislikedGenres ?? current.disliked_genres,
    top_artists: update.topArtists ? [...new Set(update.topArtists)] : current.top_artists,
  };
  if (taste.disliked_genres.some((genre) => taste.top_genres.includes(genre))) {
    throw badRequest('error.profile.genreOverlap');
  }
  const saved = await saveWithTaste(deps, current, taste, {
    ...(update.name !== undefined ? { name: update.name || null } : {}),
    ...(update.topArtists ? { top_artists: taste.top_artists } : {}),
    ...(update.topGenres ? { top_genres: update.topGenres } : {}),
    ...(update.dislikedGenres ? { disliked_genres: update.dislikedGenres } : {}),
    ...(update.changeNotices !== undefined ? { change_notices: update.changeNotices } : {}),
    ...(update.showReminders !== undefined ? { show_reminders: update.showReminders } : {}),
    ...(update.alertFrequency !== undefined ? { alert_frequency: update.alertFrequency } : {}),
    ...(update.locale !== undefined ? { locale: update.locale } : {}),
  });
  if (update.alertFrequency === 'never') await dropWaitingAlerts(deps, userId);
  const newLanguage = update.locale !== undefined && update.locale !== current.locale;
  if (newLanguage && !saved.tasteChanged && (await mayRescoreForLanguage(deps.db, userId)))
    await recompute(deps, userId);
  return saved.profile;
}

/** The end of onboarding: genres (and optionally artists) saved, onboarding completed. */
export async function completeOnboarding(deps: TasteDeps, userId: string, input: OnboardingInput) {
  const current = await currentProfile(deps.db, userId);
  const { topGenres, dislikedGenres, topArtists, learned } = input;
  // Chosen by the fan: everything learned so far stops counting (their signals stay).
  if (learned === 'forget' && deps.learner) {
    await forgetLearned({ db: deps.db, signal: deps.learner.signalled }, userId, 'all');
  }
  const taste = {
    top_genres: topGenres,
    disliked_genres: dislikedGenres,
    top_artists: topArtists ?? current.top_artists,
  };
  const { profile, tasteChanged } = await saveWithTaste(deps, current, taste, {
    top_genres: topGenres,
    disliked_genres: dislikedGenres,
    ...(topArtists ? { top_artists: topArtists } : {}),
    onboarding_completed: true,
  });
  // The same taste again: the scores stand; only concerts still missing one get scored.
  if (!tasteChanged) void deps.runner.kick(userId);
  return profile;
}

/**
 * Changes the password, ends the user's other sessions (this one stays signed in) and revokes the
 * private calendar link, which someone else may hold as well.
 */
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
  const now = deps.clock();
  const ended = await deps.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, hash, now);
    await clearFeedToken(trx, userId, now);
    return deleteSessions(trx, userId, currentSid);
  });
  forgetSessions(deps.sessions, ended);
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

/** The change notices' unsubscribe link: no more mails about a liked concert that changed. */
export async function unsubscribeFromChangeNotices(db: Database, userId: string): Promise<void> {
  await setUserColumns(db, userId, { change_notices: false });
}

/** The pre-show reminders' unsubscribe link: no more reminders the day before. */
export async function unsubscribeFromShowReminders(db: Database, userId: string): Promise<void> {
  await setUserColumns(db, userId, { show_reminders: false });
}

/** The artist alerts' unsubscribe link: alerts set to 'never'; the weekly mail stays as it is. */
export async function unsubscribeFromArtistAlerts(
  deps: { db: Database; clock: Clock },
  userId: string,
): Promise<void> {
  await setAlertFrequency(deps.db, userId, 'never');
  await dropWaitingAlerts(deps, userId);
}
