// Rows of data-export.repository.ts → the sections of the file 'Descargar mis datos' gives.
import { concertTitle } from '../../common/concerts/display.js';
import { DEFAULT_LOCALE } from '../../common/i18n/locales.js';
import type { DataExport } from '../../common/profile/types.js';
import type { Json } from '../db/schema.js';
import { textsIn, untitledOfGenre } from '../i18n/intl.js';
import type {
  ExportConcertRow,
  ExportMailRow,
  ExportSubmissionRow,
  ExportUserRow,
  findExportCalendarFeed,
} from './data-export.repository.js';

export const iso = (instant: Date) => instant.toISOString();
export const isoOrNull = (instant: Date | null) => (instant ? instant.toISOString() : null);

export const toExportAccount = (user: ExportUserRow): DataExport['account'] => ({
  userId: user.user_id,
  email: user.email,
  emailVerifiedAt: isoOrNull(user.email_verified_at),
  name: user.name,
  createdAt: iso(user.created_at),
  updatedAt: iso(user.updated_at),
  lastSignInAt: isoOrNull(user.last_login),
  hasPassword: user.has_password,
  passwordChangedAt: isoOrNull(user.password_changed_at),
  isAdmin: user.is_admin,
  onboardingCompleted: user.onboarding_completed,
  recommendationsPending: user.needs_recommendation,
  spotifyProfile: {
    spotifyId: user.spotify_id,
    country: user.country,
    followers: user.followers,
    profileImage: user.profile_image,
  },
});

export const toExportTastes = (user: ExportUserRow): DataExport['tastes'] => ({
  likedGenres: user.top_genres,
  dislikedGenres: user.disliked_genres,
  favouriteArtists: user.top_artists,
});

export const toExportMailPreferences = (user: ExportUserRow): DataExport['mailPreferences'] => ({
  weeklyMail: user.is_subscribed,
  concertChangeNotices: user.change_notices,
  showReminders: user.show_reminders,
});

type ExportConcert = DataExport['concerts'][number];
type Score = NonNullable<ExportConcert['recommendation']>['score'];
type Engine = NonNullable<ExportConcert['recommendation']>['engine'];

const FEEDBACK: Record<number, ExportConcert['feedback']> = { 1: 'thumbsUp', [-1]: 'thumbsDown' };

export const toExportConcert = (row: ExportConcertRow): ExportConcert => ({
  concert: {
    concertId: row.id,
    // In Spanish, like the file's other words.
    title: concertTitle(
      { bands: row.band_names, name: row.bandname },
      { unnamed: () => untitledOfGenre(textsIn(DEFAULT_LOCALE), row.genre) },
    ),
    day: row.day,
    hour: row.hour,
    venue: row.venue,
    genre: row.genre,
    cancelled: row.cancelled,
  },
  liked: row.liked,
  likedAt: row.liked ? isoOrNull(row.liked_at) : null,
  goingSince: isoOrNull(row.going_since),
  feedback: FEEDBACK[row.recommendation_feedback] ?? null,
  feedbackAt: isoOrNull(row.feedback_at),
  // The table's checks keep score and engine to these values.
  recommendation:
    row.score === null
      ? null
      : {
          score: row.score as Score,
          reason: row.reason,
          engine: row.engine as Engine,
          scoredAt: isoOrNull(row.scored_at),
          learned: row.learned as 'up' | 'down' | null,
        },
  updatedAt: iso(row.updated_at),
});

/** A stored payload that is an object (what a notice said), else null. */
const contentOf = (payload: Json | null) =>
  payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload : null;

export const toExportMail = (row: ExportMailRow): DataExport['mails'][number] => ({
  kind: row.kind,
  toEmail: row.to_email,
  status: row.status,
  attempts: row.attempts,
  createdAt: iso(row.created_at),
  sentAt: isoOrNull(row.sent_at),
  weeklyCampaign:
    row.iso_week !== null && row.mode !== null ? { isoWeek: row.iso_week, mode: row.mode } : null,
  content: contentOf(row.payload),
});

export const toExportCalendarFeed = (
  row: Awaited<ReturnType<typeof findExportCalendarFeed>>,
): DataExport['calendarFeed'] =>
  row
    ? {
        privateLinkActive: row.link_active,
        privateLinkCreatedAt: isoOrNull(row.token_created_at),
        includeExtremeMatches: row.include_extreme,
        updatedAt: iso(row.updated_at),
      }
    : null;

/** When a link was asked for, until when it worked and when it was used. */
export const toExportLink = (row: {
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}) => ({
  requestedAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  usedAt: isoOrNull(row.used_at),
});

export const toExportSubmission = (
  row: ExportSubmissionRow,
): DataExport['submissions'][number] => ({
  submissionId: row.id,
  status: row.status,
  bandName: row.band_name,
  contactEmail: row.contact_email,
  spotifyUrl: row.spotify_url,
  genre: row.genre,
  day: row.day,
  hour: row.hour,
  venueName: row.venue_name,
  venueTown: row.venue_town,
  price: row.price,
  description: row.description,
  imageUrl: row.image_url,
  rejectionReason: row.reason,
  createdAt: iso(row.created_at),
  confirmedAt: isoOrNull(row.confirmed_at),
  reviewedAt: isoOrNull(row.reviewed_at),
  concertId: row.concert_id,
});
