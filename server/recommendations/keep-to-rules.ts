// An AI's answers held to the product's rules before they are stored: a score above what the
// rules allow (verdict.ts), a score below what the fan taught us (a band they keep liking or going
// to is at least high: `floorOf`), or a reason that names a genre or an artist the concert does
// not have, is replaced by the built-in engine's score and reason, and counted. A kept answer
// records whether learning moved the rules' score, as the built-in one does.
import { GENRES } from '../../common/genres/genres.js';
import { recommendationCorrections } from '../lib/metrics.js';
import { scoreConcert } from './builtin-engine.js';
import type { ConcertToScore, FanTaste, ScoredConcert } from './engine.js';
import {
  artistsOf,
  floorOf,
  genreSources,
  judge,
  learnedMove,
  normalizeName,
  normalizedName,
  SCORE_RANK,
} from './verdict.js';

/** A normalised name (no accents, lower case) as a whole word of a normalised text. */
const wordPatterns = new Map<string, RegExp>();
function wholeWord(normalized: string): RegExp {
  let pattern = wordPatterns.get(normalized);
  if (!pattern) {
    if (wordPatterns.size > 50_000) wordPatterns.clear();
    const escaped = normalized.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
    wordPatterns.set(normalized, pattern);
  }
  return pattern;
}

/** Named in the text: as a substring first (cheap), then as a whole word. */
const names = (text: string, normalized: string) =>
  text.includes(normalized) && wholeWord(normalized).test(text);

const GENRE_WORDS = GENRES.map((genre) => ({ genre, name: normalizeName(genre) }));

/**
 * Whether the reason says something about this concert that is not so: a genre that is neither
 * the concert's nor one of its bands' (a medium reason may name the liked genre it is close to),
 * or an artist of `otherArtists` (the fan's favourites, the other concerts') who does not play it.
 */
export function reasonStatesFalsehood(
  scored: Pick<ScoredConcert, 'score' | 'reason'>,
  concert: ConcertToScore,
  taste: FanTaste,
  otherArtists: readonly string[],
): boolean {
  const text = normalizeName(scored.reason);
  const genres = new Set(genreSources(concert).map((source) => source.genre));
  if (scored.score === 'medium') taste.topGenres.forEach((genre) => genres.add(genre));
  if (GENRE_WORDS.some(({ genre, name }) => !genres.has(genre) && names(text, name))) return true;
  const playing = artistsOf(concert).map(normalizedName);
  return otherArtists.some((artist) => {
    const name = normalizedName(artist);
    // Too short to tell from an ordinary word, or part of the name of who does play.
    if (name.length < 3 || !names(text, name)) return false;
    return !playing.some((own) => own.includes(name));
  });
}

// A run's artists, listed once for all of its batches.
const runArtists = new WeakMap<readonly ConcertToScore[], string[]>();
function artistsOfRun(agenda: readonly ConcertToScore[]): string[] {
  let artists = runArtists.get(agenda);
  if (!artists) {
    artists = agenda.flatMap(artistsOf);
    runArtists.set(agenda, artists);
  }
  return artists;
}

/** `agenda`: the fan's concerts being scored, whose artists a reason may name only on their own. */
export function keepToRules(
  taste: FanTaste,
  concerts: readonly ConcertToScore[],
  answers: readonly ScoredConcert[],
  agenda: readonly ConcertToScore[] = concerts,
): ScoredConcert[] {
  const byId = new Map(concerts.map((concert) => [concert.id, concert]));
  // The bands the fan taught us about are as much "their artists" as the favourites.
  const learnedBands = [...(taste.learned?.bandsUp.values() ?? [])].map((fact) => fact.label);
  const otherArtists = [...taste.topArtists, ...learnedBands, ...artistsOfRun(agenda)];
  return answers.map((answer) => {
    const concert = byId.get(answer.concertId);
    if (!concert) return answer;
    const verdict = judge(taste, concert);
    const rule =
      SCORE_RANK[answer.score] > SCORE_RANK[verdict.score]
        ? 'score'
        : SCORE_RANK[answer.score] < SCORE_RANK[floorOf(verdict)]
          ? 'learned'
          : reasonStatesFalsehood(answer, concert, taste, otherArtists)
            ? 'reason'
            : undefined;
    if (!rule) {
      const learned = learnedMove(verdict);
      return learned ? { ...answer, learned } : answer;
    }
    recommendationCorrections.inc({ rule });
    return scoreConcert(taste, concert);
  });
}
