// Answers this instance keeps, sent in front of the whole stack (app.ts mounts this right after the
// metrics): the public pages (server/ssr/public-pages.ts), the agenda and the like counts
// (kept-api.ts). For a kept answer, pino-http, helmet, compression, the body parsers and the
// session machinery cost more than the answer itself.
//
// A kept answer goes out as the full stack would send it (test/fast-lane.test.ts compares the
// two): same request id and log line (server/lib/request-log.ts), the security headers helmet sets
// on every answer (recorded once, server/security/security-headers.ts), same status, body, ETag,
// Vary and gzip. Whatever is not kept falls through to the full stack, which makes and keeps it.
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../lib/logger.js';
import { logAnswer } from '../lib/request-log.js';
import { sendPrepared, type KeptAnswer } from './prepared-answer.js';
import type { PublicPages } from './public-pages.js';
import { keptApiAnswer, type KeptApiDeps } from './kept-api.js';

export interface FastLaneDeps {
  pages: PublicPages;
  api: KeptApiDeps;
  log: Logger;
  /** The security headers of every answer (server/security/security-headers.ts). */
  headers: ReadonlyArray<[string, string]>;
}

export function fastLane(deps: FastLaneDeps): RequestHandler {
  const { log, headers } = deps;
  const keptPage = keptPageAnswer(deps.pages);
  const keptApi = keptApiAnswer(deps.api);
  // Named: the layer in Express's stack carries this name (tests find the lane by it).
  return function fastLane(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const send = keptPage(req) ?? keptApi(req);
    if (!send) return next();
    logAnswer(log, req, res);
    for (const [name, value] of headers) res.setHeader(name, value);
    send(res);
  };
}

/** A visitor's page, /conciertos, robots.txt or the sitemap, as the pages' router sends them. */
function keptPageAnswer(pages: PublicPages): (req: Request) => KeptAnswer | undefined {
  return (req) => {
    const answer = pages.keptAnswer(req);
    return answer && ((res) => sendPrepared(req, res, answer));
  };
}
