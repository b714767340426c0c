// Invented bands for the demo (demo-bands.json): none belongs to a real artist on purpose. Imported
// as JSON so esbuild bundles it, as the venues are.
import { isGenre, type Genre } from '../../common/genres/genres.js';
import bandFile from './demo-bands.json' with { type: 'json' };
import { createRandom, randomBase62 } from './random.js';

export interface DemoBand {
  name: string;
  /** The first genre is the band's main one: a concert's genre is its main band's first genre. */
  genres: readonly [Genre, ...Genre[]];
}

export interface DemoBandRow {
  band_name: string;
  band_genres: string[];
  band_spotify_url: string | null;
}

/** The bands of demo-bands.json, their genres checked once at start. */
export const DEMO_BANDS: readonly DemoBand[] = bandFile.bands.map(({ name, genres }) => {
  const [main, ...others] = genres.filter(isGenre);
  if (main === undefined || others.length + 1 !== genres.length) {
    throw new Error(`Banda de demo con géneros desconocidos: ${name}`);
  }
  return { name, genres: [main, ...others] };
});

/** A made-up Spotify artist link, the same for a band on every run (some bands have none). */
function fictionalSpotifyUrl(name: string): string | null {
  const random = createRandom(`spotify:${name}`);
  if (!random.chance(0.6)) return null;
  return `https://open.spotify.com/artist/${randomBase62(random, 22)}`;
}

export function demoBandRows(): DemoBandRow[] {
  return DEMO_BANDS.map((band) => ({
    band_name: band.name,
    band_genres: [...band.genres],
    band_spotify_url: fictionalSpotifyUrl(band.name),
  }));
}
