// The concert fields an import writes, and the rule that lets an admin's own edit win: a field is
// written only while the concert still holds the value we last wrote to it (or, never written by
// us, while it is blank). The values we wrote are kept per event (imported_events.imported_values).
import { foldName } from '../../common/text/fold.js';
import type { AdminConcertRow } from '../admin/writes/change-notices.repository.js';
import type { ImportedEvent } from './imported-event.js';

/** The values we last wrote, by field; a field we never wrote is absent. */
export interface ImportedValues {
  day?: string;
  hour?: string;
  venueId?: number;
  price?: string | null;
  name?: string;
  /** The bands' names folded, sorted. */
  bands?: string[];
  ticketUrl?: string | null;
  sourceUrl?: string | null;
  imageUrl?: string | null;
  description?: string | null;
  cancelled?: boolean;
}

type Field = Exclude<keyof ImportedValues, 'cancelled'>;
const FIELDS: Field[] = [
  'day',
  'hour',
  'venueId',
  'price',
  'name',
  'bands',
  'ticketUrl',
  'sourceUrl',
  'imageUrl',
  'description',
];

export const bandKeys = (names: string[]) => [...new Set(names.map(foldName))].sort();

/** What the event says each field should be; absent where it says nothing we may use. */
export function valuesOf(event: ImportedEvent, venueId: number | null): ImportedValues {
  return {
    day: event.day,
    ...(event.hour !== null ? { hour: event.hour } : {}),
    ...(venueId !== null ? { venueId } : {}),
    price: event.price,
    name: event.name,
    bands: bandKeys(event.performers),
    ticketUrl: event.ticketUrl,
    sourceUrl: event.url,
    imageUrl: event.imageUrl,
    description: event.description,
  };
}

export function currentValues(row: AdminConcertRow): Required<Omit<ImportedValues, 'cancelled'>> {
  return {
    day: row.day,
    hour: row.hour,
    venueId: row.venue_id,
    price: row.price,
    name: row.bandname ?? '',
    bands: bandKeys(row.bands.map((band) => band.name)),
    ticketUrl: row.ticket_url,
    sourceUrl: row.source_url,
    imageUrl: row.image_url,
    description: row.concert_description,
  };
}

type Value = ImportedValues[Field];

function same(field: Field, a: Value, b: Value): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.join('\n') === b.join('\n');
  }
  // Prices: '12' and '12.00' are one price.
  if (field === 'price' && typeof a === 'string' && typeof b === 'string') {
    return Number(a) === Number(b);
  }
  return (a ?? null) === (b ?? null);
}

const blank = (value: Value) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

export interface FieldChanges {
  /** The fields to write, with their new values. */
  write: ImportedValues;
  /** imported_values after the write. */
  recorded: ImportedValues;
}

/**
 * The fields to write to a concert now holding `current`, given what we wrote last (`last`) and
 * what the source says (`next`): a field the concert already agrees with is recorded; one it still
 * holds as we wrote it (or blank, never written by us) is written; any other is the admin's.
 */
export function changesFor(
  current: ReturnType<typeof currentValues>,
  last: ImportedValues,
  next: ImportedValues,
): FieldChanges {
  const write: ImportedValues = {};
  const recorded: ImportedValues = { ...last };
  for (const field of FIELDS) {
    if (!(field in next)) continue;
    const value = next[field];
    const ours = field in last ? same(field, current[field], last[field]) : blank(current[field]);
    if (same(field, current[field], value)) {
      Object.assign(recorded, { [field]: value });
    } else if (ours) {
      Object.assign(write, { [field]: value });
      Object.assign(recorded, { [field]: value });
    }
  }
  return { write, recorded };
}

export const hasWrites = (changes: FieldChanges) => Object.keys(changes.write).length > 0;
