// Pure generation of the benchmark dataset (no database): users, bands, concerts and the packed
// recommendation codes. Seeded, so a given seed and date always give the same dataset.
import { GENRES } from '../../common/genres/genres.js';
import { addDays } from '../../server/lib/time.js';
import type { Random } from '../../server/demo/random.js';
import type { DemoVenue } from '../../server/demo/venues.js';

export const BENCH_EMAIL_DOMAIN = 'bench.local';
export const BENCH_OWNER_EMAIL = `bench-owner@${BENCH_EMAIL_DOMAIN}`;
export const BENCH_BAND_PREFIX = 'Bench Band ';

export function benchUserEmail(index: number): string {
  return `bench-user-${index}@${BENCH_EMAIL_DOMAIN}`;
}

export interface BenchUser {
  userId: string;
  email: string;
  name: string;
  topGenres: number[];
  dislikedGenres: number[];
  /** Indexes into the bands array. */
  topArtists: number[];
}

export interface BenchBand {
  id: number;
  name: string;
  genres: [number, ...number[]];
}

export interface BenchConcert {
  id: number;
  day: string;
  hour: string;
  venue: DemoVenue;
  /** Indexes into the bands array, main band first. */
  bands: number[];
  genre: number;
  price: string;
  description: string;
}

const HOURS = ['18:00', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '23:00'];

/** A v4-shaped UUID from the seeded generator (crypto.randomUUID cannot be seeded). */
function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function distinctIndexes(random: Random, count: number, from: number[]): number[] {
  return random.shuffle(from).slice(0, count);
}

const genreIndexes = GENRES.map((_, i) => i);

/**
 * Users sorted by id: recommendations are then inserted in primary-key order, which keeps the
 * (user_id, concert_id) index appending at its right edge instead of splitting pages everywhere.
 */
export function generateUsers(random: Random, count: number, bandCount: number): BenchUser[] {
  const bandIndexes = Array.from({ length: bandCount }, (_, i) => i);
  const users = Array.from({ length: count }, (_, i): BenchUser => {
    const topGenres = distinctIndexes(random, random.int(1, 5), genreIndexes);
    const rest = genreIndexes.filter((g) => !topGenres.includes(g));
    const artists = random.int(0, 5);
    return {
      userId: seededUuid(random),
      email: benchUserEmail(i + 1),
      name: `Bench User ${i + 1}`,
      topGenres,
      dislikedGenres: distinctIndexes(random, random.int(0, 3), rest),
      topArtists: artists === 0 ? [] : distinctIndexes(random, artists, bandIndexes),
    };
  });
  return users.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

export function generateBands(random: Random, ids: number[]): BenchBand[] {
  return ids.map((id, i) => {
    // Cycle the main genre so every genre has bands, then maybe add a second one.
    const main = i % GENRES.length;
    const second = random.chance(0.4) ? random.int(0, GENRES.length - 1) : main;
    return {
      id,
      name: `${BENCH_BAND_PREFIX}${String(i + 1).padStart(5, '0')}`,
      genres: second === main ? [main] : [main, second],
    };
  });
}

export function generateConcerts(
  random: Random,
  ids: number[],
  options: { today: string; bands: BenchBand[]; venues: readonly DemoVenue[]; maxBands: number },
): BenchConcert[] {
  const { today, bands, venues, maxBands } = options;
  const bandIndexes = bands.map((_, i) => i);
  return ids.map((id) => {
    const lineup = distinctIndexes(random, random.int(1, maxBands), bandIndexes);
    // random.int(1, maxBands) draws at least one band, and band indexes come from `bands`.
    const genre = bands[lineup[0]!]!.genres[0];
    const venue = random.pick(venues);
    const free = random.chance(1 / 6);
    return {
      id,
      day: addDays(today, random.int(0, 55)),
      hour: `${random.pick(HOURS)}:00`,
      venue,
      bands: lineup,
      genre,
      price: free ? '0.00' : `${random.int(8, 45)}.${random.chance(0.2) ? '50' : '00'}`,
      description: `Concierto de ${GENRES[genre]} en ${venue.name} (${venue.town}).`,
    };
  });
}

export const SCORE_NAMES = ['extreme', 'high', 'medium', 'low'] as const;

/** Indexed by the reason code packed in each recommendation. */
export const REASONS = [
  'Toca uno de tus artistas favoritos.',
  'Es tu género favorito.',
  'Coincide con uno de tus géneros favoritos.',
  'Es un género que has dicho que no te gusta.',
  'Un estilo cercano a tus gustos: puede sorprenderte.',
  'No encaja mucho con tus gustos habituales.',
];

// Chance of a like by score: fans like what fits them.
const LIKE_CHANCE = [0.15, 0.06, 0.02, 0.005] as const;

/**
 * One small integer per (user, concert): score (bits 0-1), reason (bits 2-4), liked (bit 5).
 * Sending one int2 per row instead of uuid, text and bool keeps the load fast.
 */
export function recommendationCode(
  random: Random,
  user: BenchUser,
  concert: BenchConcert,
  favouriteBands: ReadonlySet<number>,
): number {
  let score: 0 | 1 | 2 | 3;
  let reason: number;
  if (concert.bands.some((band) => favouriteBands.has(band))) {
    [score, reason] = [0, 0];
  } else if (user.topGenres[0] === concert.genre) {
    [score, reason] = [random.chance(0.5) ? 0 : 1, 1];
  } else if (user.topGenres.includes(concert.genre)) {
    [score, reason] = [1, 2];
  } else if (user.dislikedGenres.includes(concert.genre)) {
    [score, reason] = [3, 3];
  } else {
    [score, reason] = random.chance(0.4) ? [2, 4] : [3, 5];
  }
  const liked = random.chance(LIKE_CHANCE[score]) ? 1 : 0;
  return score | (reason << 2) | (liked << 5);
}

export function isLikedCode(code: number): boolean {
  return (code & 32) !== 0;
}
