// The product's scoring rules, as one verdict per fan and concert: the highest score the concert
// may have for this fan, and the fact behind it. The built-in engine gives exactly this score;
// an AI's answer may give less, never more (keep-to-rules.ts).
//   1. a favourite artist among the concert's bands (accents and case aside) → extreme; a concert
//      with no band linked counts its free name as its artist
//   2. a disliked genre (the concert's, or one of its bands') → low
//   3. a liked genre (the concert's, or one of its bands') → high
//   4. a genre related to a liked one (common/genres/relations.ts) → medium
//   5. anything else → low
// Between rules 2 and 3-5, what the fan taught us (learned-tastes.ts, docs/decisions/0027):
//   - a genre they keep rating 👎: the score that genre earned (3 or 4) comes down one level;
//   - a band whose concerts they keep liking or going to: at least high (never extreme, which is
//     the favourites' own), even in a genre they never named; it beats a genre lesson.
import { areRelated } from '../../common/genres/relations.js';
import type { Score } from '../../common/genres/genres.js';
import type { ConcertToScore, FanTaste } from './engine.js';
import type { LearnedTastes } from './learned-types.js';

/** Which band the fact is about, when it is a band's genre and not the concert's own. */
export interface GenreSource {
  genre: string;
  band?: { name: string; genres: string[] };
}

export type Verdict =
  | { score: 'extreme'; because: 'favourite'; artist: string }
  | ({ score: 'low'; because: 'disliked' } & GenreSource)
  | ({ score: 'high'; because: 'liked' } & GenreSource)
  | ({ score: 'medium'; because: 'related'; liked: string } & GenreSource)
  | { score: 'low'; because: 'unrelated'; genre: string }
  | LearnedVerdict;

/** What rules 3-5 alone would give. */
type DeclaredVerdict = Extract<Verdict, { because: 'liked' | 'related' | 'unrelated' }>;

/** A score that what the fan taught us moved; `declared`: the score their declared taste gives. */
export type LearnedVerdict =
  | ({
      score: 'medium' | 'low';
      because: 'learnedGenre';
      signals: number;
      declared: Score;
    } & GenreSource)
  | { score: 'high'; because: 'learnedBand'; artist: string; signals: number; declared: Score };

export const SCORE_RANK: Record<Score, number> = { low: 0, medium: 1, high: 2, extreme: 3 };

export const normalizeName = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

// Normalising names is the costly part of scoring; each fan's favourites and each band name are
// normalised once, not once per concert (10,000 fans × 300 concerts add up).
const favouritesOfTaste = new WeakMap<FanTaste, Set<string>>();
export function favouritesOf(taste: FanTaste): Set<string> {
  let favourites = favouritesOfTaste.get(taste);
  if (!favourites) {
    favourites = new Set(taste.topArtists.map(normalizeName));
    favouritesOfTaste.set(taste, favourites);
  }
  return favourites;
}

const normalizedNames = new Map<string, string>();
export function normalizedName(name: string): string {
  let normalized = normalizedNames.get(name);
  if (normalized === undefined) {
    if (normalizedNames.size > 50_000) normalizedNames.clear();
    normalized = normalizeName(name);
    normalizedNames.set(name, normalized);
  }
  return normalized;
}

/**
 * The concert's own genre first, then each band's other genres with the band that plays them,
 * worked out once per concert object (a group pass scores the same concerts for many fans).
 */
const sourcesOfConcert = new WeakMap<ConcertToScore, GenreSource[]>();
export function genreSources(concert: ConcertToScore): GenreSource[] {
  let sources = sourcesOfConcert.get(concert);
  if (!sources) {
    const seen = new Set([concert.genre]);
    sources = [{ genre: concert.genre }];
    for (const band of concert.bands) {
      for (const genre of band.genres) {
        if (seen.has(genre)) continue;
        seen.add(genre);
        sources.push({ genre, band });
      }
    }
    sourcesOfConcert.set(concert, sources);
  }
  return sources;
}

/** Who plays: the concert's bands, or its free name when no band is linked to it (a headliner). */
export function artistsOf(concert: ConcertToScore): string[] {
  if (concert.bands.length > 0) return concert.bands.map((band) => band.name);
  return concert.name ? [concert.name] : [];
}

const ONE_LEVEL_DOWN = { high: 'medium', medium: 'low' } as const;

/** Rules 3-5 with the fan's lessons on top (see the top of this file). */
function withLessons(
  learned: LearnedTastes,
  concert: ConcertToScore,
  declared: DeclaredVerdict,
): Verdict {
  let verdict: Verdict = declared;
  if (declared.because !== 'unrelated' && learned.genresDown.size > 0) {
    const lesson = learned.genresDown.get(declared.genre);
    if (lesson) {
      const { score: _score, because: _because, ...source } = declared;
      verdict = {
        ...source,
        score: ONE_LEVEL_DOWN[declared.score],
        because: 'learnedGenre',
        signals: lesson.signals,
        declared: declared.score,
      };
    }
  }
  if (verdict.score === 'high' || learned.bandsUp.size === 0) return verdict;
  for (const artist of artistsOf(concert)) {
    const lesson = learned.bandsUp.get(normalizedName(artist));
    if (lesson) {
      return {
        score: 'high',
        because: 'learnedBand',
        artist,
        signals: lesson.signals,
        declared: declared.score,
      };
    }
  }
  return verdict;
}

/** Whether what the fan taught us moved this verdict's score up, down, or not at all. */
export function learnedMove(verdict: Verdict): 'up' | 'down' | undefined {
  if (verdict.because !== 'learnedGenre' && verdict.because !== 'learnedBand') return undefined;
  const moved = SCORE_RANK[verdict.score] - SCORE_RANK[verdict.declared];
  return moved > 0 ? 'up' : moved < 0 ? 'down' : undefined;
}

/**
 * The lowest score an AI may give: a band the fan keeps liking or going to is at least high in
 * both engines (they told us so); anything else may go as low as the AI finds fit.
 */
export const floorOf = (verdict: Verdict): Score =>
  verdict.because === 'learnedBand' ? 'high' : 'low';

export function judge(taste: FanTaste, concert: ConcertToScore): Verdict {
  const declared = judgeDeclared(taste, concert);
  if (declared.because === 'favourite' || declared.because === 'disliked' || !taste.learned)
    return declared;
  return withLessons(taste.learned, concert, declared);
}

/** Rules 1-5: what the fan's declared taste alone gives. */
function judgeDeclared(taste: FanTaste, concert: ConcertToScore): Exclude<Verdict, LearnedVerdict> {
  const favourites = favouritesOf(taste);
  const favourite =
    favourites.size > 0
      ? artistsOf(concert).find((name) => favourites.has(normalizedName(name)))
      : undefined;
  if (favourite) return { score: 'extreme', because: 'favourite', artist: favourite };

  const sources = genreSources(concert);
  const disliked = sources.find(({ genre }) => taste.dislikedGenres.includes(genre));
  if (disliked) return { score: 'low', because: 'disliked', ...disliked };

  const liked = sources.find(({ genre }) => taste.topGenres.includes(genre));
  if (liked) return { score: 'high', because: 'liked', ...liked };

  for (const source of sources) {
    const close = taste.topGenres.find((likedGenre) => areRelated(source.genre, likedGenre));
    if (close) return { score: 'medium', because: 'related', liked: close, ...source };
  }
  return { score: 'low', because: 'unrelated', genre: concert.genre };
}
