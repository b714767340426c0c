// An `Event` a followed agenda (Gancio, Mobilizon, another of ours) sent, read into the import
// pipeline's one event shape. Read from the JSON as the agenda wrote it: Gancio gives its place's
// address as text, Mobilizon as a schema.org PostalAddress, we as the place's summary.
import {
  ADDRESS_MAX,
  CATEGORIES_MAX,
  CATEGORY_MAX,
  DESCRIPTION_MAX,
  NAME_MAX,
  VENUE_NAME_MAX,
  type ImportedEvent,
  type SkipReason,
} from '../sources/imported-event.js';
import { startOf, textOf } from '../sources/jsonld-values.js';
import { EventCollector } from '../sources/read-window.js';
import { boundedKey, distinctNames, httpUrl, plainLine, plainText } from '../sources/text.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** A name or content in Spanish if the agenda wrote several languages, else the first. */
function textIn(node: Json, key: string): string | null {
  const map = node[`${key}Map`];
  if (isObject(map)) {
    const text = textOf(map.es) ?? textOf(Object.values(map)[0]);
    if (text !== null) return text;
  }
  return textOf(node[key]);
}

function linkOf(value: unknown): string | null {
  const item = first(value);
  if (typeof item === 'string') return httpUrl(item);
  if (isObject(item)) return httpUrl(textOf(item.href) ?? textOf(item.url));
  return null;
}

function addressOf(place: Json): string | null {
  const address = place.address;
  if (typeof address === 'string') return plainLine(address, ADDRESS_MAX);
  if (isObject(address)) {
    const parts = ['streetAddress', 'postalCode', 'addressLocality']
      .map((key) => textOf(address[key]))
      .filter(Boolean);
    return plainLine(parts.join(', '), ADDRESS_MAX);
  }
  return plainLine(textIn(place, 'summary'), ADDRESS_MAX);
}

function imageOf(node: Json): string | null {
  const picture = first(node.image);
  const image = linkOf(isObject(picture) ? picture.url : picture);
  if (image) return image;
  const attachments: unknown[] = Array.isArray(node.attachment)
    ? node.attachment
    : [node.attachment];
  const attached = attachments.find(
    (item) => isObject(item) && (textOf(item.mediaType) ?? '').startsWith('image/'),
  );
  return isObject(attached) ? linkOf(attached.url) : null;
}

const CANCELLED = /^\s*(cancelado|cancel·lat|cancelled|canceled|annulé)\b/i;

export type InboundRead = { event: ImportedEvent } | { skipped: SkipReason };

/** The event, or why it is left out (no name, no start, past, too far ahead). */
export function readInboundEvent(node: Json, now: Date): InboundRead {
  const id = httpUrl(textOf(node.id));
  const name = plainLine(textIn(node, 'name'), NAME_MAX);
  if (!id || !name) return { skipped: 'no-name' };
  const start = startOf(textOf(node.startTime) ?? '');
  if (!start) return { skipped: 'no-start' };
  const outside = new EventCollector({ now }).outside(start.day);
  if (outside) return { skipped: outside };
  const place = first(node.location);
  const venueName = isObject(place) ? plainLine(textIn(place, 'name'), VENUE_NAME_MAX) : null;
  const status = (textOf(node['ical:status']) ?? textOf(node.status) ?? '').toUpperCase();
  const tags = (Array.isArray(node.tag) ? node.tag : [node.tag]).filter(isObject);
  return {
    event: {
      key: boundedKey(id),
      name: name.replace(CANCELLED, '').replace(/^[:\s-]+/, '') || name,
      day: start.day,
      hour: start.hour,
      venue: isObject(place) && venueName ? { name: venueName, address: addressOf(place) } : null,
      performers: [],
      description: plainText(textIn(node, 'content') ?? textIn(node, 'summary'), DESCRIPTION_MAX),
      price: null,
      currency: null,
      ticketUrl: null,
      url: linkOf(node.url) ?? id,
      imageUrl: imageOf(node),
      status: status === 'CANCELLED' || CANCELLED.test(name) ? 'cancelled' : 'scheduled',
      categories: distinctNames(
        tags.map((tag) => textOf(tag.name)?.replace(/^#/, '')),
        CATEGORY_MAX,
        CATEGORIES_MAX,
      ),
    },
  };
}
