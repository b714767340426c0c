// A change of taste (liked or disliked genres, favourite artists) throws away the fan's future
// scores and has every upcoming concert scored again: with the AI, about one call per 3 concerts
// (100 calls for 300 concerts). These limits, counted in PostgreSQL per fan, keep one account from
// spending the whole day's AI budget (OPENAI_DAILY_CALL_LIMIT) on its own.
//
// 10 an hour leaves room for someone trying out combinations on the profile page; 20 a day is
// several sessions of that, far above what a fan needs (onboarding, then a change now and then),
// and caps one fan at about 2,000 AI calls a day (300 concerts), a fifth of the default budget.
import type { Database } from '../db/database.js';
import { RateLimitedError } from '../lib/errors.js';
import { hitAll } from '../security/rate-limit.js';

export const TASTE_CHANGE_LIMITS = [
  { name: 'taste-hour', limit: 10, windowSeconds: 60 * 60 },
  { name: 'taste-day', limit: 20, windowSeconds: 24 * 60 * 60 },
];

const tasteKeys = (userId: string) =>
  TASTE_CHANGE_LIMITS.map((rule) => ({ ...rule, key: `${rule.name}:${userId}` }));

/**
 * A new language rewrites the fan's reasons as a change of taste does, counted by the same limits;
 * over them it is still saved, and only the rewrite waits for the concerts' next scoring.
 */
export const mayRescoreForLanguage = async (db: Database, userId: string) =>
  (await hitAll(db, tasteKeys(userId))) === 0;

export interface Taste {
  top_genres: string[];
  disliked_genres: string[];
  top_artists: string[];
}

const sameList = (a: string[], b: string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
};

/** Order and repeats do not change a recommendation: only what is in each list. */
export const sameTaste = (a: Taste, b: Taste) =>
  sameList(a.top_genres, b.top_genres) &&
  sameList(a.disliked_genres, b.disliked_genres) &&
  sameList(a.top_artists, b.top_artists);

/** "12 minutos", "1 hora": how long until the fan may change their taste again (the message's values). */
function waitOf(seconds: number): { unit: 'minute' | 'hour'; count: number } {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 60
    ? { unit: 'minute', count: minutes }
    : { unit: 'hour', count: Math.ceil(minutes / 60) };
}

/** Counts one taste change; throws a 429 (with Retry-After) when over a limit. */
export async function countTasteChange(db: Database, userId: string): Promise<void> {
  const wait = await hitAll(db, tasteKeys(userId));
  if (wait === 0) return;
  throw new RateLimitedError(
    'tastes_rate_limited',
    { id: 'error.profile.tasteTooOften', values: waitOf(wait) },
    wait,
  );
}
