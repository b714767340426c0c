import type { AlertFrequency } from '../../common/profile/limits.js';
import type { SessionUserDto } from '../../common/auth/types.js';
import type { ProfileDto } from '../../common/profile/types.js';
import type { ProfileRow, SessionUserRow } from './users.repository.js';

export function toSessionUserDto(row: SessionUserRow): SessionUserDto {
  return {
    id: row.user_id,
    email: row.email,
    name: row.name,
    isAdmin: row.is_admin,
    onboardingCompleted: row.onboarding_completed,
    emailVerified: row.email_verified,
  };
}

export function toProfileDto(row: ProfileRow): ProfileDto {
  return {
    name: row.name,
    email: row.email,
    topArtists: row.top_artists,
    topGenres: row.top_genres,
    dislikedGenres: row.disliked_genres,
    hasPassword: row.has_password,
    signInProviders: row.sign_in_providers,
    isSubscribed: row.is_subscribed,
    changeNotices: row.change_notices,
    showReminders: row.show_reminders,
    alertFrequency: row.alert_frequency as AlertFrequency,
    onboardingCompleted: row.onboarding_completed,
    emailVerified: row.email_verified,
  };
}
