// The built-in engine: the product's scoring rules applied exactly, with short varied Spanish reasons.
//   1. a disliked genre (the concert's or a band's) → low, never recommended
//   2. a favourite artist among the bands (accent- and case-insensitive) → extreme
//   3. a liked genre → high
//   4. a genre related to a liked one (genre-relations.ts) → medium
//   5. anything else → low
import type { Score } from '../../common/genres.js';
import type { ConcertToScore, FanTaste, RecommendationEngine, ScoredConcert } from './engine.js';
import { areRelated } from './genre-relations.js';

const normalizeName = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** "el rock", "la salsa", "el R&B": genres as they read inside a Spanish sentence. */
export function withArticle(genre: string): string {
  const feminine = genre === 'Salsa' || genre === 'Música Electrónica';
  return `${feminine ? 'la' : 'el'} ${genre === 'R&B' ? genre : genre.toLowerCase()}`;
}

/** "del rock", "de la salsa". */
const ofGenre = (genre: string) => `de ${withArticle(genre)}`.replace(/^de el /, 'del ');

const REASONS: Record<Score, ((what: string) => string)[]> = {
  extreme: [
    (band) => `¡Es ${band}, uno de tus artistas favoritos! No te lo puedes perder.`,
    (band) => `${band} está en tu lista de favoritos: este es tu concierto.`,
    (band) => `Tocan ${band}, de tus favoritos. Reserva la fecha.`,
  ],
  high: [
    (genre) => `Te encanta ${withArticle(genre)} y este concierto va de eso.`,
    (genre) => `Puro ${genre}, uno de tus géneros favoritos.`,
    (genre) => `Si te gusta ${withArticle(genre)}, aquí vas a disfrutar.`,
  ],
  medium: [
    (link) => `No es exactamente lo tuyo, pero ${link}.`,
    (link) => `Puede sorprenderte: ${link}.`,
    (link) => `Una buena oportunidad para probar algo cercano: ${link}.`,
  ],
  low: [
    (genre) => `Por tus gustos, este concierto de ${genre} no parece tu plan.`,
    (genre) => `Este concierto de ${genre} queda lejos de lo que sueles escuchar.`,
    (genre) => `Lo tuyo va por otro lado: aquí suena ${genre}.`,
  ],
};

const DISLIKED_REASONS = [
  (genre: string) =>
    `Nos dijiste que ${withArticle(genre)} no te gusta, así que este no te lo recomendamos.`,
  (genre: string) => `Es ${genre}, un género que prefieres evitar.`,
];

function pick<T>(options: T[], seed: number): T {
  return options[Math.abs(seed) % options.length]!;
}

// Normalising names is the costly part of scoring; each fan's favourites and each band name are
// normalised once, not once per concert (10,000 fans × 300 concerts add up).
const favouritesOfTaste = new WeakMap<FanTaste, Set<string>>();
function favouritesOf(taste: FanTaste): Set<string> {
  let favourites = favouritesOfTaste.get(taste);
  if (!favourites) {
    favourites = new Set(taste.topArtists.map(normalizeName));
    favouritesOfTaste.set(taste, favourites);
  }
  return favourites;
}

const normalizedNames = new Map<string, string>();
function normalizedName(name: string): string {
  let normalized = normalizedNames.get(name);
  if (normalized === undefined) {
    if (normalizedNames.size > 50_000) normalizedNames.clear();
    normalized = normalizeName(name);
    normalizedNames.set(name, normalized);
  }
  return normalized;
}

// A concert's genres and names, worked out once per concert object (a group pass scores the same
// concert objects for hundreds of fans).
const concertFacts = new WeakMap<ConcertToScore, { genres: string[]; names: string[] }>();
function factsOf(concert: ConcertToScore) {
  let facts = concertFacts.get(concert);
  if (!facts) {
    facts = {
      genres: [...new Set([concert.genre, ...concert.bands.flatMap((band) => band.genres)])],
      names: [...concert.bands.map((band) => band.name), ...(concert.name ? [concert.name] : [])],
    };
    concertFacts.set(concert, facts);
  }
  return facts;
}

export function scoreConcert(taste: FanTaste, concert: ConcertToScore): ScoredConcert {
  const result = (score: Score, reason: string): ScoredConcert => ({
    concertId: concert.id,
    score,
    reason,
    engine: 'builtin',
  });
  const { genres, names } = factsOf(concert);
  const seed = concert.id;

  const disliked = genres.find((genre) => taste.dislikedGenres.includes(genre));
  if (disliked) return result('low', pick(DISLIKED_REASONS, seed)(disliked));

  const favourites = favouritesOf(taste);
  const favourite =
    favourites.size > 0 ? names.find((name) => favourites.has(normalizedName(name))) : undefined;
  if (favourite) return result('extreme', pick(REASONS.extreme, seed)(favourite));

  const liked = genres.find((genre) => taste.topGenres.includes(genre));
  if (liked) return result('high', pick(REASONS.high, seed)(liked));

  for (const genre of genres) {
    const close = taste.topGenres.find((likedGenre) => areRelated(genre, likedGenre));
    if (close)
      return result(
        'medium',
        pick(
          REASONS.medium,
          seed,
        )(`${withArticle(genre)} está muy cerca ${ofGenre(close)}, que te gusta`),
      );
  }
  return result('low', pick(REASONS.low, seed)(concert.genre));
}

export const builtinEngine: RecommendationEngine = {
  name: 'builtin',
  batchSize: 500,
  concurrency: 1,
  scoreBatch: (taste, concerts) =>
    Promise.resolve(concerts.map((concert) => scoreConcert(taste, concert))),
};
