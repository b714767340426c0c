// A concert in the API's requests, as zod schemas: the agenda's routes (likes, "Voy", 👍/👎). The
// server validates with them and the OpenAPI document is generated from them; the answers are in
// responses.ts, the fields the concert forms share in fields.ts.
import { z } from 'zod';
import { INT_MAX } from '../api/limits.js';
import { msg } from '../text/schemas.js';

const BAD_CONCERT_ID = msg('error.concert.badId');
/** Digits only, and within PostgreSQL's integer: anything else never reaches SQL. */
export const concertIdParamsSchema = z.strictObject({
  id: z
    .string(BAD_CONCERT_ID)
    .max(10, { error: BAD_CONCERT_ID, abort: true })
    .regex(/^[1-9]\d*$/, { error: BAD_CONCERT_ID, abort: true })
    .transform(Number)
    .refine((id) => id <= INT_MAX, BAD_CONCERT_ID),
});
export const likeSchema = z.strictObject({
  liked: z.boolean({ error: msg('error.concert.likeFlag') }),
});
export const goingSchema = z.strictObject({
  going: z.boolean({ error: msg('error.concert.goingFlag') }),
});
export const feedbackSchema = z.strictObject({
  feedback: z.union([z.literal(-1), z.literal(0), z.literal(1)], {
    error: msg('error.concert.feedback'),
  }),
});
