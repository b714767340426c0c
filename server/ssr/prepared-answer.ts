// A public answer made once and sent many times: its bytes, their gzip (made once, not per
// request as the compression middleware would), an ETag and its headers. Sent the same way by the
// full stack (server/ssr/pages.routes.ts) and by the fast lane in front of it (server/ssr/fast-lane.ts).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Response } from 'express';
import { rememberAskedLocale } from '../i18n/intl.js';
import { fresh } from './fresh.js';

/** A kept answer to one request, ready to go out: sets its own headers and ends the response. */
export type KeptAnswer = (res: Response) => void;

export interface PreparedAnswer {
  readonly body: Buffer;
  /** Undefined below GZIP_MIN_BYTES, where the compression middleware would not compress either. */
  readonly gzipped: Buffer | undefined;
  /** Weak: the gzip and the plain bytes are the same representation for a cache's purpose. */
  readonly etag: string;
  readonly contentType: string;
  readonly cacheControl: string;
  /**
   * A page: it depends on whether a session cookie came and on the reader's language (the `lang`
   * cookie, Accept-Language): `Vary: Cookie, Accept-Language` (public-pages.ts).
   */
  readonly variesOnLanguage: boolean;
}

/** compression's default threshold. */
const GZIP_MIN_BYTES = 1024;

export function prepareAnswer(
  text: string,
  contentType: string,
  cacheControl: string,
  { variesOnLanguage = false } = {},
): PreparedAnswer {
  const body = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    body,
    gzipped: body.length >= GZIP_MIN_BYTES ? gzipSync(body) : undefined,
    etag: `W/"${hash}"`,
    contentType,
    cacheControl,
    variesOnLanguage,
  };
}

/** Whether the client takes gzip (a q=0 refuses it). */
function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** 200 with the body (gzipped when the client takes it), or 304 when the client's copy is current. */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  answer: PreparedAnswer,
): void {
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('Cache-Control', answer.cacheControl);
  if (answer.contentType.startsWith('text/html')) rememberAskedLocale(req, res);
  res.setHeader('ETag', answer.etag);
  // Even when too small to gzip: on the full stack the compression middleware adds it to every
  // compressible answer, and both paths must send the same headers.
  appendVary(res, 'Accept-Encoding');
  if (answer.variesOnLanguage) {
    appendVary(res, 'Cookie');
    appendVary(res, 'Accept-Language');
  }
  if (fresh(req.headers, answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const gzipped = answer.gzipped && acceptsGzip(req) ? answer.gzipped : undefined;
  const bytes = gzipped ?? answer.body;
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', bytes.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function appendVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  if (current === undefined) return void res.setHeader('Vary', field);
  const list = String(current);
  if (
    !list
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase())
  )
    res.setHeader('Vary', `${list}, ${field}`);
}
