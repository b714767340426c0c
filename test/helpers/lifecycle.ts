// What a test file starts once for all its tests (a database, an SMTP sink, an app): declared at the
// top of the file, started before its tests in the order declared, stopped after them in reverse
// order (an app stops before the database it runs on is dropped).

interface Open {
  stop(): Promise<void>;
}
/** This file's started resources, oldest first (jest gives each test file its own modules). */
const open: Open[] = [];

/**
 * What `start` makes before this file's tests, as a stand-in to keep in a const: it reaches the real
 * thing once beforeAll has made it, and fails if read before (at import time).
 */
export function useForFile<T extends object>(
  what: string,
  start: () => T | Promise<T>,
  stop: (value: T) => unknown,
): T {
  let current: T | undefined;
  const entry: Open = {
    stop: async () => {
      if (current) await stop(current);
    },
  };
  open.push(entry);
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    const index = open.indexOf(entry);
    if (index < 0) return;
    // What was declared after this one still runs on it: stopped first.
    for (const later of open.splice(index).reverse()) await later.stop();
  });
  const ready = (): T => {
    if (!current) throw new Error(`${what} is read before beforeAll made it.`);
    return current;
  };
  return new Proxy({} as T, {
    // Not a promise: `await` and Promise.resolve look for `then`.
    get: (_, key) => (key === 'then' ? undefined : Reflect.get(ready(), key)),
    set: (_, key, value) => Reflect.set(ready(), key, value),
  });
}
