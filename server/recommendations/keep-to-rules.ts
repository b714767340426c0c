// An AI's answers held to the product's rules before they are stored: a score above what the
// rules allow (verdict.ts), or a reason that names a genre or an artist the concert does not
// have, is replaced by the built-in engine's score and reason, and counted.
import { GENRES } from '../../common/genres.js';
import { recommendationCorrections } from '../metrics/metrics.js';
import { scoreConcert } from './builtin-engine.js';
import type { ConcertToScore, FanTaste, ScoredConcert } from './engine.js';
import { artistsOf, genreSources, judge, normalizeName, SCORE_RANK } from './verdict.js';

/** A name as a whole word of a normalised text (no accents, lower case). */
function wholeWord(name: string): RegExp {
  const escaped = normalizeName(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
}

const GENRE_WORDS = GENRES.map((genre) => ({ genre, word: wholeWord(genre) }));

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
  if (GENRE_WORDS.some(({ genre, word }) => !genres.has(genre) && word.test(text))) return true;
  const playing = artistsOf(concert).map(normalizeName);
  return otherArtists.some((artist) => {
    const name = normalizeName(artist);
    // Too short to tell from an ordinary word, or part of the name of who does play.
    if (name.length < 3 || playing.some((own) => own.includes(name))) return false;
    return wholeWord(artist).test(text);
  });
}

export function keepToRules(
  taste: FanTaste,
  concerts: readonly ConcertToScore[],
  answers: readonly ScoredConcert[],
): ScoredConcert[] {
  const byId = new Map(concerts.map((concert) => [concert.id, concert]));
  const otherArtists = [...taste.topArtists, ...concerts.flatMap(artistsOf)];
  return answers.map((answer) => {
    const concert = byId.get(answer.concertId);
    if (!concert) return answer;
    const rule =
      SCORE_RANK[answer.score] > SCORE_RANK[judge(taste, concert).score]
        ? 'score'
        : reasonStatesFalsehood(answer, concert, taste, otherArtists)
          ? 'reason'
          : undefined;
    if (!rule) return answer;
    recommendationCorrections.inc({ rule });
    return scoreConcert(taste, concert);
  });
}
