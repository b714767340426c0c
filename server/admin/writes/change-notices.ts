// Change notices: when an upcoming concert changes date, time, venue or price, or is cancelled,
// every fan who liked it gets ONE mail listing what changed (a description fix sends nothing).
// The deliveries are written 'pending' in the edit's own transaction, with what the mail says, so
// who is to be told and what commit with the change; the mails go out right after the commit in
// the background (notice-sender.ts), and a sweep sends whatever a crash left pending.
import { z } from 'zod';
import { concertDay, concertPrice, concertTitle } from '../../../common/concerts/display.js';
import { DEFAULT_LOCALE, LOCALES, savedLocale, type Locale } from '../../../common/i18n/locales.js';
import type { Database } from '../../db/database.js';
import { textsIn, untitledOfGenre } from '../../i18n/intl.js';
import { insertNoticeDeliveries } from '../../mail/notice-deliveries.repository.js';
import type { ConcertChangeLine } from '../../mail/templates.js';
import { findLikersToNotify, type AdminConcertRow } from './change-notices.repository.js';

export interface ChangeNotice {
  cancelled: boolean;
  lines: ConcertChangeLine[];
}

/** What a notice's mail says, kept with each delivery (mail_deliveries.payload). */
export const noticePayloadSchema = z.object({
  concertId: z.number().int(),
  /** The later of the concert's days before and after the change: no notice is sent after it. */
  lastDay: z.string(),
  title: z.string(),
  when: z.string(),
  cancelled: z.boolean(),
  /** The fan's language, the mail's too (none: Spanish). */
  locale: z.enum(LOCALES).optional(),
  lines: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })),
});
export type NoticePayload = z.infer<typeof noticePayloadSchema>;

/**
 * How long after the edit the sweep may take a notice: the in-process send has it first (it
 * normally ends in a second), and its row lock keeps the two apart anyway.
 */
export const NOTICE_SWEEP_GRACE_MS = 60_000;

/** Two prices alike: '12' is '12.00'; an unknown price is neither of them, nor free. */
const samePrice = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Number(a) === Number(b);

/**
 * What a fan must hear about, in their language, or null (nothing that matters to someone going
 * changed).
 */
export function changeNoticeOf(
  before: AdminConcertRow,
  after: AdminConcertRow,
  locale: Locale = DEFAULT_LOCALE,
): ChangeNotice | null {
  if (before.cancelled_at === null && after.cancelled_at !== null) {
    return { cancelled: true, lines: [] };
  }
  if (after.cancelled_at !== null) return null;
  const t = textsIn(locale);
  const lines: ConcertChangeLine[] = [];
  const day = (row: AdminConcertRow) => concertDay(locale, row.day);
  const price = (row: AdminConcertRow) => concertPrice(locale, row.price, t);
  if (before.day !== after.day)
    lines.push({ label: t('notice.day'), before: day(before), after: day(after) });
  if (before.hour !== after.hour)
    lines.push({ label: t('notice.hour'), before: before.hour, after: after.hour });
  if (before.venue_id !== after.venue_id || before.venue !== after.venue)
    lines.push({ label: t('notice.venue'), before: before.venue, after: after.venue });
  if (!samePrice(before.price, after.price))
    lines.push({ label: t('notice.price'), before: price(before), after: price(after) });
  return lines.length > 0 ? { cancelled: false, lines } : null;
}

/** Records one pending delivery per fan to tell, inside the edit's transaction; returns their ids. */
export async function queueChangeNotices(
  db: Database,
  edit: { before: AdminConcertRow; after: AdminConcertRow },
  notice: ChangeNotice,
  now: Date,
): Promise<string[]> {
  const { before, after } = edit;
  const likers = await findLikersToNotify(db, before.id);
  const payloadIn = (locale: Locale): NoticePayload => {
    const t = textsIn(locale);
    return {
      concertId: before.id,
      lastDay: before.day > after.day ? before.day : after.day,
      title: concertTitle(
        { bands: before.bands, name: before.bandname },
        { unnamed: () => untitledOfGenre(t, before.genre) },
      ),
      when: t('weekly.when', { day: concertDay(locale, before.day), hour: before.hour }),
      // The same notice, its lines in this language.
      ...(changeNoticeOf(before, after, locale) ?? notice),
      ...(locale === DEFAULT_LOCALE ? {} : { locale }),
    };
  };
  const payloads = new Map(LOCALES.map((locale) => [locale, payloadIn(locale)]));
  return insertNoticeDeliveries(
    db,
    likers.map((fan) => ({
      userId: fan.user_id,
      email: fan.email,
      payload: payloads.get(savedLocale(fan.locale))!,
    })),
    new Date(now.getTime() + NOTICE_SWEEP_GRACE_MS),
  );
}
