// Spotify describes artists with thousands of free-form micro-genres ('spanish indie pop',
// 'techno melódico', 'urbano latino'...). These rules fold them onto our 18 genres.
import type { Genre } from '../../../common/genres/genres.js';

/**
 * One rule per genre of ours, matched anywhere in the lower-cased Spotify genre. A Spotify genre may
 * match several rules ('indie rock' is Indie and Rock, 'electro house' is House and Música
 * Electrónica), which is what a fan of it would tick.
 */
const RULES: ReadonlyArray<readonly [RegExp, Genre]> = [
  [/techno/, 'Techno'],
  [/house/, 'House'],
  [/\bedm\b|electro|electrónic/, 'Música Electrónica'],
  [/indie/, 'Indie'],
  [/rock/, 'Rock'],
  [/metal/, 'Metal'],
  [/punk/, 'Punk'],
  // 'trap' contains 'rap'.
  [/hip hop|hip-hop|rap/, 'Hip-Hop'],
  [/r&b|rhythm and blues|soul/, 'R&B'],
  [/reggaet[oó]n|urbano latino|dembow/, 'Reggaetón'],
  [/flamenco/, 'Flamenco'],
  [/jazz/, 'Jazz'],
  // 'rhythm and blues' is R&B, not Blues.
  [/(?<!rhythm and )blues/, 'Blues'],
  [/funk/, 'Funk'],
  [/salsa/, 'Salsa'],
  // Not the 'reggae' inside 'reggaeton'.
  [/reggae(?!t)/, 'Reggae'],
  [/folk|cantautor/, 'Folk'],
  [/pop/, 'Pop'],
];

/** Our genres for one Spotify genre; empty when none fits (e.g. 'ambient', 'classical'). */
export function mapSpotifyGenre(spotifyGenre: string): Genre[] {
  const text = spotifyGenre.toLowerCase();
  return RULES.filter(([pattern]) => pattern.test(text)).map(([, genre]) => genre);
}

/**
 * Our genres for a list of artists (each with its Spotify genres), most frequent first. Each artist
 * counts once per genre of ours, so one artist tagged with five kinds of rock does not outweigh
 * five different artists; ties keep the order of first appearance (Spotify lists top artists
 * first).
 */
export function rankGenres(artists: ReadonlyArray<{ genres: readonly string[] }>): Genre[] {
  const counts = new Map<Genre, number>();
  for (const artist of artists) {
    const genres = new Set(artist.genres.flatMap(mapSpotifyGenre));
    for (const genre of genres) counts.set(genre, (counts.get(genre) ?? 0) + 1);
  }
  // Array.prototype.sort is stable: equal counts stay in insertion (first appearance) order.
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([genre]) => genre);
}
