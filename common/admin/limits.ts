// Admin limits the admin screens share with the server. Nothing here runs zod, so the browser
// bundle that imports the limits never pulls the validation library in.

export const ADMIN_NAME_MAX = 200;
export const ADMIN_DESCRIPTION_MAX = 5000;
export const ADMIN_URL_MAX = 2000;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT = 20;
/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 25;
export const MAX_CONCERT_BANDS = 20;

/** The generations an admin starts (admin_runs.kind). */
export const ADMIN_RUN_KINDS = [
  'recommendations',
  'descriptions-short',
  'descriptions-long',
] as const;
