// The fan's private feed from the profile: make (or remake) its link, revoke it, choose whether
// every extreme match joins the concerts liked or gone to. The link is shown once, when it is made.
import { privateFeedPath, webcalUrl } from '../../common/calendar/links.js';
import type { CalendarFeedDto, CalendarFeedLinkDto } from '../../common/calendar/types.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import {
  clearFeedToken,
  findFeedOfUser,
  saveFeedToken,
  saveIncludeExtreme,
  type CalendarFeedRow,
} from './calendar.repository.js';
import { newFeedToken } from './feed-token.js';

export interface PrivateFeedDeps {
  db: Database;
  clock: Clock;
  publicUrl: string;
}

export function toCalendarFeedDto(row: CalendarFeedRow | undefined): CalendarFeedDto {
  return {
    active: Boolean(row?.selector),
    createdAt: row?.token_created_at?.toISOString() ?? null,
    includeExtreme: row?.include_extreme ?? false,
  };
}

export async function calendarFeedStatus(
  deps: PrivateFeedDeps,
  userId: string,
): Promise<CalendarFeedDto> {
  return toCalendarFeedDto(await findFeedOfUser(deps.db, userId));
}

/** A new link; the previous one, if any, stops working at once. */
export async function makeCalendarFeedLink(
  deps: PrivateFeedDeps,
  userId: string,
): Promise<CalendarFeedLinkDto> {
  const token = newFeedToken();
  const row = await saveFeedToken(deps.db, userId, {
    selector: token.selector,
    secretHash: token.secretHash,
    createdAt: deps.clock(),
  });
  const feedUrl = `${deps.publicUrl}${privateFeedPath(token.token)}`;
  return { ...toCalendarFeedDto(row), feedUrl, webcalUrl: webcalUrl(feedUrl) };
}

/** Revokes the link (nothing to do when there is none). */
export async function revokeCalendarFeedLink(deps: PrivateFeedDeps, userId: string): Promise<void> {
  await clearFeedToken(deps.db, userId, deps.clock());
}

export async function setCalendarFeedExtreme(
  deps: PrivateFeedDeps,
  userId: string,
  includeExtreme: boolean,
): Promise<CalendarFeedDto> {
  return toCalendarFeedDto(await saveIncludeExtreme(deps.db, userId, includeExtreme, deps.clock()));
}
