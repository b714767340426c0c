// Read-your-writes on this instance: the feed's notice of a change arrives a few milliseconds after
// the commit, but a fan who just saved something must see it on their very next request. So before
// the answer to any write leaves, the signed-in user's cached row and agenda are forgotten here.
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { ChangeFeed } from './change-feed.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function forgetOwnWrites(feed: ChangeFeed | undefined): RequestHandler {
  return (req, res, next) => {
    if (!feed || READS.has(req.method)) return next();
    const userBefore = req.user?.user_id; // a sign-in changes req.user; cover both
    onHeaders(res, () => {
      for (const userId of new Set([userBefore, req.user?.user_id])) {
        if (!userId) continue;
        feed.forget('user', userId);
        feed.forget('agenda', userId);
      }
    });
    next();
  };
}
