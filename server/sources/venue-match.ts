// An event's location matched to one of our venues by name, alias or address, case, accents and
// punctuation aside: "ES GREMI", "Auditori Sa Màniga, Cala Millor", "Carrer de Sant Feliu 8,
// Palma". No match is no venue: an event is never given a venue it did not name.
import type { MatchVenueRow } from './matching.repository.js';
import { matchKey } from './names.js';

/** An address shorter than this matches too much to be trusted inside another text. */
const MIN_ADDRESS = 8;
/** A venue name shorter than this is matched whole only, never as the start of a location. */
const MIN_NAME_PREFIX = 6;

export interface VenueIndex {
  venues: MatchVenueRow[];
  /** Per venue: its name's and aliases' keys, its address's and town's. */
  keys: Map<number, { names: string[]; address: string; town: string }>;
}

export function indexVenues(venues: MatchVenueRow[]): VenueIndex {
  const keys = new Map(
    venues.map((venue) => [
      venue.id,
      {
        names: [venue.name, ...venue.aliases].map(matchKey).filter((key) => key !== ''),
        address: venue.address ? matchKey(venue.address) : '',
        town: matchKey(venue.town),
      },
    ]),
  );
  return { venues, keys };
}

/** The names a location may be given as: whole, before its first comma, without a "(Town)". */
function nameKeys(name: string): string[] {
  const whole = matchKey(name);
  const beforeComma = matchKey(name.split(',')[0] ?? '');
  const beforeDash = matchKey(name.split(/\s[-–|]\s/)[0] ?? '');
  const withoutBrackets = matchKey(name.replace(/\([^)]*\)/g, ' '));
  return [...new Set([whole, beforeComma, beforeDash, withoutBrackets])].filter((k) => k !== '');
}

export function matchVenue(
  index: VenueIndex,
  location: { name: string; address: string | null },
): MatchVenueRow | undefined {
  const names = nameKeys(location.name);
  const text = ` ${matchKey(`${location.name} ${location.address ?? ''}`)} `;
  const byName: MatchVenueRow[] = [];
  const byAddress: MatchVenueRow[] = [];
  for (const venue of index.venues) {
    const keys = index.keys.get(venue.id)!;
    const named = keys.names.some(
      (key) =>
        names.includes(key) || (key.length >= MIN_NAME_PREFIX && text.startsWith(` ${key} `)),
    );
    if (named) byName.push(venue);
    else if (keys.address.length >= MIN_ADDRESS && text.includes(` ${keys.address} `)) {
      byAddress.push(venue);
    }
  }
  const found = byName.length > 0 ? byName : byAddress;
  // Two venues of one name in different towns: the one whose town the location names.
  return (
    found.find((venue) => {
      const town = index.keys.get(venue.id)!.town;
      return town !== '' && text.includes(` ${town} `);
    }) ?? found[0]
  );
}
