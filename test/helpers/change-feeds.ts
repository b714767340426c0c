import pg from 'pg';
import { CHANGES_CHANNEL, ChangeFeed } from '../../server/cache/change-feed.js';
import { createLogger } from '../../server/lib/logger.js';

/** Starts a change feed: the one given (made by the test, a subclass say) or a plain one. */
export type StartFeed = (feed?: ChangeFeed) => Promise<ChangeFeed>;

/** Change feeds the tests start on this file's database; each is stopped after its test. */
export function useChangeFeeds(database: { url: string }): StartFeed {
  let feeds: ChangeFeed[] = [];
  afterEach(async () => {
    await Promise.all(feeds.map((feed) => feed.stop()));
    feeds = [];
  });
  return async (feed = new ChangeFeed(database.url, createLogger('silent'))) => {
    feeds.push(feed);
    await feed.start();
    return feed;
  };
}

/** Every notice of the change feed's channel from now on, as it arrives; `end` stops listening. */
export async function listenToChanges(database: { url: string }) {
  const listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  const notices: string[] = [];
  listener.on('notification', (message) => notices.push(message.payload ?? ''));
  await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
  return { notices, end: () => listener.end() };
}
