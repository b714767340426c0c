// How a run reads what it fetched: on this thread (tests), or on one worker thread kept for the
// process (the app), so a run never holds the event loop for the length of a parse.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReadOptions, ReadResult } from './imported-event.js';
import { readSource, type FetchedSource, type SourceFormat } from './read-source.js';
import { SourceReadError, type SourceErrorCode } from './source-error.js';
import type { ReadRequest } from './read-worker.js';

export type SourceRead = ReadResult & { format: SourceFormat };
export type SourceReader = (fetched: FetchedSource, options: ReadOptions) => Promise<SourceRead>;

export const inThreadReader: SourceReader = (fetched, options) =>
  Promise.resolve(readSource(fetched, options));

/** The worker; a .ts file (under tsx: development, benches) through tsx's own loader. */
function workerOf(file: string | URL): Worker {
  const href = file instanceof URL ? file.href : pathToFileURL(file).href;
  if (!href.endsWith('.ts')) return new Worker(file);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(href)}); })`;
  return new Worker(boot, { eval: true });
}

type Answer =
  | { id: number; result: SourceRead }
  | { id: number; failure: { code: SourceErrorCode; detail?: string } | { message: string } };

/**
 * A reader on a worker thread started from `workerFile` (read-worker.ts, or its build) at its
 * first use and kept; reads queue on it one after another. A worker that dies fails what it was
 * reading, and the next read starts another.
 */
export function offThreadReader(workerFile: string | URL): {
  read: SourceReader;
  close(): Promise<void>;
} {
  let worker: Worker | undefined;
  let next = 0;
  const pending = new Map<
    number,
    { resolve: (read: SourceRead) => void; reject: (e: Error) => void }
  >();
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = undefined;
  };
  const started = () => {
    if (worker) return worker;
    const made = workerOf(workerFile);
    made.unref();
    made.on('message', (answer: Answer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('result' in answer) {
        // Dates do not cross threads as such: the events hold none (days and hours are text).
        waiting.resolve(answer.result);
      } else if ('code' in answer.failure) {
        waiting.reject(new SourceReadError(answer.failure.code, answer.failure.detail));
      } else waiting.reject(new Error(answer.failure.message));
    });
    made.on('error', (error: Error) => failAll(error));
    made.on('exit', () => failAll(new Error('El lector de fuentes terminó')));
    worker = made;
    return made;
  };
  const read = (fetched: FetchedSource, options: ReadOptions) =>
    new Promise<SourceRead>((resolve, reject) => {
      const id = (next += 1);
      pending.set(id, { resolve, reject });
      const { now, ...rest } = options;
      const request: ReadRequest = { id, fetched, options: { ...rest, nowMs: now.getTime() } };
      started().postMessage(request);
    });
  return {
    read,
    close: async () => {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
