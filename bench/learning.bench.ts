// Do the recommendations learn? Simulated fans whose true tastes differ from what they declared
// (one declared genre they in fact dislike, one band they love outside their genres) look at
// their agenda every week for 8 weeks and react to it by their true tastes: 👎 to what was scored
// for them and is not their thing, 👍 to what was and is, a like and a 'Voy' to their band's
// concerts and now and then to something else they love. Each week, before they react, their
// scores for the week's concerts are measured, with learning on and off:
//   - agreeing: of the 🔥🔥🔥/🔥🔥 scores, the share their true tastes agree with (high or more);
//   - found: of their true favourites (concerts of the artists they truly love: their declared
//     favourites and their band), the share scored 🔥🔥 or more;
//   - rule breaks: a declared favourite artist not 🔥🔥🔥, a declared disliked genre above 😴, or
//     🔥🔥🔥 for anything else (budget 0).
// In memory, through the code the learning job and the scoring passes run: learnFrom (the fan's
// dated signals, 90-day half-life, thresholds) → learnedTastesOf → scoreConcert (judge and the
// built-in reasons). What the database adds (reading signals, storing lessons, the job) is tested
// in test/learning*.test.ts; here it would only slow the simulation down.
import { GENRES, SCORES, type Score } from '../common/genres/genres.js';
import { createRandom, type Random } from '../server/demo/random.js';
import { scoreConcert } from '../server/recommendations/builtin-engine.js';
import type { ConcertToScore, FanTaste } from '../server/recommendations/engine.js';
import {
  learnedTastesOf,
  learnFrom,
  type Signal,
  type SignalKind,
} from '../server/recommendations/learned-tastes.js';
import { artistsOf, judge, normalizeName, SCORE_RANK } from '../server/recommendations/verdict.js';
import type { BenchResult } from './types.js';

const FANS = Number(process.env.BENCH_USERS ?? 1000);
const WEEKS = 8;
const CONCERTS_PER_WEEK = 60;
const BANDS = 80;
const START = Date.UTC(2026, 8, 7, 10); // a Monday, 10:00 UTC
const DAY_MS = 24 * 60 * 60 * 1000;

/** How likely a fan reacts to a concert they see, by what it is to them. */
const REACT = {
  /** Scored 🔥 or more but not their thing: 👎. */
  thumbsDown: 0.5,
  /** Scored 🔥🔥 or more and right: 👍. */
  thumbsUp: 0.2,
  /** Their band outside their genres: like it, and say 'Voy'. */
  likeBand: 0.7,
  goBand: 0.4,
  /** Anything else they truly love. */
  likeLoved: 0.15,
};

interface Band {
  name: string;
  genres: string[];
}

interface SimFan {
  declared: FanTaste;
  truth: FanTaste;
}

const atLeastHigh = (score: Score) => SCORE_RANK[score] >= SCORE_RANK.high;

function makeBands(random: Random): Band[] {
  return Array.from({ length: BANDS }, (_, i) => {
    const first = random.pick(GENRES);
    const genres = random.chance(0.3) ? [first, random.pick(GENRES)] : [first];
    return { name: `Grupo ${String(i + 1).padStart(3, '0')}`, genres: [...new Set(genres)] };
  });
}

/** The week's concerts: each by one to two bands, in the first band's first genre. */
function weekConcerts(random: Random, bands: Band[], week: number): ConcertToScore[] {
  return Array.from({ length: CONCERTS_PER_WEEK }, (_, i) => {
    const lineup = random.shuffle(bands).slice(0, random.chance(0.3) ? 2 : 1);
    const day = new Date(START + (week * 7 + (i % 7)) * DAY_MS).toISOString().slice(0, 10);
    return {
      id: week * 1000 + i + 1,
      day,
      hour: '21:00',
      genre: lineup[0]!.genres[0]!,
      name: null,
      description: null,
      bands: lineup,
    };
  });
}

/**
 * A fan whose truth differs from what they declared: one declared genre they in fact dislike,
 * one band they love whose genres they never named (and never said they dislike).
 */
function makeFan(random: Random, bands: Band[]): SimFan {
  const genres: string[] = random.shuffle(GENRES);
  const topGenres = genres.slice(0, random.int(2, 4));
  const dislikedGenres = genres.slice(10, 10 + random.int(0, 2));
  const topArtists = random
    .shuffle(bands)
    .slice(0, random.int(0, 2))
    .map((band) => band.name);
  const declared: FanTaste = { topGenres, dislikedGenres, topArtists };
  const wrongGenre = random.pick(topGenres);
  const outside = bands.filter((band) =>
    band.genres.every((genre) => !topGenres.includes(genre) && !dislikedGenres.includes(genre)),
  );
  const lovedBand = random.pick(outside).name;
  const truth: FanTaste = {
    topGenres: topGenres.filter((genre) => genre !== wrongGenre),
    dislikedGenres: [...dislikedGenres, wrongGenre],
    topArtists: [...topArtists, lovedBand],
  };
  return { declared, truth };
}

interface WeekFigures {
  scoredHigh: number;
  agreeing: number;
  favourites: number;
  found: number;
  ruleBreaks: number;
  scores: Record<Score, number>;
}

