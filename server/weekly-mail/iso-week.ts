// The ISO week ("2026-W47") of an instant as lived in Mallorca: a campaign fired at 00:30 on a
// Monday in Madrid belongs to the new week even though it is still Sunday in UTC.
import { madridDateTime } from '../lib/time.js';

export function isoWeekOf(instant: Date): string {
  const day = madridDateTime(instant).day;
  const date = new Date(`${day}T12:00:00Z`);
  // ISO weeks start on Monday; the week belongs to the year of its Thursday.
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3);
  const thursdayYear = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(thursdayYear, 0, 4, 12));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${thursdayYear}-W${String(week).padStart(2, '0')}`;
}
