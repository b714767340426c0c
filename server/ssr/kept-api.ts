// GET /api/concerts (a fan's agenda or the visitors') and GET /api/concerts/likes, while this
// instance keeps the answer (server/concerts/agenda-responses.ts, like-counts.ts) and, for a fan,
// their session and user (cached-requester.ts). The caches answer only what the change feed vouches
// for, so nothing goes out that the full stack would not send.
//
// Left to the full stack: the hourly expiry touch and the rolling cookie, which every start of the
// app still reaches (it asks for GET /api/session).
import type { Request } from 'express';
import type { AgendaCatalog } from '../concerts/agenda-catalog.js';
import {
  AGENDA_VARY,
  sendKept,
  type AgendaResponse,
  type AgendaResponses,
} from '../concerts/agenda-responses.js';
import { requestLocale } from '../i18n/intl.js';
import { LIKE_COUNTS_PATH, type LikeCounts } from '../concerts/like-counts.js';
import { upcomingCutoff } from '../concerts/upcoming.js';
import { cachedRequester, type CachedRequesterDeps } from './cached-requester.js';
import type { KeptAnswer } from './prepared-answer.js';

const AGENDA_PATH = '/api/concerts';

export interface KeptApiDeps extends CachedRequesterDeps {
  responses: AgendaResponses;
  catalog: AgendaCatalog;
  likeCounts: LikeCounts;
}

export function keptApiAnswer(deps: KeptApiDeps): (req: Request) => KeptAnswer | undefined {
  return (req) => {
    // HEAD of the API is rare enough to leave to the full stack.
    if (req.method !== 'GET') return undefined;
    if (req.path === LIKE_COUNTS_PATH) {
      const counts = deps.likeCounts.find(encodingFor(req));
      return counts && sendJson(counts, 'public, no-cache');
    }
    if (req.path !== AGENDA_PATH) return undefined;
    const requester = cachedRequester(deps, req.headers.cookie);
    if (!requester) return undefined;
    const cutoff = upcomingCutoff(deps.clock);
    const reader = {
      userId: requester.userId,
      locale: requestLocale(req.url, req.headers, requester.savedLocale),
    };
    const kept = deps.responses.find(reader, encodingFor(req), deps.catalog.version, cutoff);
    return kept && sendJson(kept, 'private, no-cache', AGENDA_VARY);
  };
}

/** The form the routes pick: gzip when the client takes it. */
const encodingFor = (req: Request) =>
  req.acceptsEncodings('gzip') === 'gzip' ? ('gzip' as const) : ('identity' as const);

/** As the routes send it (server/concerts/concerts.routes.ts). */
const sendJson =
  (
    kept: Pick<AgendaResponse, 'body' | 'encoding' | 'etag'>,
    cacheControl: string,
    vary?: string,
  ): KeptAnswer =>
  (res) => {
    res.set('Cache-Control', cacheControl).type('json');
    sendKept(res, kept, vary);
  };
