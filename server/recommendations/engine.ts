// What every recommendation engine receives and returns. The generator batches, runs and stores;
// an engine only scores one batch and never throws (an AI engine falls back to the built-in one).
import type { Score } from '../../common/genres/genres.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { LearnedTastes } from './learned-types.js';

export interface FanTaste {
  topGenres: string[];
  dislikedGenres: string[];
  topArtists: string[];
  /** The language the reasons are written in (none: Spanish). */
  locale?: Locale;
  /** What the fan taught us with their 👍/👎, likes and 'Voy' (none: nothing yet). */
  learned?: LearnedTastes;
}

export interface ConcertToScore {
  id: number;
  day: string;
  hour: string;
  genre: string;
  /** The concert's free name (often the headliner), when it has one. */
  name: string | null;
  /** The short text (else the concert's own description), for a fan who reads Spanish. */
  description: string | null;
  /** The same for a fan who reads Catalan, with its Catalan short text when there is one. */
  descriptionCa?: string | null;
  bands: { name: string; genres: string[] }[];
}

export interface ScoredConcert {
  concertId: number;
  score: Score;
  reason: string;
  engine: 'builtin' | 'openai';
  /** Whether what the fan taught us moved the score from what their declared taste gives. */
  learned?: 'up' | 'down';
}

export interface RecommendationEngine {
  name: 'builtin' | 'openai';
  /** Concerts per call (batches of 3 for the AI). */
  batchSize: number;
  /** Batches in flight at once for one fan. */
  concurrency: number;
  /**
   * `agenda`: every concert being scored for this fan in this run (default: the batch): an AI's
   * reason may name none of their artists but the concert's own (keep-to-rules.ts).
   */
  scoreBatch(
    taste: FanTaste,
    concerts: ConcertToScore[],
    agenda?: readonly ConcertToScore[],
  ): Promise<ScoredConcert[]>;
}
