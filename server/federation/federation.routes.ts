// The fediverse's doors, in front of the page stack: WebFinger, NodeInfo, our actors and their
// inboxes, outboxes and followers, and a concert page asked for ActivityStreams. Everything else
// passes untouched, so the fast lane keeps answering pages. An inbox takes bodies of a known
// length up to INBOX_MAX_BYTES and a bounded rate per sending server.
import { integrateFederation } from '@fedify/express';
import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/database.js';
import { AppError, notFound } from '../lib/errors.js';
import { clientAddressKey, rateLimit } from '../security/rate-limit.js';
import type { AppFederation } from './federation.js';
import type { FederationDeps } from './federation-deps.js';

export const INBOX_MAX_BYTES = 256 * 1024;
/** Activities a remote server may deliver per minute, all its accounts together. */
const INBOX_PER_HOST_PER_MINUTE = 600;

const FEDERATED_PATH = /^\/(ap\/|\.well-known\/(webfinger|nodeinfo)$|nodeinfo\/)/;
const ACTIVITY_TYPES = /application\/activity\+json|application\/ld\+json/i;
const CONCERT_PAGE = /^\/conciertos\/\d/;

/** Asked for as ActivityStreams: a concert page stays a page for a browser. */
const isFederated = (req: Request) =>
  FEDERATED_PATH.test(req.path) ||
  (req.method === 'GET' &&
    CONCERT_PAGE.test(req.path) &&
    ACTIVITY_TYPES.test(req.get('accept') ?? ''));

/** The sending server, as its signature names its key (draft-cavage keyId or RFC 9421 keyid). */
function senderHost(req: Request): string {
  const header = `${req.get('signature') ?? ''} ${req.get('signature-input') ?? ''}`;
  const keyId = /keyid="([^"]{1,2000})"/i.exec(header)?.[1];
  try {
    if (keyId) return new URL(keyId).host.toLowerCase();
  } catch {
    // An unreadable keyId: counted by address; Fedify refuses the signature anyway.
  }
  return clientAddressKey(req.ip);
}

const bounded: RequestHandler = (req, _res, next) => {
  if (req.method !== 'POST') return next();
  const length = req.get('content-length');
  if (length === undefined)
    return next(new AppError('length_required', 411, 'error.federation.lengthRequired'));
  if (Number(length) > INBOX_MAX_BYTES)
    return next(new AppError('payload_too_large', 413, 'error.tooLarge'));
  next();
};

export function federationRoutes(
  federation: AppFederation,
  deps: FederationDeps,
  db: Database,
): RequestHandler {
  const limit = rateLimit(db, [
    {
      name: 'ap-inbox-host',
      limit: INBOX_PER_HOST_PER_MINUTE,
      windowSeconds: 60,
      key: (req) => (req.method === 'POST' ? senderHost(req) : undefined),
    },
  ]);
  const fedify = integrateFederation(federation, () => deps);
  return (req, res, next) => {
    if (!isFederated(req)) return next();
    // Nothing under /ap/ is a page: what Fedify does not know is a 404 here.
    const orNotFound = (error?: unknown) =>
      error || !req.path.startsWith('/ap/') ? next(error) : next(notFound('error.notFound'));
    bounded(req, res, (error?: unknown) => {
      if (error) return next(error);
      Promise.resolve(
        limit(req, res, (limited?: unknown) =>
          limited ? next(limited) : fedify(req, res, orNotFound),
        ),
      ).catch(next);
    });
  };
}
