/**
 * The value, or a failed test that names what was missing: with noUncheckedIndexedAccess, headers
 * and array items a test reads may be undefined, and a clear failure beats a `!` that hides it.
 */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Falta ${what}`);
  return value;
}
