// Calendar links shared by the server (ICS files, feeds) and the SPA (Google Calendar link, the
// feed links of the profile). The concert page is `/conciertos/<id>`: the server redirects it to
// the page's slugged address, so nothing here needs the slug.
import { slugify } from '../concerts/page-address.js';
import { GENRES, type Genre } from '../genres/genres.js';

/** A concert has no end time in our data: calendars get this default length. */
export const DEFAULT_DURATION_HOURS = 3;

export const CALENDAR_TIME_ZONE = 'Europe/Madrid';

/** Where the calendar files and feeds live (outside /api: no session, cacheable). */
export const CALENDAR_PATH = '/calendario';

export const concertPagePath = (id: number) => `/conciertos/${id}`;
export const concertIcsPath = (id: number) => `${CALENDAR_PATH}/conciertos/${id}.ics`;
export const publicFeedPath = (format: 'ics' | 'rss') => `${CALENDAR_PATH}/conciertos.${format}`;
export const genreFeedPath = (genre: Genre, format: 'ics' | 'rss') =>
  `${CALENDAR_PATH}/generos/${genreSlug(genre)}.${format}`;
export const privateFeedPath = (token: string) => `${CALENDAR_PATH}/privado/${token}.ics`;

/** 'Música Electrónica' → 'musica-electronica', 'R&B' → 'r-b': lower case ASCII and hyphens. */
export const genreSlug = (genre: string): string => slugify(genre);

// Built on first use (only the server's feed routes read it), so the client never compiles the
// `\p{Diacritic}` expression nor loads the normalisation data at start.
let genreBySlug: Map<string, Genre> | undefined;

export function genreOfSlug(slug: string): Genre | undefined {
  genreBySlug ??= new Map(GENRES.map((genre) => [genreSlug(genre), genre]));
  return genreBySlug.get(slug);
}

/** The same address with webcal://, which makes calendar apps subscribe instead of download. */
export const webcalUrl = (httpUrl: string) => httpUrl.replace(/^https?:/, 'webcal:');

/** 'yyyy-MM-dd' + 'HH:mm[:ss]' → 'yyyyMMddTHHmmss', the floating form both ICS and Google use. */
export function compactLocal(day: string, hour: string): string {
  const [hh = '00', mm = '00', ss = '00'] = hour.split(':');
  return `${day.replaceAll('-', '')}T${hh}${mm}${ss.slice(0, 2)}`;
}

/**
 * The end in Madrid wall-clock time, DEFAULT_DURATION_HOURS later. Computed on the wall clock
 * (a night that crosses a DST change lasts an hour more or less): Google reads it with ctz.
 */
export function defaultEndLocal(day: string, hour: string): { day: string; hour: string } {
  const [hh = '0', mm = '0'] = hour.split(':');
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCHours(Number(hh) + DEFAULT_DURATION_HOURS, Number(mm));
  const iso = start.toISOString();
  return { day: iso.slice(0, 10), hour: iso.slice(11, 19) };
}

export interface GoogleCalendarInput {
  title: string;
  day: string;
  hour: string;
  location: string;
  details: string;
}

/** Google Calendar's "add event" link (render?action=TEMPLATE), times in Madrid through ctz. */
export function googleCalendarUrl(input: GoogleCalendarInput): string {
  const end = defaultEndLocal(input.day, input.hour);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: input.title,
    dates: `${compactLocal(input.day, input.hour)}/${compactLocal(end.day, end.hour)}`,
    ctz: CALENDAR_TIME_ZONE,
    details: input.details,
    location: input.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
