// Counts the change feed's notices by kind ('session', 'user', 'agenda', 'concerts') on a
// connection of its own: every notice moves the caches' epoch, and a kept answer whose read
// overlapped one is refused (server/cache/local-cache.ts), so their rate explains the hit share.
import pg from 'pg';
import { CHANGES_CHANNEL } from '../../server/cache/change-feed.js';

export interface ChangeNotices {
  counts(): Record<string, number>;
  stop(): Promise<void>;
}

export async function listenChangeNotices(url: string): Promise<ChangeNotices> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts: Record<string, number> = {};
  client.on('notification', (message) => {
    const kind = (message.payload ?? '').split(':')[0] || '?';
    counts[kind] = (counts[kind] ?? 0) + 1;
  });
  await client.query(`LISTEN ${CHANGES_CHANNEL}`);
  return { counts: () => ({ ...counts }), stop: () => client.end() };
}
