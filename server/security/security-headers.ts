// The security headers of every answer (helmet: CSP, HSTS under https, frame, referrer and
// content-type rules). Our policy has no per-request part (no nonces), so the headers are the
// same on every answer: the fast lane (server/ssr/fast-lane.ts) sets the list helmet
// wrote once instead of running helmet's thirteen middlewares per request.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { SPOTIFY_EMBED_ORIGIN } from '../../common/concerts/spotify.js';
import type { Config } from '../config/config.js';
import { HEAD_SCRIPT } from '../../common/pages/head-script.js';

/** The one inline script (common/pages/head-script.ts), allowed by its hash (no nonces). */
const HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

function contentSecurityPolicy(config: Config) {
  const analyticsOrigin = config.analyticsScriptUrl
    ? [new URL(config.analyticsScriptUrl).origin]
    : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", HEAD_SCRIPT_HASH, ...analyticsOrigin],
      connectSrc: ["'self'", ...analyticsOrigin],
      styleSrc: ["'self'"],
      // Band and concert pictures may live on any https host (Spotify's CDN, the bands' sites).
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'"],
      // The only frame: a band's Spotify player, loaded when the fan asks for it.
      frameSrc: [SPOTIFY_EMBED_ORIGIN],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export function securityHeaders(config: Config): RequestHandler {
  return helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
}

/**
 * The headers a middleware sets, recorded by running it once on a stand-in response. Only for a
 * middleware whose headers do not depend on the request (test/fast-lane.test.ts compares the
 * lane's headers with the full stack's, so a per-request value would show up there).
 */
export function headersSetBy(middleware: RequestHandler): ReadonlyArray<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let done = false;
  middleware({} as Request, response as unknown as Response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('the middleware failed');
    done = true;
  });
  if (!done) throw new Error('the middleware did not finish synchronously');
  return [...headers];
}
