// CSRF defence: a state-changing request must come from our own origin. Browsers always send
// Origin on POST/PUT/PATCH/DELETE; Sec-Fetch-Site confirms it. Requests without either (curl,
// mail clients' one-click unsubscribe) carry no ambient browser credentials worth forging.
import type { RequestHandler } from 'express';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginOnly(publicUrl: string, extraOrigins: string[] = []): RequestHandler {
  const allowed = new Set([new URL(publicUrl).origin, ...extraOrigins]);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const fetchSite = req.get('sec-fetch-site');
    const originOk = origin === undefined || allowed.has(origin) || origin === ownOrigin;
    const siteOk = fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (originOk && siteOk) return next();
    next(new AppError('cross_origin', 403, 'error.crossOrigin'));
  };
}