const emptyWeek = (): WeekFigures => ({
  scoredHigh: 0,
  agreeing: 0,
  favourites: 0,
  found: 0,
  ruleBreaks: 0,
  scores: { extreme: 0, high: 0, medium: 0, low: 0 },
});

/** Whether the score breaks the spec's rules for what the fan declared. */
function breaksRules(declared: FanTaste, concert: ConcertToScore, score: Score): boolean {
  const rules = judge(declared, concert);
  if (rules.because === 'favourite') return score !== 'extreme';
  if (rules.because === 'disliked') return score !== 'low';
  return score === 'extreme';
}

/** The fan's reactions to one week's agenda, by their true tastes, dated that week. */
function react(
  random: Random,
  fan: SimFan,
  scored: { concert: ConcertToScore; score: Score }[],
  week: number,
): Signal[] {
  const signals: Signal[] = [];
  const loved = new Set(fan.truth.topArtists.map(normalizeName));
  for (const { concert, score } of scored) {
    const at = new Date(START + (week * 7 + random.int(0, 6)) * DAY_MS);
    const give = (kind: SignalKind) =>
      signals.push({
        kind,
        at,
        concert: {
          id: concert.id,
          day: concert.day,
          genre: concert.genre,
          artists: artistsOf(concert),
          bandNames: concert.bands.map((band) => band.name),
          name: concert.name,
        },
      });
    const truth = judge(fan.truth, concert).score;
    if (SCORE_RANK[score] >= SCORE_RANK.medium && truth === 'low') {
      if (random.chance(REACT.thumbsDown)) give('thumbsDown');
    } else if (atLeastHigh(score) && atLeastHigh(truth) && random.chance(REACT.thumbsUp)) {
      give('thumbsUp');
    }
    const theirBand = artistsOf(concert).some((artist) => loved.has(normalizeName(artist)));
    if (theirBand && !fan.declared.topArtists.some((a) => loved.has(normalizeName(a)))) {
      if (random.chance(REACT.likeBand)) give('liked');
      if (random.chance(REACT.goBand)) give('going');
    } else if (atLeastHigh(truth) && random.chance(REACT.likeLoved)) {
      give('liked');
    }
  }
  return signals;
}

function simulate(learning: boolean): WeekFigures[] {
  // The same fans, concerts and dice for both runs: only learning differs.
  const random = createRandom('learning-bench');
  const bands = makeBands(random);
  const weeks = Array.from({ length: WEEKS }, (_, week) => weekConcerts(random, bands, week));
  const fans = Array.from({ length: FANS }, () => makeFan(random, bands));
  const dice = createRandom(`learning-bench:reactions:${learning ? 'on' : 'off'}`);
  const figures = weeks.map(emptyWeek);
  for (const fan of fans) {
    const signals: Signal[] = [];
    weeks.forEach((concerts, week) => {
      const now = new Date(START + week * 7 * DAY_MS);
      const learned = learning ? learnedTastesOf(learnFrom(signals, [], now)) : undefined;
      const taste: FanTaste = { ...fan.declared, learned };
      const scored = concerts.map((concert) => ({
        concert,
        score: scoreConcert(taste, concert).score,
      }));
      const week$ = figures[week]!;
      for (const { concert, score } of scored) {
        const truth = judge(fan.truth, concert);
        week$.scores[score] += 1;
        if (atLeastHigh(score)) {
          week$.scoredHigh += 1;
          if (atLeastHigh(truth.score)) week$.agreeing += 1;
        }
        if (truth.because === 'favourite') {
          week$.favourites += 1;
          if (atLeastHigh(score)) week$.found += 1;
        }
        if (breaksRules(fan.declared, concert, score)) week$.ruleBreaks += 1;
      }
      signals.push(...react(dice, fan, scored, week));
    });
  }
  return figures;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Number(((100 * part) / whole).toFixed(1));

export function run(): BenchResult[] {
  const on = simulate(true);
  const off = simulate(false);
  const rows: BenchResult[] = [];
  for (let week = 0; week < WEEKS; week += 1) {
    for (const [label, figures] of [
      ['on ', on],
      ['off', off],
    ] as const) {
      const week$ = figures[week]!;
      const name = `learning ${label} · week ${week + 1}`;
      rows.push(
        {
          name: `${name}: 🔥🔥🔥/🔥🔥 their true tastes agree with`,
          value: percent(week$.agreeing, week$.scoredHigh),
          unit: '%',
        },
        {
          name: `${name}: true favourites scored 🔥🔥 or more`,
          value: percent(week$.found, week$.favourites),
          unit: '%',
        },
        {
          name: `${name}: rule breaks`,
          value: week$.ruleBreaks,
          unit: 'scores',
          budget: '0',
          ok: week$.ruleBreaks === 0,
        },
      );
    }
  }
  const last = on[WEEKS - 1]!;
  const total = SCORES.reduce((sum, score) => sum + last.scores[score], 0);
  rows.push(
    ...SCORES.map((score) => ({
      name: `learning on · week ${WEEKS}: ${score}`,
      value: percent(last.scores[score], total),
      unit: '%',
    })),
  );
  return rows;
}
