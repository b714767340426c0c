// The types of responses.ts, by type-only imports: zod stays out of the client's bundle.
import type { z } from 'zod';
import type { calendarFeedLinkSchema, calendarFeedSchema } from './responses.js';

/** GET/PATCH /api/profile/calendar: the fan's private feed. Its address is shown only once. */
export type CalendarFeedDto = z.infer<typeof calendarFeedSchema>;

/** POST /api/profile/calendar/token: a new link (any older one stops working). */
export type CalendarFeedLinkDto = z.infer<typeof calendarFeedLinkSchema>;
