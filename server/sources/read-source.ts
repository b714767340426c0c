// What a fetched source is, and its events: an iCalendar feed, or schema.org events in JSON-LD
// (a page's blocks, or a bare JSON-LD document).
import { readICalendar } from './ical-reader.js';
import type { ReadOptions, ReadResult } from './imported-event.js';
import { parseJsonLd } from './jsonld-graph.js';
import { readJsonLdDocuments, readJsonLdEvents } from './jsonld-reader.js';
import { SourceReadError } from './source-error.js';

export interface FetchedSource {
  body: string;
  contentType: string;
  finalUrl: string;
}

export type SourceFormat = 'icalendar' | 'jsonld';

const mediaType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

// Feeds are often served as text/plain or application/octet-stream, and pages without a type:
// the body's first characters decide when the type says nothing useful.
const looksLikeCalendar = (body: string) => /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(body.slice(0, 1000));
const looksLikeHtml = (body: string) =>
  /^\uFEFF?\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>])/i.test(body.slice(0, 1000));

/**
 * Reads a fetched source with the reader its type (or, failing that, its first characters) calls
 * for. Throws SourceReadError: not-icalendar (a broken feed), no-events-found (a page or document
 * without any event), unknown-format (neither).
 */
export function readSource(
  fetched: FetchedSource,
  options: ReadOptions,
): ReadResult & { format: SourceFormat } {
  const type = mediaType(fetched.contentType);
  if (type === 'text/calendar' || looksLikeCalendar(fetched.body)) {
    return { ...readICalendar(fetched.body, options), format: 'icalendar' };
  }
  let result: ReadResult;
  if (type === 'application/ld+json' || type === 'application/json') {
    const document = parseJsonLd(fetched.body);
    result = readJsonLdDocuments(document === null ? [] : [document], fetched.finalUrl, options);
  } else if (
    type === 'text/html' ||
    type === 'application/xhtml+xml' ||
    looksLikeHtml(fetched.body)
  ) {
    result = readJsonLdEvents(fetched.body, fetched.finalUrl, options);
  } else {
    throw new SourceReadError('unknown-format', type || 'no content-type');
  }
  // Every event found is either kept or skipped with a reason: none of either means none at all.
  if (result.events.length === 0 && result.skippedCount === 0) {
    throw new SourceReadError('no-events-found');
  }
  return { ...result, format: 'jsonld' };
}
