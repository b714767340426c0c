// A concert's fields as forms send them (day, hour, price), without zod: the admin's and the public
// form's schemas check them, and light screens can too.

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** HH:mm, seconds tolerated (some time inputs send them). */
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** Euros with at most two decimals, no sign. */
export const PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;
/** numeric(8,2): six digits before the point. */
export const PRICE_MAX = 999999.99;

/** A calendar date that exists (rejects 2030-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
