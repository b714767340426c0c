// A concert's genre and price as the admin's concert forms and the public form ('Publica tus
// conciertos') send them, as zod schemas. Apart from schemas.ts (the agenda's requests), so the
// forms' checks in the browser carry only these.
import { z } from 'zod';
import { GENRES } from '../genres/genres.js';
import { messages, msg, textSchema } from '../text/schemas.js';
import { PRICE_MAX, PRICE_PATTERN } from './limits.js';

export const genreSchema = z.enum(GENRES, messages('error.genre.missing', 'error.genre.unknown'));

const NEGATIVE_PRICE = msg('error.concert.negativePrice');
const BAD_PRICE = msg('error.concert.badPrice');

/** Euros as the exact decimal text we store (numeric(8,2)); never added up as floats. */
export const priceSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
  textSchema({
    max: 20,
    tooLong: BAD_PRICE,
    notText: messages('error.concert.priceMissing', BAD_PRICE),
  })
    .min(1, msg('error.concert.priceMissing'))
    .refine((value) => !value.startsWith('-'), NEGATIVE_PRICE)
    .refine((value) => PRICE_PATTERN.test(value), BAD_PRICE)
    .refine((value) => Number(value) <= PRICE_MAX, msg('error.concert.priceTooHigh')),
);
