// Our actors: `agenda`, the whole agenda, and one per genre (`jazz`, `rock`, `electronica`, …) for
// fans who want only theirs. Their identifiers are fixed by the product's 18 genres.
import { GENRES, type Genre } from '../../common/genres/genres.js';
import { ofGenre } from '../../common/genres/genres.js';

export const AGENDA = 'agenda';

/** 'Música Electrónica' → 'electronica', 'R&B' → 'rnb', 'Hip-Hop' → 'hiphop'. */
export function genreActorOf(genre: string): string {
  return genre
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/^musica /, '')
    .replace('&', 'n')
    .replace(/[^a-z0-9]/g, '');
}

const GENRE_OF_ACTOR = new Map<string, Genre>(GENRES.map((genre) => [genreActorOf(genre), genre]));

export const ACTORS: readonly string[] = [AGENDA, ...GENRE_OF_ACTOR.keys()];

export const isOurActor = (identifier: string) =>
  identifier === AGENDA || GENRE_OF_ACTOR.has(identifier);

/** The genre an actor speaks for; undefined for the agenda (or anything else). */
export const genreOfActor = (identifier: string): Genre | undefined =>
  GENRE_OF_ACTOR.get(identifier);

/** How an actor presents itself, in Spanish. */
export function actorProfile(identifier: string): { name: string; summary: string } {
  const genre = genreOfActor(identifier);
  if (!genre) {
    return {
      name: 'Conciertos Mallorca',
      summary:
        'La agenda de conciertos de Mallorca: cada concierto que se anuncia, con su día, hora, sala, precio y entradas.',
    };
  }
  return {
    name: `Conciertos Mallorca: ${genre}`,
    summary: `Los conciertos ${ofGenre(genre)} en Mallorca, según se anuncian en Conciertos Mallorca.`,
  };
}
