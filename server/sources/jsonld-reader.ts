// schema.org events (Event, MusicEvent, Festival, ...) from the JSON-LD that ticket sellers and
// venues put in their pages for search engines, into the one normalised event shape.
import {
  ADDRESS_MAX,
  CATEGORIES_MAX,
  CATEGORY_MAX,
  DESCRIPTION_MAX,
  NAME_MAX,
  PERFORMERS_MAX,
  PERFORMER_MAX,
  VENUE_NAME_MAX,
  type ImportedEvent,
  type ImportedEventStatus,
  type ReadOptions,
  type ReadResult,
} from './imported-event.js';
import {
  findEvents,
  isObject,
  jsonLdBlocks,
  listOf,
  parseJsonLd,
  typesOf,
  type JsonObject,
  type Resolver,
} from './jsonld-graph.js';
import {
  formatCents,
  isVirtual,
  memberOf,
  offerFacts,
  saysFree,
  startOf,
  textOf,
  textsOf,
} from './jsonld-values.js';
import { EventCollector } from './read-window.js';
import { boundedKey, distinctNames, httpUrl, plainLine, plainText } from './text.js';

/**
 * The events of every JSON-LD block of a page. A block that is not JSON is passed over; a page
 * without any event gives an empty result (readSource tells that apart).
 */
export function readJsonLdEvents(html: string, pageUrl: string, options: ReadOptions): ReadResult {
  const documents = jsonLdBlocks(html)
    .map(parseJsonLd)
    .filter((document) => document !== null);
  return readJsonLdDocuments(documents, pageUrl, options);
}

/** The events of JSON-LD documents already parsed (a page's blocks, or one bare document). */
export function readJsonLdDocuments(
  documents: unknown[],
  pageUrl: string,
  options: ReadOptions,
): ReadResult {
  const collector = new EventCollector(options);
  const { events, resolve } = findEvents(documents);
  for (const node of events) readEvent(node, pageUrl, resolve, collector);
  return collector.result();
}

function readEvent(
  node: JsonObject,
  pageUrl: string,
  resolve: Resolver,
  collector: EventCollector,
) {
  const name = plainLine(textOf(node.name), NAME_MAX);
  const url = httpUrl(textOf(node.url), pageUrl);
  const venue = venueOf(node.location, resolve);
  const rawStart = textOf(node.startDate)?.trim() ?? null;
  const key = keyOf(node, pageUrl, url, name, rawStart, venue);
  if (!name) return collector.skip(key, null, 'no-name');
  if (!rawStart) return collector.skip(key, name, 'no-start');
  const start = startOf(rawStart);
  if (!start) return collector.skip(key, name, 'bad-date');
  const offers = offerFacts(node.offers, resolve);
  const free = saysFree(node.isAccessibleForFree);
  collector.add({
    key,
    name,
    day: start.day,
    hour: start.hour,
    venue,
    performers: distinctNames(
      [...listOf(node.performer), ...listOf(node.performers)].map((p) => nameOf(p, resolve)),
      PERFORMER_MAX,
      PERFORMERS_MAX,
    ),
    description: plainText(textOf(node.description), DESCRIPTION_MAX),
    price: free ? '0.00' : offers.cents === null ? null : formatCents(offers.cents),
    currency: offers.currency,
    ticketUrl: httpUrl(offers.url, pageUrl),
    url,
    imageUrl: imageOf(node.image, pageUrl, resolve),
    status: statusOf(node.eventStatus),
    categories: distinctNames(
      [
        ...textsOf(node.genre),
        ...textsOf(node.keywords).flatMap((words) => words.split(',')),
      ].filter((word) => !/^https?:/i.test(word.trim())),
      CATEGORY_MAX,
      CATEGORIES_MAX,
    ),
  });
}

/** The @id (not a blank node), else the url, else name|startDate|place: the source's identity. */
function keyOf(
  node: JsonObject,
  pageUrl: string,
  url: string | null,
  name: string | null,
  rawStart: string | null,
  venue: ImportedEvent['venue'],
): string {
  const id = typeof node['@id'] === 'string' ? node['@id'].trim() : '';
  if (id !== '' && !id.startsWith('_:')) {
    // A relative @id ("#event") is relative to the page, as JSON-LD's base is.
    return boundedKey(/^[a-z][a-z0-9+.-]*:/i.test(id) ? id : (httpUrl(id, pageUrl) ?? id));
  }
  if (url) return boundedKey(url);
  return boundedKey(`${name ?? ''}|${rawStart ?? ''}|${venue?.name ?? ''}`);
}

function nameOf(value: unknown, resolve: Resolver): string | null {
  const node = resolve(value);
  return isObject(node) ? textOf(node.name) : textOf(node);
}

/**
 * A Place (or any place-like node: MusicVenue, a bare PostalAddress) with its name and address;
 * a plain string is the venue's name; a VirtualLocation is no venue. A place with an address but
 * no name gives the address as the name too, for the matcher to try.
 */
function venueOf(value: unknown, resolve: Resolver): ImportedEvent['venue'] {
  for (const item of listOf(value).map(resolve)) {
    if (!isObject(item)) {
      const name = plainLine(textOf(item), VENUE_NAME_MAX);
      if (name) return { name, address: null };
      continue;
    }
    if (isVirtual(item)) continue;
    const isAddress = typesOf(item).includes('PostalAddress');
    const address = addressOf(isAddress ? item : item.address, resolve);
    const name = isAddress ? null : plainLine(textOf(item.name), VENUE_NAME_MAX);
    if (name) return { name, address };
    if (address) return { name: plainLine(address, VENUE_NAME_MAX) ?? address, address };
  }
  return null;
}

/** A text address as given; a PostalAddress as "streetAddress, addressLocality". */
function addressOf(value: unknown, resolve: Resolver): string | null {
  for (const item of listOf(value).map(resolve)) {
    if (!isObject(item)) {
      const text = plainLine(textOf(item), ADDRESS_MAX);
      if (text) return text;
      continue;
    }
    const parts = [item.streetAddress, item.addressLocality]
      .map((part) => plainLine(textOf(part), ADDRESS_MAX))
      .filter((part): part is string => part !== null);
    const text = plainLine(parts.join(', '), ADDRESS_MAX);
    if (text) return text;
  }
  return null;
}

/** The first http(s) image: an address, or an ImageObject's url or contentUrl. */
function imageOf(value: unknown, pageUrl: string, resolve: Resolver): string | null {
  for (const item of listOf(value).map(resolve)) {
    const candidates = isObject(item) ? [item.url, item.contentUrl] : [item];
    for (const candidate of candidates) {
      const url = httpUrl(textOf(candidate), pageUrl);
      if (url) return url;
    }
  }
  return null;
}

const STATUSES: Record<string, ImportedEventStatus> = {
  eventcancelled: 'cancelled',
  eventpostponed: 'postponed',
  eventrescheduled: 'rescheduled',
};

/** eventStatus with any prefix; EventScheduled, EventMovedOnline or nothing: scheduled. */
function statusOf(value: unknown): ImportedEventStatus {
  const member = memberOf(value)?.trim();
  if (!member) return 'scheduled';
  const name = member.replace(/^.*[/:#]/, '').toLowerCase();
  return STATUSES[name] ?? 'scheduled';
}
