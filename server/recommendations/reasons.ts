// The built-in engine's reasons: short Spanish sentences that state only facts. What the concert
// *is* is said with its own genre; a band's other genre is said as the band's ("X también toca
// Jazz"); a named artist is one of the concert's. Several phrasings per case, picked by fan and
// concert, so one fan's list does not repeat a sentence forty times.
import { ofGenre, withArticle } from '../../common/genres.js';
import type { ConcertToScore, FanTaste } from './engine.js';
import type { GenreSource, Verdict } from './verdict.js';

/** "Alba Serra también toca Jazz" (it plays the concert's genre too), else "… toca Jazz". */
function bandPlays(source: Required<GenreSource>, concert: ConcertToScore): string {
  const too = source.band.genres.includes(concert.genre) ? ' también' : '';
  return `${source.band.name}${too} toca ${source.genre}`;
}

type Phrase<T> = (fact: T) => string;

const FAVOURITE: Phrase<string>[] = [
  (artist) => `¡Toca ${artist}, uno de tus artistas favoritos! No te lo puedes perder.`,
  (artist) => `${artist} está en tu lista de favoritos: este es tu concierto.`,
  (artist) => `Tocan ${artist}, de tus favoritos. Reserva la fecha.`,
];

const LIKED_GENRE: Phrase<string>[] = [
  (genre) => `Puro ${genre}, uno de tus géneros favoritos.`,
  (genre) => `Te encanta ${withArticle(genre)} y este concierto es de ${genre}.`,
  (genre) =>
    `Si te gusta ${withArticle(genre)}, aquí vas a disfrutar: es un concierto de ${genre}.`,
];
const LIKED_BAND_GENRE: Phrase<string>[] = [
  (plays) => `${plays}, uno de tus géneros favoritos.`,
  (plays) => `Buena señal: ${plays}, y ese género te encanta.`,
];

const RELATED_GENRE: Phrase<[string, string]>[] = [
  ([genre, liked]) =>
    `No es exactamente lo tuyo, pero ${withArticle(genre)} está muy cerca ${ofGenre(liked)}, que te gusta.`,
  ([genre, liked]) =>
    `Puede sorprenderte: este concierto de ${genre} está muy cerca ${ofGenre(liked)}, que te gusta.`,
  ([genre, liked]) =>
    `Una buena oportunidad para probar algo cercano: si te gusta ${withArticle(liked)}, ${withArticle(genre)} puede encajarte.`,
];
const RELATED_BAND_GENRE: Phrase<[string, string]>[] = [
  ([plays, liked]) => `${plays}, un género muy cerca ${ofGenre(liked)}, que te gusta.`,
  ([plays, liked]) => `Puede sorprenderte: ${plays}, cercano ${ofGenre(liked)}, que te gusta.`,
];

const DISLIKED_GENRE: Phrase<string>[] = [
  (genre) => `Nos dijiste que ${withArticle(genre)} no te gusta, y este concierto es de ${genre}.`,
  (genre) => `Es un concierto de ${genre}, un género que prefieres evitar.`,
];
const DISLIKED_BAND_GENRE: Phrase<[string, string]>[] = [
  ([plays]) => `${plays}, un género que prefieres evitar.`,
  ([plays, genre]) => `${plays}, y nos dijiste que ${withArticle(genre)} no te gusta.`,
];

const UNRELATED: Phrase<string>[] = [
  (genre) => `Por tus gustos, este concierto de ${genre} no parece tu plan.`,
  (genre) => `Este concierto de ${genre} queda lejos de lo que sueles escuchar.`,
  (genre) => `Lo tuyo va por otro lado: aquí suena ${genre}.`,
];

// A number per fan (from their taste: the engine never sees who they are), worked out once.
const tasteSeeds = new WeakMap<FanTaste, number>();
function tasteSeed(taste: FanTaste): number {
  let seed = tasteSeeds.get(taste);
  if (seed === undefined) {
    seed = 2166136261; // FNV-1a
    for (const char of [taste.topGenres, taste.dislikedGenres, taste.topArtists].join('|')) {
      seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
    }
    tasteSeeds.set(taste, seed);
  }
  return seed;
}

/** The same phrasing for the same fan and concert every time; another one for the next concert. */
function pick<T>(options: Phrase<T>[], taste: FanTaste, concert: ConcertToScore): Phrase<T> {
  const seed = Math.imul(tasteSeed(taste) ^ concert.id, 2654435761) >>> 0;
  return options[seed % options.length]!; // the index is taken modulo the length
}

export function reasonFor(verdict: Verdict, taste: FanTaste, concert: ConcertToScore): string {
  const byBand = (source: GenreSource): source is Required<GenreSource> => Boolean(source.band);
  switch (verdict.because) {
    case 'favourite':
      return pick(FAVOURITE, taste, concert)(verdict.artist);
    case 'disliked':
      return byBand(verdict)
        ? pick(DISLIKED_BAND_GENRE, taste, concert)([bandPlays(verdict, concert), verdict.genre])
        : pick(DISLIKED_GENRE, taste, concert)(verdict.genre);
    case 'liked':
      return byBand(verdict)
        ? pick(LIKED_BAND_GENRE, taste, concert)(bandPlays(verdict, concert))
        : pick(LIKED_GENRE, taste, concert)(verdict.genre);
    case 'related':
      return byBand(verdict)
        ? pick(RELATED_BAND_GENRE, taste, concert)([bandPlays(verdict, concert), verdict.liked])
        : pick(RELATED_GENRE, taste, concert)([verdict.genre, verdict.liked]);
    case 'unrelated':
      return pick(UNRELATED, taste, concert)(verdict.genre);
  }
}
