// The fan's private calendar feed in the API's answers (its settings and a new link), as zod
// schemas: the OpenAPI document is generated from them; types.ts derives their types.
import { z } from 'zod';

/** GET/PATCH /api/profile/calendar: the fan's private feed. Its address is shown only once. */
export const calendarFeedSchema = z
  .object({
    /** A live link exists (the address itself cannot be shown again: only its hash is kept). */
    active: z.boolean(),
    /** ISO instant the live link was made, or null. */
    createdAt: z.string().nullable(),
    /** Every 🔥🔥🔥 match joins the concerts liked or gone to. */
    includeExtreme: z.boolean(),
  })
  .meta({ id: 'CalendarFeed' });

/** POST /api/profile/calendar/token: a new link (any older one stops working). */
export const calendarFeedLinkSchema = calendarFeedSchema
  .extend({ feedUrl: z.string(), webcalUrl: z.string() })
  .meta({ id: 'CalendarFeedLink' });
