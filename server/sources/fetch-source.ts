// The one GET a source is read with: polite (a User-Agent naming the site, conditional requests)
// and safe (http(s) only, every address checked after DNS and at every redirect, connected to
// exactly the checked address, bounded in bytes and in time).
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { checkTarget, type CheckedTarget, type ResolvedAddress } from './address-check.js';
import { SourceReadError } from './source-error.js';

export { SourceReadError, type SourceErrorCode } from './source-error.js';

export interface FetchOptions {
  /** The validators of the last answer: a 304 then means nothing changed. */
  etag?: string | null;
  lastModified?: string | null;
  /** IMPORT_ALLOW_PRIVATE_NETWORKS: loopback, private and unique-local addresses allowed. */
  allowPrivateNetworks: boolean;
  userAgent: string;
  /** Cap on the body, compressed and decompressed; default 5 MB. */
  maxBytes?: number;
  /** One deadline for everything: DNS, connections, redirects and the body; default 15 s. */
  timeoutMs?: number;
  /** Redirects followed at most; default 5. */
  maxRedirects?: number;
}

export type FetchResult =
  | { notModified: true }
  | {
      notModified: false;
      body: string;
      contentType: string;
      finalUrl: string;
      etag: string | null;
      lastModified: string | null;
    };

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ACCEPT = 'text/calendar, application/ld+json, text/html;q=0.9, */*;q=0.5';

/**
 * Refuses an address the importer would refuse (for the API, when a source is added): not
 * http(s), credentials in it, a host that does not resolve or resolves to a refused address.
 */
export async function checkSourceAddress(
  url: string,
  allowPrivateNetworks: boolean,
): Promise<void> {
  await withDeadline(DEFAULT_TIMEOUT_MS, (signal) =>
    checkTarget(url, allowPrivateNetworks, signal),
  );
}

/** GETs a source's address. Throws only SourceReadError. */
export async function fetchSource(url: string, options: FetchOptions): Promise<FetchResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  return withDeadline(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, async (signal) => {
    let address = url;
    for (let redirects = 0; ; redirects += 1) {
      const target = await checkTarget(address, options.allowPrivateNetworks, signal);
      const response = await get(target, options, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects) {
          throw new SourceReadError('too-many-redirects', `more than ${maxRedirects}`);
        }
        address = nextAddress(location, target.url);
        continue;
      }
      if (status === 304) {
        response.destroy();
        return { notModified: true };
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new SourceReadError('http-status', String(status));
      }
      const contentType = header(response, 'content-type') ?? '';
      const bytes = await readBody(response, maxBytes, signal);
      return {
        notModified: false,
        body: decodeBody(bytes, contentType),
        contentType,
        finalUrl: target.url.href,
        etag: header(response, 'etag'),
        lastModified: header(response, 'last-modified'),
      };
    }
  });
}

/** Runs `work` under one deadline; whatever fails comes out as a SourceReadError. */
async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new SourceReadError('timeout', `after ${ms} ms`)),
    ms,
  );
  try {
    return await work(controller.signal);
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof SourceReadError) {
      throw controller.signal.reason;
    }
    if (error instanceof SourceReadError) throw error;
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    throw new SourceReadError(
      'network',
      code ?? (error instanceof Error ? error.message : undefined),
    );
  } finally {
    clearTimeout(timer);
  }
}

function nextAddress(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new SourceReadError('bad-address', 'redirect to no valid address');
  }
}

/** A lookup that answers with the addresses already checked, whatever DNS would say now. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
  };
}

function get(target: CheckedTarget, options: FetchOptions, signal: AbortSignal) {
  const { url, host, addresses } = target;
  const headers: Record<string, string> = {
    'User-Agent': options.userAgent,
    Accept: ACCEPT,
    'Accept-Encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['If-None-Match'] = options.etag;
  if (options.lastModified) headers['If-Modified-Since'] = options.lastModified;
  const requestOptions: https.RequestOptions = {
    method: 'GET',
    hostname: host,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers,
    // No pooled sockets: a kept-alive connection could be one made to an address checked under
    // other rules.
    agent: false,
    lookup: pinnedLookup(addresses),
    signal,
  };
  // The certificate is checked against the host name, never against an address.
  if (isIP(host) === 0) requestOptions.servername = host;
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(requestOptions, resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? null : text;
}

function tooLarge(maxBytes: number) {
  return new SourceReadError('too-large', `over ${maxBytes} bytes`);
}

/** A stream stage that fails as soon as more than `maxBytes` went through it. */
function byteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(tooLarge(maxBytes));
      else done(null, chunk);
    },
  });
}

function decompressor(encoding: string | null): Transform | null {
  switch (encoding?.trim().toLowerCase() ?? 'identity') {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new SourceReadError('network', `content-encoding ${encoding}`);
  }
}

/** The body's bytes, decompressed; the cap holds for the bytes received and those decompressed. */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal) {
  const declared = Number(header(response, 'content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  let decompress: Transform | null;
  try {
    decompress = decompressor(header(response, 'content-encoding'));
  } catch (error) {
    response.destroy();
    throw error;
  }
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const stages = [byteCap(maxBytes), ...(decompress ? [decompress, byteCap(maxBytes)] : [])];
  try {
    await pipeline([response, ...stages, collect], { signal });
  } catch (error) {
    if (error instanceof SourceReadError) throw error;
    if (signal.aborted) throw signal.reason;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SourceReadError('network', code ?? (error instanceof Error ? error.message : 'body'));
  }
  return Buffer.concat(chunks);
}

/**
 * The body as text: the charset the content-type names (latin1, windows-1252 ... through
 * TextDecoder), else one an HTML page declares in its first bytes, else UTF-8.
 */
function decodeBody(bytes: Buffer, contentType: string): string {
  const declared =
    /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ??
    (/html/i.test(contentType) ? metaCharset(bytes) : null);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  const text = decoder.decode(bytes);
  return decoder.encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, cp1252) : text;
}

// Node 20's TextDecoder reads windows-1252 (which latin1 and iso-8859-1 name on the web) as
// ISO-8859-1, so 0x80 comes out as U+0080 instead of € (nodejs/node#56542). These are the
// WHATWG windows-1252 characters for 0x80-0x9F; a fixed Node leaves nothing for this to do.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const cp1252 = (c1: string) => CP1252_HIGH[c1.charCodeAt(0) - 0x80] ?? c1;

function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
}
