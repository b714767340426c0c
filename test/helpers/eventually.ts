/**
 * Polls until `check` neither throws nor returns false: for work that finishes on its own schedule
 * (background jobs, change notices between instances). Fails with the last error, if any.
 */
export async function eventually(check: () => unknown, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown = new Error(`condition not met within ${timeoutMs} ms`);
    try {
      if ((await check()) !== false) return;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
