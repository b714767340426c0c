// The sources' limits and names, without zod: the admin's screens import these.

export const SOURCE_URL_MAX = 2000;
export const SOURCE_NAME_MAX = 120;
/** Waiting events per page of GET /api/admin/sources/waiting. */
export const WAITING_PAGE_SIZE = 20;
/** Flagged missing concerts GET /api/admin/sources/missing lists, the soonest first. */
export const MISSING_LIST_MAX = 100;

/** Why an imported event waits for an admin instead of being published. */
export const WAITING_REASONS = ['review', 'no-hour', 'unknown-venue', 'no-genre'] as const;
export type WaitingReason = (typeof WAITING_REASONS)[number];

export const RUN_TRIGGERS = ['schedule', 'admin'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
