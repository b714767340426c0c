// Spotify sign-in: the account, then the Spotify profile columns, then a head start on the fan's
// taste from their top artists.
import type { Locale } from '../../../common/i18n/locales.js';
import { MAX_LIKED_GENRES, NAME_MAX } from '../../../common/profile/limits.js';
import type { AuthDeps } from '../../accounts/account-deps.js';
import { updateSpotifyDetails, updateTaste } from './identities.repository.js';
import { signInWithProvider, type OAuthSignIn } from './oauth.service.js';
import { providerName } from './provider-text.js';
import { rankGenres } from './spotify-genres.js';
import { fetchTopArtists, mergeArtists, type SpotifyArtist } from './spotify-top-artists.js';

/** GET /v1/me, reduced to what we keep. */
export interface SpotifyProfile {
  id: string;
  email: string | undefined;
  displayName: string | undefined;
  country: string | undefined;
  followers: number;
  imageUrl: string | undefined;
}

export async function signInWithSpotify(
  deps: AuthDeps,
  input: { profile: SpotifyProfile; accessToken: string; apiUrl: string; locale: Locale },
): Promise<OAuthSignIn> {
  const { profile } = input;
  const result = await signInWithProvider(deps, {
    provider: 'spotify',
    providerUserId: profile.id,
    email: profile.email,
    emailVerified: false,
    name: profile.displayName,
    locale: input.locale,
  });
  if (result.outcome !== 'signed-in') return result;

  const userId = result.user.user_id;
  await updateSpotifyDetails(deps.db, userId, {
    name: providerName(profile.displayName, NAME_MAX),
    country: profile.country ?? null,
    followers: profile.followers,
    profileImage: profile.imageUrl ?? null,
    spotifyId: profile.id,
  });
  await importTopArtists(deps, userId, input.accessToken, input.apiUrl);
  return result;
}

/**
 * Adds the fan's Spotify top artists to theirs and, when they have not chosen genres yet, suggests
 * the genres those artists play. Best effort: Spotify refuses this to apps in development mode
 * for anyone not on their allow list, and a slow API must not block the sign-in.
 */
async function importTopArtists(
  deps: AuthDeps,
  userId: string,
  accessToken: string,
  apiUrl: string,
): Promise<void> {
  let artists: SpotifyArtist[];
  try {
    artists = await fetchTopArtists(apiUrl, accessToken);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn({ userId, reason }, 'No se pudieron importar los artistas favoritos de Spotify');
    return;
  }
  if (artists.length === 0) return;
  const ranked = rankGenres(artists);
  await updateTaste(deps.db, userId, (current) => ({
    topArtists: mergeArtists(
      current.topArtists,
      artists.map((artist) => artist.name),
    ),
    // Liked and disliked genres never overlap, and a choice the fan made is never overridden.
    topGenres:
      current.topGenres.length > 0
        ? current.topGenres
        : ranked
            .filter((genre) => !current.dislikedGenres.includes(genre))
            .slice(0, MAX_LIKED_GENRES),
  }));
}
