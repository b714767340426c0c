// The app parses what a source's run fetched on a worker thread (server/index.ts): the same events
// as on this thread, the reading layer's errors as they are, and the app's thread never held.
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SourceReadError } from '../server/sources/fetch-source.js';
import { inThreadReader, offThreadReader } from '../server/sources/read-off-thread.js';
import { useForFile } from './helpers/lifecycle.js';
import { FIXTURE_NOW } from './helpers/sources.js';
import { venueFeed } from './helpers/source-peer.js';

const reader = useForFile(
  'The reader’s worker thread',
  () => offThreadReader(path.join(__dirname, '..', 'server', 'sources', 'read-worker.ts')),
  (made) => made.close(),
);

const fetched = (body: string, contentType: string) => ({
  body,
  contentType,
  finalUrl: 'http://127.0.0.1/calendar.ics',
});
const options = { now: new Date(FIXTURE_NOW) };

it('reads a feed on the worker thread as on this one', async () => {
  const feed = fetched(venueFeed(), 'text/calendar');
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const offThread = await reader.read(feed, options);
  loop.disable();
  expect(offThread).toEqual(await inThreadReader(feed, options));
  expect(offThread.events).toHaveLength(9);
  expect(loop.max / 1e6).toBeLessThan(1000);
});

it('passes the reading layer’s errors on, and reads on after one', async () => {
  const garbage = reader.read(fetched('%%%', 'application/octet-stream'), options);
  await expect(garbage).rejects.toBeInstanceOf(SourceReadError);
  await expect(garbage).rejects.toMatchObject({ code: 'unknown-format' });
  const feed = await reader.read(fetched(venueFeed(), 'text/calendar'), options);
  expect(feed.format).toBe('icalendar');
});
