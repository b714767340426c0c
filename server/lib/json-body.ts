// JSON bodies with a size limit per group of routes, each fitting the largest valid input of its
// routes (JSON may escape every character as \uXXXX: six bytes). A larger body is refused by
// body-parser before it is read further, as a 413 (server/lib/errors.ts).
import express, { type RequestHandler } from 'express';

export interface BodyLimit {
  /** Path prefix, matched on whole segments. */
  prefix: string;
  limit: string;
}

/** Longest prefix first. Anything not listed takes DEFAULT_BODY_LIMIT. */
const BODY_LIMITS: readonly BodyLimit[] = [
  // Email (254), password (256 at sign-in) or a reset token (200): a few KB.
  { prefix: '/api/auth', limit: '4kb' },
  // Name, 50 artists of 100 characters and genre lists.
  { prefix: '/api/profile', limit: '32kb' },
  // A concert's 5,000-character description, URLs of 2,000 and names. Uploads are multipart.
  { prefix: '/api/admin', limit: '64kb' },
];

/** The remaining JSON routes take a flag, a number or nothing at all. */
const DEFAULT_BODY_LIMIT = '2kb';

const matches = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function jsonBodies(limits = BODY_LIMITS): RequestHandler {
  const parsers = limits.map(({ prefix, limit }) => ({ prefix, parse: express.json({ limit }) }));
  const fallback = express.json({ limit: DEFAULT_BODY_LIMIT });
  return (req, res, next) => {
    const parser = parsers.find(({ prefix }) => matches(req.path, prefix))?.parse ?? fallback;
    parser(req, res, next);
  };
}
