// PostgreSQL's refusals the app answers in its own words (a unique index decides a race between two
// admins, a foreign key a row deleted meanwhile), by name rather than by SQLSTATE code.

/** The fields of pg's DatabaseError read here; duck-typed, as errors may come from another realm. */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
}

function hasSqlState(error: unknown, sqlState: string, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const fields = error as PgErrorFields;
  return fields.code === sqlState && (constraint === undefined || fields.constraint === constraint);
}

/** 23505: a unique index refused the row; `constraint` (the index's name) narrows it to one. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  hasSqlState(error, '23505', constraint);

/** 23503: a foreign key refused the row; `constraint` narrows it to one key. */
export const isForeignKeyViolation = (error: unknown, constraint?: string): boolean =>
  hasSqlState(error, '23503', constraint);

/** 28P01: the server refused the role's password. */
export const isInvalidPassword = (error: unknown): boolean => hasSqlState(error, '28P01');
