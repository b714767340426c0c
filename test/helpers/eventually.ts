/**
 * Polls until `check` neither throws nor returns false: for work that finishes on its own schedule
 * (background jobs, change notices between instances). Resolves with what `check` returned, so a
 * test can wait for a row and then use it. Fails with the last error, if any. This is the one
 * polling loop of the tests: no test sleeps for a fixed time to mean "nothing more happens".
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 20_000,
): Promise<Exclude<Awaited<T>, false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown = new Error(`condition not met within ${timeoutMs} ms`);
    try {
      const result = await check();
      if (result !== false) return result as Exclude<Awaited<T>, false>;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
