// The public pages answered in front of the whole stack once this instance keeps them: a concert's
// page, /conciertos, robots.txt and sitemap.xml (server/pages/public-pages.ts). Mounted right
// after the metrics, before pino-http, helmet, compression, the body parsers and the routers: for
// these answers that stack cost more than the page (a kept concert page was answered at about the
// rate of robots.txt, p99 35 ms at 20 connections against a budget of 20).
//
// Nothing is left out: the request id and the log line are pino-http's (server/lib/request-log.ts),
// the security headers the ones helmet sets on every other answer (recorded once), the gzip is
// made once per page, and ETag/304 work as on the full stack (prepared-answer.ts). No session is
// read on either path: a page only comes in two versions, without a session cookie and with one
// (public-pages.ts), and the fan's part comes from GET /api/concerts/:id. What is not kept falls
// through to the full stack, which makes and keeps it.
import type { RequestHandler } from 'express';
import type { Logger } from '../lib/logger.js';
import { logAnswer } from '../lib/request-log.js';
import { sendPrepared } from './prepared-answer.js';
import type { PublicPages } from './public-pages.js';

export function publicLane(deps: {
  pages: PublicPages;
  log: Logger;
  /** The security headers of every answer (server/security/security-headers.ts). */
  headers: ReadonlyArray<[string, string]>;
}): RequestHandler {
  const { pages, log, headers } = deps;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const answer = pages.keptAnswer(req);
    if (!answer) return next();
    logAnswer(log, req, res);
    for (const [name, value] of headers) res.setHeader(name, value);
    sendPrepared(req, res, answer);
  };
}
