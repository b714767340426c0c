// Bounds every request shares, without zod.

/** Ids are PostgreSQL integers: anything above is no row. */
export const INT_MAX = 2147483647;
