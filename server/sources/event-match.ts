// What an event is in our terms: its venue (named, or the source's default when it names none),
// its performers as our bands (found; the others are created when it is published) and its genre
// (the first band with genres, else the source's, else one of ours its categories name). What is
// missing makes it wait for an admin, never a guess.
import { foldName } from '../../common/text/fold.js';
import { GENRES, type Genre } from '../../common/genres/genres.js';
import type { WaitingReason } from '../../common/sources/limits.js';
import type { Database } from '../db/database.js';
import type { ImportedEvent } from './imported-event.js';
import { findBandsByFoldedName, type MatchBandRow } from './matching.repository.js';
import { matchKey } from './names.js';
import { matchVenue, type VenueIndex } from './venue-match.js';

export interface SourceDefaults {
  genre: string | null;
  venue_id: number | null;
}

export interface Resolution {
  venue: { id: number; name: string } | null;
  /** Our bands among the performers, in the performers' order. */
  bands: MatchBandRow[];
  /** Performers that are no band of ours yet. */
  newBandNames: string[];
  genre: Genre | null;
  /** What keeps it from being published without an admin (review aside). */
  missing: WaitingReason | null;
}

const GENRE_KEYS = GENRES.map((genre) => [matchKey(genre), genre] as const);

/** One of our genres a category names ("rock", "Hip Hop", "electrónica"). */
function genreOfCategories(categories: string[]): Genre | null {
  for (const category of categories) {
    const key = matchKey(category);
    if (key === '') continue;
    const found = GENRE_KEYS.find(([genreKey]) => genreKey === key || genreKey.endsWith(` ${key}`));
    if (found) return found[1];
  }
  return null;
}

const isOurGenre = (genre: string | null | undefined): genre is Genre =>
  genre !== null && genre !== undefined && (GENRES as readonly string[]).includes(genre);

/** Each of the event's performers found among `found` (by folded name), or a name to create. */
export function splitPerformers(performers: string[], found: MatchBandRow[]) {
  const bands: MatchBandRow[] = [];
  const newBandNames: string[] = [];
  for (const name of performers) {
    const band = found.find((row) => row.folded === foldName(name));
    if (band) {
      if (!bands.includes(band)) bands.push(band);
    } else newBandNames.push(name);
  }
  return { bands, newBandNames };
}

export function resolveWith(
  event: ImportedEvent,
  index: VenueIndex,
  source: SourceDefaults,
  foundBands: MatchBandRow[],
): Resolution {
  const matched = event.venue
    ? matchVenue(index, event.venue)
    : index.venues.find((venue) => venue.id === source.venue_id);
  const venue = matched ? { id: matched.id, name: matched.name } : null;
  const { bands, newBandNames } = splitPerformers(event.performers, foundBands);
  const bandGenre = bands.map((band) => band.genres.find(isOurGenre)).find(isOurGenre);
  const genre =
    bandGenre ??
    (isOurGenre(source.genre) ? source.genre : null) ??
    genreOfCategories(event.categories);
  const missing: WaitingReason | null = !venue
    ? 'unknown-venue'
    : event.hour === null
      ? 'no-hour'
      : genre === null
        ? 'no-genre'
        : null;
  return { venue, bands, newBandNames, genre, missing };
}

/** The bands of our list every performer of these events could be, in one query. */
export function findPerformerBands(db: Database, events: ImportedEvent[]) {
  const names = new Set(events.flatMap((event) => event.performers.map((name) => foldName(name))));
  return findBandsByFoldedName(db, [...names]);
}
