// A venue's or a ticket seller's web server on 127.0.0.1, started by the tests: each path answers
// what the test set (a feed, a page, an error, a slow answer), honours If-None-Match like a real
// server, and records every request it got.
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface PeerAnswer {
  status?: number;
  body: string;
  type?: string;
  etag?: string;
  /** Waits this long before answering (a slow source). */
  delayMs?: number;
}

export interface SourcePeer {
  origin: string;
  url: (pathname: string) => string;
  serve: (pathname: string, answer: PeerAnswer) => void;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close: () => Promise<void>;
}

export async function startSourcePeer(): Promise<SourcePeer> {
  const answers = new Map<string, PeerAnswer>();
  const requests: SourcePeer['requests'] = [];
  const server = http.createServer((request, response) => {
    const pathname = request.url ?? '/';
    requests.push({ path: pathname, headers: request.headers });
    const answer = answers.get(pathname) ?? { status: 404, body: 'not found', type: 'text/plain' };
    const send = () => {
      if (answer.etag && request.headers['if-none-match'] === answer.etag) {
        response.writeHead(304, { ETag: answer.etag }).end();
        return;
      }
      response.writeHead(answer.status ?? 200, {
        'Content-Type': answer.type ?? 'text/plain',
        ...(answer.etag ? { ETag: answer.etag } : {}),
      });
      response.end(answer.body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (pathname) => `${origin}${pathname}`,
    serve: (pathname, answer) => answers.set(pathname, answer),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'sources');

/** Es Gremi's calendar, as Google Calendar publishes it (CRLF, folded lines, a VTIMEZONE). */
export const venueFeed = () => readFileSync(path.join(FIXTURES, 'es-gremi.ics'), 'utf8');

/** A ticket seller's listing page with its schema.org MusicEvents in JSON-LD. */
export const ticketPage = () => readFileSync(path.join(FIXTURES, 'ticket-seller.html'), 'utf8');

export const CALENDAR = 'text/calendar; charset=utf-8';
export const HTML = 'text/html; charset=utf-8';
