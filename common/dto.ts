// Shapes of the JSON the API sends. Client and server both import these.

/** GET /api/concerts/carousel: the landing carousel (up to 20 upcoming concerts). */
export interface CarouselConcertDto {
  id: number;
  /** yyyy-MM-dd, Europe/Madrid */
  day: string;
  /** HH:mm, Europe/Madrid */
  hour: string;
  genre: string;
  venue: string;
  /** Euros with two decimals as a string ("0.00" means free). */
  price: string;
  /** Names of the linked bands, or the concert's free name when it has no band. */
  bands: string[];
}

export interface CarouselResponse {
  concerts: CarouselConcertDto[];
}

/** Runtime settings the server hands to the SPA (injected into index.html, or GET /api/config). */
export interface PublicConfigDto {
  googleEnabled: boolean;
  spotifyEnabled: boolean;
  bandsFormUrl: string | null;
  publicSiteUrl: string | null;
  /** Where this app is reached (PUBLIC_URL): shared links point at its concert pages. */
  publicUrl: string | null;
}

/** Every error response: { error: { code, message } } with a Spanish, user-facing message. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** The signed-in user: GET /api/session answers { user: SessionUserDto | null }. */
export interface SessionUserDto {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  onboardingCompleted: boolean;
  /** False until the link mailed to the address is opened (or Google vouched for it). */
  emailVerified: boolean;
}

export interface SessionResponse {
  user: SessionUserDto | null;
}

/** POST /api/auth/login and /api/auth/register: the user now signed in. */
export interface SignInResponse {
  user: SessionUserDto;
  /** True only for the account just created (register): the app goes on to onboarding. */
  isNewUser: boolean;
}

/** POST /api/auth/reset-password: the user, signed in with the new password. */
export interface ResetPasswordResponse {
  user: SessionUserDto;
}

/** GET/PATCH /api/profile. */
/** One of the signed-in fan's sessions (GET /api/profile/sessions). No session id: `id` is opaque. */
export interface SessionDto {
  id: string;
  /** "Chrome en Windows", from the browser that signed in. */
  device: string;
  /** ISO instant of the sign-in. */
  signedInAt: string;
  /** ISO instant of the last request, to the hour (expiries are written at most hourly). */
  lastActiveAt: string;
  /** The session of the request that asked. */
  current: boolean;
}

export interface SessionsResponse {
  sessions: SessionDto[];
}

export interface ProfileDto {
  name: string | null;
  email: string;
  topArtists: string[];
  topGenres: string[];
  dislikedGenres: string[];
  /** False for accounts created through Google or Spotify until they set one. */
  hasPassword: boolean;
  /** The providers the account signs in with, for re-authentication without a password. */
  signInProviders: Array<'google' | 'spotify'>;
  isSubscribed: boolean;
  /** Mails when a liked concert changes date, time, venue or price, or is cancelled. */
  changeNotices: boolean;
  onboardingCompleted: boolean;
  /** False until the link mailed to the address is opened (or Google vouched for it). */
  emailVerified: boolean;
}

/**
 * A plain Spanish message: POST /api/auth/recover, /api/auth/verify-email,
 * /api/profile/verification-email, /api/unsubscribe and the admin actions.
 */
export interface MessageResponse {
  message: string;
}

export interface ConcertBandDto {
  id: number;
  name: string;
  spotifyUrl: string | null;
  imageUrl: string | null;
}

/** The signed-in fan's row for a concert; score null while it is being worked out. */
export interface RecommendationDto {
  score: 'extreme' | 'high' | 'medium' | 'low' | null;
  reason: string | null;
  liked: boolean;
  feedback: -1 | 0 | 1;
}

/** One upcoming concert of the agenda, as the app shows it (with its like count). */
export interface ConcertDto {
  id: number;
  day: string;
  hour: string;
  venue: string;
  venueId: number;
  genre: string;
  price: string;
  imageUrl: string | null;
  likeCount: number;
  name: string | null;
  description: string | null;
  descriptionShort: string | null;
  descriptionLong: string | null;
  /** Cancelled by an admin: still listed, shown as 'Cancelado', never scored. */
  cancelled: boolean;
  bands: ConcertBandDto[];
  /** Null for visitors, and for a fan with no row yet (not scored, never liked). */
  recommendation: RecommendationDto | null;
}

/**
 * GET /api/concerts: the agenda without like counts, which change with every fan's like and come
 * apart from GET /api/concerts/likes (the app puts them together into ConcertDto).
 */
export type AgendaConcertDto = Omit<ConcertDto, 'likeCount'>;

export interface ConcertListResponse {
  concerts: AgendaConcertDto[];
}

/** GET /api/concerts/likes: concert id → like count, for upcoming concerts with at least one. */
export interface LikeCountsResponse {
  likeCounts: Record<string, number>;
}

export interface LikeResponse {
  liked: boolean;
  likeCount: number;
}

export interface FeedbackResponse {
  feedback: -1 | 0 | 1;
}

/** GET /api/recommendations/progress: how many of the fan's future concerts have a score. */
export interface RecommendationProgressDto {
  total: number;
  scored: number;
  /** True while a generation is running or work remains. */
  running: boolean;
}

export interface BandNameDto {
  id: number;
  name: string;
}

/** GET /api/bands: every band's name, for suggestions. */
export interface BandNamesResponse {
  bands: BandNameDto[];
}

/** Where a concert happens, for its public page. */
export interface ConcertPlaceDto {
  name: string;
  town: string | null;
  address: string | null;
  website: string | null;
  lat: number | null;
  lon: number | null;
  /** OpenStreetMap at the venue's point, or a search for its address. */
  mapUrl: string;
}

/**
 * GET /api/concerts/:id: one concert for its public page (/conciertos/<id>-<slug>); the
 * recommendation is the signed-in fan's, null for visitors. Past concerts answer too: a shared
 * link keeps working; only a removed or unknown concert is a 404.
 */
export interface ConcertPageDto extends ConcertDto {
  /** '/conciertos/<id>-<slug>', the canonical path of the page. */
  path: string;
  place: ConcertPlaceDto;
  /** 'cancelled' once an admin cancels it (it stays on its page); nothing marks 'postponed' yet. */
  status: 'scheduled' | 'cancelled' | 'postponed';
  /** False once it started more than 2 hours ago (like the agenda's cut-off). */
  upcoming: boolean;
}

/** The recommendation engines, as user_concert_recommendations.engine names them. */
export type RecommendationEngineName = 'builtin' | 'openai';

/** How many recommendations of one engine and score level got 👍 and 👎. */
export interface AdminFeedbackCountDto {
  engine: RecommendationEngineName;
  score: 'extreme' | 'high' | 'medium' | 'low';
  thumbsUp: number;
  thumbsDown: number;
}

/** A concert fans gave 👎, with how many did. */
export interface AdminDislikedConcertDto {
  id: number;
  /** As the app shows it: bands joined with ' + ', else its name, else 'Concierto de <genre>'. */
  title: string;
  /** yyyy-MM-dd, Europe/Madrid. */
  day: string;
  venue: string;
  thumbsDown: number;
}

/**
 * GET /api/admin/feedback: the fans' 👍/👎 given over the last `days` days (since `since`).
 * `counts` has every engine × level, zeros included (builtin first, then extreme to low); a
 * recommendation without an engine counts as builtin. `mostDisliked`: at most 10, most 👎 first.
 */
export interface AdminFeedbackResponse {
  days: number;
  /** ISO 8601 instant: the start of the window, by the app's clock. */
  since: string;
  counts: AdminFeedbackCountDto[];
  mostDisliked: AdminDislikedConcertDto[];
}
