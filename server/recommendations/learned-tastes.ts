// What a fan taught us with their own dated signals, worked out without the database (the unit
// tests and the learning bench call it as the job does). docs/decisions/0027 says why:
// - a signal weighs 1 when given and half as much every HALF_LIFE_DAYS after;
// - a genre lesson comes from 👍/👎 on concerts of that genre (👎 −1, 👍 +1): a sum of −1 or less
//   from at least two 👎 says "not quite for me" (the genre comes down a level);
// - a band lesson comes from concerts of the band the fan liked or said 'Voy' to (one signal per
//   concert, however many of the two): a sum of 1 or more from at least two concerts says "more of
//   this" (the band comes up to at least high);
// - one signal alone is a hint and changes nothing; two agreeing signals are a lesson until their
//   sum fades below 1 (two taps on one day: one half-life);
// - what the fan forgot (a taste, or everything) counts only from the moment they forgot it.
import type { LearnedFact, LearnedTastes } from './learned-types.js';
import { normalizeName } from './verdict.js';

export const HALF_LIFE_DAYS = 90;
/** The sum a lesson needs, and what it keeps needing as it fades. */
export const LESSON_WEIGHT = 1;
/** Agreeing signals a lesson needs: one tap is a hint. */
export const LESSON_SIGNALS = 2;
/** Older signals weigh under 0.4 % of a new one: not read at all. */
export const SIGNAL_WINDOW_DAYS = 730;

const DAY_MS = 24 * 60 * 60 * 1000;

export type LessonKind = 'genre' | 'band';
export type SignalKind = 'thumbsDown' | 'thumbsUp' | 'liked' | 'going';

/** A concert a fan reacted to, as a signal needs it. */
export interface SignalConcert {
  id: number;
  day: string;
  genre: string;
  /** Who plays: its bands' names, or its free name when no band is linked. */
  artists: string[];
  /** Its linked bands and its free name, for its title. */
  bandNames: string[];
  name: string | null;
}

/** One dated reaction of the fan to one concert. */
export interface Signal {
  kind: SignalKind;
  at: Date;
  concert: SignalConcert;
}

/** "Forget this taste" ('all': everything learned), from `at` on. */
export interface Forget {
  kind: LessonKind | 'all';
  key: string;
  at: Date;
}

/** A concert's part in a lesson: its signals that count, the latest date, +1 or −1. */
export interface LessonSource {
  concert: SignalConcert;
  kinds: SignalKind[];
  at: Date;
  value: 1 | -1;
}

export interface Lesson {
  kind: LessonKind;
  /** The genre, or the artist's name folded (accents and case aside, as favourites match). */
  key: string;
  /** The genre, or the artist's name as written. */
  label: string;
  direction: 'up' | 'down';
  /** The agreeing signals (for a band: its concerts). */
  signals: number;
  /** The sum now, in absolute value. */
  weight: number;
  /** When the sum falls below LESSON_WEIGHT if nothing else happens. */
  fadesAt: Date;
  /** Every signal that counts (agreeing or not), oldest first. */
  sources: LessonSource[];
}

/** The weight now of a signal given at `at`. */
export const weightAt = (at: Date, now: Date) =>
  0.5 ** (Math.max(0, now.getTime() - at.getTime()) / DAY_MS / HALF_LIFE_DAYS);

/** Every signal decays at the same pace, so a sum `weight` falls to the threshold after this. */
export const fadesAt = (weight: number, now: Date) =>
  new Date(now.getTime() + Math.log2(weight / LESSON_WEIGHT) * HALF_LIFE_DAYS * DAY_MS);

/** The moment from which the signals of this taste count again (undefined: always counted). */
function forgottenUntil(forgets: readonly Forget[], kind: LessonKind, key: string) {
  let until: number | undefined;
  for (const forget of forgets) {
    if (forget.kind === 'all' || (forget.kind === kind && forget.key === key)) {
      until = Math.max(until ?? 0, forget.at.getTime());
    }
  }
  return until;
}

interface Tally {
  kind: LessonKind;
  key: string;
  label: string;
  sources: Map<number, LessonSource>;
}

function tallyOf(tallies: Map<string, Tally>, kind: LessonKind, key: string, label: string) {
  const id = `${kind}:${key}`;
  let tally = tallies.get(id);
  if (!tally) tallies.set(id, (tally = { kind, key, label, sources: new Map() }));
  return tally;
}

function add(tally: Tally, signal: Signal, value: 1 | -1, forgets: readonly Forget[]) {
  const until = forgottenUntil(forgets, tally.kind, tally.key);
  if (until !== undefined && signal.at.getTime() <= until) return;
  const source = tally.sources.get(signal.concert.id);
  if (!source) {
    tally.sources.set(signal.concert.id, {
      concert: signal.concert,
      kinds: [signal.kind],
      at: signal.at,
      value,
    });
    return;
  }
  // A like and a 'Voy' on one concert are one signal, dated by the later of the two.
  source.kinds.push(signal.kind);
  if (signal.at > source.at) source.at = signal.at;
}

function lessonOf(tally: Tally, now: Date): Lesson | undefined {
  const sources = [...tally.sources.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
  const sum = sources.reduce((total, source) => total + source.value * weightAt(source.at, now), 0);
  const direction = tally.kind === 'genre' ? 'down' : 'up';
  const agreeing = sources.filter((source) => source.value === (direction === 'up' ? 1 : -1));
  const weight = direction === 'up' ? sum : -sum;
  if (weight < LESSON_WEIGHT || agreeing.length < LESSON_SIGNALS) return undefined;
  return {
    kind: tally.kind,
    key: tally.key,
    label: tally.label,
    direction,
    signals: agreeing.length,
    weight,
    fadesAt: fadesAt(weight, now),
    sources,
  };
}

/** The fan's lessons at `now` from their signals, what they forgot left out; genres first. */
export function learnFrom(
  signals: readonly Signal[],
  forgets: readonly Forget[],
  now: Date,
): Lesson[] {
  const tallies = new Map<string, Tally>();
  for (const signal of signals) {
    if (signal.kind === 'thumbsDown' || signal.kind === 'thumbsUp') {
      const { genre } = signal.concert;
      const tally = tallyOf(tallies, 'genre', genre, genre);
      add(tally, signal, signal.kind === 'thumbsDown' ? -1 : 1, forgets);
      continue;
    }
    for (const artist of new Set(signal.concert.artists)) {
      add(tallyOf(tallies, 'band', normalizeName(artist), artist), signal, 1, forgets);
    }
  }
  return [...tallies.values()]
    .flatMap((tally) => lessonOf(tally, now) ?? [])
    .sort((a, b) => (a.kind === b.kind ? b.weight - a.weight : a.kind === 'genre' ? -1 : 1));
}

/** What the verdict reads of these lessons (none: undefined, the declared taste alone). */
export function learnedTastesOf(
  lessons: readonly Pick<Lesson, 'kind' | 'key' | 'label' | 'signals'>[],
): LearnedTastes | undefined {
  if (lessons.length === 0) return undefined;
  const genresDown = new Map<string, LearnedFact>();
  const bandsUp = new Map<string, LearnedFact>();
  for (const { kind, key, label, signals } of lessons) {
    (kind === 'genre' ? genresDown : bandsUp).set(key, { label, signals });
  }
  return { genresDown, bandsUp };
}
