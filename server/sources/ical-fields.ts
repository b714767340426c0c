// The fields of one VEVENT (a whole event, or a RECURRENCE-ID override of one occurrence), as the
// normalised event has them; times are ical-reader.ts's business.
import type ICAL from 'ical.js';
import {
  ADDRESS_MAX,
  CATEGORIES_MAX,
  CATEGORY_MAX,
  DESCRIPTION_MAX,
  NAME_MAX,
  VENUE_NAME_MAX,
  type ImportedEvent,
} from './imported-event.js';
import { distinctNames, httpUrl, plainLine, plainText } from './text.js';

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;

export type EventDetails = Pick<
  ImportedEvent,
  'name' | 'venue' | 'description' | 'url' | 'imageUrl' | 'status' | 'categories'
>;

/** A property's first value as text (a URI, a text value), else null. */
function textOf(property: Property | null): string | null {
  if (!property) return null;
  const value: unknown = property.getFirstValue();
  return typeof value === 'string' ? value : null;
}

function parameter(property: Property, name: string): string | null {
  const value = property.getParameter(name);
  if (typeof value === 'string') return value;
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
}

/**
 * LOCATION is free text. Kept simple: its first line, or what comes before its first comma, is the
 * venue's name ("Es Gremi, Carrer Gremi Porgadors 16, Palma" → "Es Gremi"); the rest, its lines
 * joined by commas, the address. Matching to our venues (by name, alias or address) comes later.
 */
export function venueFromLocation(location: string | null): EventDetails['venue'] {
  const text = plainText(location, VENUE_NAME_MAX + ADDRESS_MAX);
  if (!text) return null;
  const cuts = [text.indexOf('\n'), text.indexOf(',')].filter((at) => at >= 0);
  const cut = cuts.length > 0 ? Math.min(...cuts) : text.length;
  const name = plainLine(text.slice(0, cut), VENUE_NAME_MAX);
  const address = plainLine(text.slice(cut + 1).replace(/\s*\n\s*/g, ', '), ADDRESS_MAX);
  if (!name)
    return address ? { name: plainLine(address, VENUE_NAME_MAX) ?? address, address } : null;
  return { name, address };
}

const IMAGE_PATH = /\.(?:avif|gif|jpe?g|png|webp)$/i;

/**
 * IMAGE (RFC 7986) when it is an http(s) address; else an ATTACH that says it is an image
 * (FMTTYPE image/*) or, without FMTTYPE, whose path ends like one. Google attaches Drive
 * documents, which are no poster.
 */
function imageOf(component: Component): string | null {
  for (const property of component.getAllProperties('image')) {
    const url = httpUrl(textOf(property));
    if (url) return url;
  }
  for (const property of component.getAllProperties('attach')) {
    const url = httpUrl(textOf(property));
    if (!url) continue;
    const type = parameter(property, 'fmttype');
    if (type ? type.toLowerCase().startsWith('image/') : IMAGE_PATH.test(new URL(url).pathname)) {
      return url;
    }
  }
  return null;
}

function categoriesOf(component: Component): string[] {
  const values: string[] = [];
  for (const property of component.getAllProperties('categories')) {
    for (const value of property.getValues()) if (typeof value === 'string') values.push(value);
  }
  return distinctNames(values, CATEGORY_MAX, CATEGORIES_MAX);
}

export function detailsOf(component: Component): EventDetails {
  const status = textOf(component.getFirstProperty('status'));
  // Google Calendar's exports often carry HTML in DESCRIPTION; Outlook puts it in X-ALT-DESC.
  const description =
    textOf(component.getFirstProperty('description')) ??
    textOf(component.getFirstProperty('x-alt-desc'));
  return {
    name: plainLine(textOf(component.getFirstProperty('summary')), NAME_MAX) ?? '',
    venue: venueFromLocation(textOf(component.getFirstProperty('location'))),
    description: plainText(description, DESCRIPTION_MAX),
    url: httpUrl(textOf(component.getFirstProperty('url'))),
    imageUrl: imageOf(component),
    status: status?.trim().toUpperCase() === 'CANCELLED' ? 'cancelled' : 'scheduled',
    categories: categoriesOf(component),
  };
}

/** The UID, trimmed, or null. */
export function uidOf(component: Component): string | null {
  const uid = textOf(component.getFirstProperty('uid'))?.trim();
  return uid ? uid : null;
}

/** The TZID parameter of DTSTART (or of another date property), or null. */
export function tzidOf(component: Component, name = 'dtstart'): string | null {
  const property = component.getFirstProperty(name);
  return property ? parameter(property, 'tzid') : null;
}
