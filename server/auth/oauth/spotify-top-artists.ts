// The fan's most listened artists, read once at sign-in to pre-fill their taste.
import { z } from 'zod';
import { MAX_ARTIST_LENGTH, MAX_ARTISTS } from '../../../common/profile/limits.js';
import { withoutControlCharacters } from './provider-text.js';

export const SPOTIFY_API_URL = 'https://api.spotify.com';
const TIMEOUT_MS = 5000;

// Spotify has been removing fields from artists for apps in development mode: accept what is left.
const topArtistsSchema = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      genres: z.array(z.string()).catch([]),
    }),
  ),
});

export type SpotifyArtist = z.infer<typeof topArtistsSchema>['items'][number];

/**
 * GET /v1/me/top/artists. Throws on any refusal (403 for apps in development mode whose user is not
 * on the allow list, 401, 429...), a malformed answer or the timeout: the caller decides.
 */
export async function fetchTopArtists(
  apiUrl: string,
  accessToken: string,
  timeoutMs = TIMEOUT_MS,
): Promise<SpotifyArtist[]> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/v1/me/top/artists?limit=20`, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    // Drain the body so the connection is released.
    await response.body?.cancel();
    throw new Error(`Spotify respondió ${response.status} a /v1/me/top/artists`);
  }
  return topArtistsSchema.parse(await response.json()).items;
}

/**
 * The fan's artists followed by the new ones, without repeats (case-insensitive, the first
 * spelling wins), within the profile form's limits: what they typed themselves is kept first.
 */
export function mergeArtists(existing: readonly string[], incoming: readonly string[]): string[] {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const raw of [...existing, ...incoming]) {
    const name = withoutControlCharacters(raw);
    const key = name.toLocaleLowerCase('es');
    if (name === '' || name.length > MAX_ARTIST_LENGTH || seen.has(key)) continue;
    seen.add(key);
    merged.push(name);
    if (merged.length === MAX_ARTISTS) break;
  }
  return merged;
}
