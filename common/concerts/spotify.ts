// A band's Spotify artist, read from its stored address: the cards and the concert page embed its
// player when asked, and the CSP lets pages frame that one origin.

/** The one origin a page may frame (the CSP's frame-src): Spotify's embedded player. */
export const SPOTIFY_EMBED_ORIGIN = 'https://open.spotify.com';

// '/artist/<id>', also with the locale Spotify's share links put first ('/intl-es/artist/<id>').
// An artist id is 22 base-62 characters.
const ARTIST_PATH = /^\/(?:intl-[a-z]{2}(?:-[a-z]+)?\/)?artist\/([0-9A-Za-z]{22})\/?$/;

/** The artist id of an https://open.spotify.com/artist/<id> address; null for anything else. */
export function spotifyArtistId(address: string | null | undefined): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.origin !== SPOTIFY_EMBED_ORIGIN || url.username || url.password) return null;
  return ARTIST_PATH.exec(url.pathname)?.[1] ?? null;
}

/** The address of an artist's embedded player. */
export function spotifyEmbedUrl(artistId: string): string {
  return `${SPOTIFY_EMBED_ORIGIN}/embed/artist/${artistId}?utm_source=generator`;
}
