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
}

export interface SessionResponse {
  user: SessionUserDto | null;
}

/** GET/PATCH /api/profile. */
export interface ProfileDto {
  name: string | null;
  email: string;
  topArtists: string[];
  topGenres: string[];
  dislikedGenres: string[];
  /** False for accounts created through Google or Spotify until they set one. */
  hasPassword: boolean;
  isSubscribed: boolean;
  onboardingCompleted: boolean;
}
