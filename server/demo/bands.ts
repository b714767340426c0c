// Invented bands for the demo. None of these names belongs to a real artist on purpose: the demo
// must never suggest a real band plays a concert it does not.
import type { Genre } from '../../common/genres.js';
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

export const DEMO_BANDS: readonly DemoBand[] = [
  { name: 'Les Sirenes de Portixol', genres: ['Pop', 'Indie'] },
  { name: 'Mar de Cristall', genres: ['Pop'] },
  { name: 'Isla Neón', genres: ['Pop', 'Música Electrónica'] },
  { name: 'Tramuntana Elèctrica', genres: ['Rock'] },
  { name: 'Los Cuervos de Bellver', genres: ['Rock', 'Blues'] },
  { name: 'Carretera de Sa Calobra', genres: ['Rock', 'Folk'] },
  { name: 'Jardines de Sóller', genres: ['Indie', 'Pop'] },
  { name: 'Los Almendros en Flor', genres: ['Indie', 'Folk'] },
  { name: 'Faro de Capdepera', genres: ['Indie'] },
  { name: 'Nit Blava Sintètica', genres: ['Música Electrónica'] },
  { name: 'Ona Digital', genres: ['Música Electrónica', 'Techno'] },
  { name: 'Casa Llonja Groove', genres: ['House', 'Funk'] },
  { name: 'Terrat de Santa Catalina', genres: ['House'] },
  { name: 'Maquinària de Son Castelló', genres: ['Techno'] },
  { name: 'Pols Industrial 303', genres: ['Techno', 'Música Electrónica'] },
  { name: "Dembow de s'Arenal", genres: ['Reggaetón'] },
  { name: 'Perreo Insular', genres: ['Reggaetón', 'Pop'] },
  { name: 'Rimes del Pla', genres: ['Hip-Hop'] },
  { name: 'Barri Vell Crew', genres: ['Hip-Hop', 'Funk'] },
  { name: 'Terciopelo Mediterráneo', genres: ['R&B', 'Pop'] },
  { name: 'Alba Serra i els Vespres', genres: ['R&B', 'Jazz'] },
  { name: 'Funk Ensaïmada', genres: ['Funk'] },
  { name: 'Los Grooves de Llucmajor', genres: ['Funk', 'R&B'] },
  { name: 'Quartet del Moll Vell', genres: ['Jazz'] },
  { name: 'Trío Almendro Azul', genres: ['Jazz', 'Blues'] },
  { name: 'Nona Vidal Quintet', genres: ['Jazz'] },
  { name: 'Blues de la Serra', genres: ['Blues'] },
  { name: 'Damià Ferrer Blues Band', genres: ['Blues', 'Rock'] },
  { name: 'Compás de Llevant', genres: ['Flamenco'] },
  { name: 'Duende Balear', genres: ['Flamenco', 'Folk'] },
  { name: 'Raíces de Sal', genres: ['Reggae'] },
  { name: 'Migjorn Sound System', genres: ['Reggae', 'Hip-Hop'] },
  { name: 'Orquesta Sabor Mediterráneo', genres: ['Salsa'] },
  { name: 'La Clave de Palma', genres: ['Salsa', 'Funk'] },
  { name: 'Forja de Ferro Negre', genres: ['Metal'] },
  { name: 'Abismo Balear', genres: ['Metal', 'Punk'] },
  { name: 'Ruido de Polígono', genres: ['Punk'] },
  { name: 'Los Ensaimados Rabiosos', genres: ['Punk', 'Rock'] },
  { name: 'Xeremiers del Raiguer', genres: ['Folk'] },
  { name: 'Cançons de Sa Marina', genres: ['Folk', 'Indie'] },
];

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
