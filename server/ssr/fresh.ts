// RFC 9110 If-None-Match for an answer with only an ETag (no Last-Modified), as express's
// req.fresh reads it (the `fresh` package): weak comparison, `*` matches, and a request sent with
// `Cache-Control: no-cache` (a forced reload) is never answered 304.
import type { IncomingHttpHeaders } from 'node:http';

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

export function fresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const noneMatch = headers['if-none-match'];
  if (!noneMatch) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers['cache-control'] ?? '')) return false;
  if (noneMatch.trim() === '*') return true;
  const ours = opaque(etag);
  return noneMatch.split(',').some((tag) => opaque(tag.trim()) === ours);
}
