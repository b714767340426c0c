// The reading of a fetched source, on a worker thread: parsing a 5 MB feed takes hundreds of
// milliseconds, which the app's own thread must not spend (read-off-thread.ts starts this file).
import { parentPort } from 'node:worker_threads';
import { readSource, type FetchedSource } from './read-source.js';
import { SourceReadError } from './source-error.js';
import type { ReadOptions } from './imported-event.js';

export interface ReadRequest {
  id: number;
  fetched: FetchedSource;
  options: Omit<ReadOptions, 'now'> & { nowMs: number };
}

parentPort?.on('message', ({ id, fetched, options }: ReadRequest) => {
  try {
    const { nowMs, ...rest } = options;
    parentPort!.postMessage({ id, result: readSource(fetched, { ...rest, now: new Date(nowMs) }) });
  } catch (error) {
    const failure =
      error instanceof SourceReadError
        ? { code: error.code, detail: error.detail }
        : { message: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage({ id, failure });
  }
});
