// One fan's tastes learned again after a signal (a 👍/👎, a like, a 'Voy', a forget), in the
// learning job or in-process: their lessons are worked out from their own signals and, when what
// the scoring reads changed, stored with a new taste version and their upcoming concerts scored
// again in place (no score disappears meanwhile). Under the fan's lock, so no other pass scores
// them at the same time; a pass that read the old version stores nothing (saveScores' check).
//
// The built-in engine rescores every upcoming concert (one INSERT; an admin's concurrent rescore
// whose write the new version voided is covered too); the AI engine only the concerts whose
// verdict the lessons changed, so a lesson costs a few AI calls, not a hundred.
import type { Database } from '../db/database.js';
import { chunk } from '../lib/chunk.js';
import { forEachLimited } from '../lib/concurrency.js';
import { madridDateTime } from '../lib/time.js';
import type { ConcertToScore, FanTaste } from './engine.js';
import { withFanLocks } from './fan-lock.js';
import { generateForUser, type GeneratorDeps } from './generator.js';
import { lessonsOfFan } from './learned-lessons.js';
import { learnedTastesOf, type Lesson } from './learned-tastes.js';
import {
  findStoredLessons,
  findUpcomingConcertIds,
  replaceLessons,
  touchTasteVersion,
  type StoredLessonRow,
} from './learned-tastes.repository.js';
import type { LearnedTastes } from './learned-types.js';
import { findConcertsToScoreByIds, findTaste, saveScores } from './recommendations.repository.js';
import { judge } from './verdict.js';

export interface RelearnResult {
  /** What the scoring reads changed (a lesson came, went, or counts more concerts). */
  changed: boolean;
  /** Concerts scored again. */
  rescored: number;
}

/** The fan's lock is held by another pass: the job tries again after a short wait. */
export class FanBusyError extends Error {
  constructor(userId: string) {
    super(`Otro proceso está valorando al fan ${userId}`);
  }
}

/** Tries for the fan's lock this often, this far apart, before giving up (the job retries). */
const LOCK_TRIES = 25;
const LOCK_WAIT_MS = 200;
/** Before any lesson fades. */
const EVER = new Date(0);

/** What the scoring reads of some lessons, in a stable order: two lists are the same lessons. */
function factsOf(learned: LearnedTastes | undefined): string {
  if (!learned) return '';
  const facts = [
    ...[...learned.genresDown].map(([key, fact]) => `g|${key}|${fact.label}|${fact.signals}`),
    ...[...learned.bandsUp].map(([key, fact]) => `b|${key}|${fact.label}|${fact.signals}`),
  ];
  return facts.sort().join('\n');
}

const sameVerdict = (before: FanTaste, after: FanTaste, concert: ConcertToScore) =>
  JSON.stringify(judge(before, concert)) === JSON.stringify(judge(after, concert));

async function rescore(
  deps: GeneratorDeps,
  connection: Database,
  userId: string,
  before: FanTaste,
  after: FanTaste,
  version: string,
): Promise<number> {
  const today = madridDateTime(deps.clock()).day;
  const concerts = await findConcertsToScoreByIds(
    connection,
    await findUpcomingConcertIds(connection, today),
  );
  const targets =
    deps.engine.name === 'builtin'
      ? concerts
      : concerts.filter((concert) => !sameVerdict(before, after, concert));
  let rescored = 0;
  let voided = false;
  await forEachLimited(
    chunk(targets, deps.engine.batchSize),
    deps.engine.concurrency,
    async (batch) => {
      if (voided) return;
      const scores = await deps.engine.scoreBatch(after, batch, concerts);
      const saved = await saveScores(connection, userId, version, scores);
      // The profile changed meanwhile: its own recompute scores everything again.
      if (saved === 0 && scores.length > 0) voided = true;
      else rescored += saved;
    },
  );
  return rescored;
}

async function relearnLocked(
  deps: GeneratorDeps,
  connection: Database,
  userId: string,
): Promise<RelearnResult> {
  const now = deps.clock();
  const fan = await findTaste(connection, userId);
  if (!fan) return { changed: false, rescored: 0 }; // the account was deleted
  const lessons: Lesson[] = await lessonsOfFan(connection, userId, now);
  const rows = await storedLessons(connection, userId);
  const stored = learnedTastesOf(rows);
  const learned = learnedTastesOf(lessons);
  const change = changeOf(rows, lessons);
  if (change === 'none') return { changed: false, rescored: 0 };
  // One transaction: a pass reading meanwhile sees the old lessons or the new ones, never none.
  const version = await connection.transaction().execute(async (trx) => {
    await replaceLessons(trx, userId, lessons);
    return change === 'facts' ? touchTasteVersion(trx, userId) : undefined;
  });
  if (version === undefined) return { changed: false, rescored: 0 };
  const before = { ...fan.taste, learned: stored };
  const after = { ...fan.taste, learned };
  return {
    changed: true,
    rescored: await rescore(deps, connection, userId, before, after, version),
  };
}

/** Every stored lesson, faded ones too: the fan's stored scores were made with them. */
const storedLessons = (db: Database, userId: string) => findStoredLessons(db, [userId], EVER);

/** A fading date this much later than stored is not worth a write (the sweep runs hourly). */
const FADE_SLACK_MS = 60 * 60 * 1000;

/**
 * What changed between the stored lessons and the ones worked out now: 'facts', what the scoring
 * reads (a lesson came, went, faded or counts more concerts: a new version and a rescore);
 * 'fading', only a lesson that now fades sooner (a 👍 against a genre's 👎s: stored, so the sweep
 * finds it in time); else 'none'. Most signals are hints or add weight to a lesson already there:
 * they need neither the fan's lock nor a write (a stored fading date is then early, and the sweep
 * that learns the fan again at that date finds the lesson still holds).
 */
function changeOf(rows: StoredLessonRow[], lessons: Lesson[]): 'facts' | 'fading' | 'none' {
  if (factsOf(learnedTastesOf(rows)) !== factsOf(learnedTastesOf(lessons))) return 'facts';
  const stored = new Map(rows.map((row) => [`${row.kind}|${row.key}`, row.fades_at]));
  const sooner = lessons.some((lesson) => {
    const fades = stored.get(`${lesson.kind}|${lesson.key}`);
    return fades && lesson.fadesAt.getTime() < new Date(fades).getTime() - FADE_SLACK_MS;
  });
  return sooner ? 'fading' : 'none';
}

async function lessonsChanged(deps: GeneratorDeps, userId: string): Promise<boolean> {
  const lessons = await lessonsOfFan(deps.db, userId, deps.clock());
  return changeOf(await storedLessons(deps.db, userId), lessons) !== 'none';
}

/**
 * Learns the fan's tastes again and rescores their upcoming concerts when a lesson changed.
 * Waits a few seconds for the fan's lock; still held: FanBusyError (the job is retried).
 */
export async function relearnFan(deps: GeneratorDeps, userId: string): Promise<RelearnResult> {
  if (!(await lessonsChanged(deps, userId))) return { changed: false, rescored: 0 };
  for (let attempt = 0; attempt < LOCK_TRIES; attempt += 1) {
    const result = await withFanLocks(deps, [userId], async (connection, locked) =>
      locked.length === 0
        ? undefined
        : relearnLocked({ ...deps, db: connection }, connection, userId),
    );
    if (result) {
      // A fan's generation that found the lock held left its work to the holder (generator.ts):
      // the concerts still without a score (a new taste's, say) are scored now.
      await generateForUser(deps, userId);
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
  }
  throw new FanBusyError(userId);
}
