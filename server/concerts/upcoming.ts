import { madridDateTime, type Clock } from '../lib/time.js';

/** Concerts that started more than this long ago are hidden. */
const STARTED_GRACE_MS = 2 * 60 * 60 * 1000;

/** The Mallorca wall-clock day and time before which a concert is no longer "upcoming". */
export function upcomingCutoff(clock: Clock): { day: string; time: string } {
  return madridDateTime(new Date(clock().getTime() - STARTED_GRACE_MS));
}
