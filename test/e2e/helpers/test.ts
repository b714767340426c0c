// Every spec's `test`: Playwright's, whose page fails the test on any error the page reports: a
// `console.error` (React's hydration errors and warnings included, and the browser's own line for
// a failed request) or an uncaught exception. A spec that provokes one on purpose allows it by
// name, narrowly: `test.use({ allowedConsoleErrors: [/exact text/] })` or, inside one test,
// `allowConsoleErrors(page, /exact text/)`. The rest of Playwright is re-exported, so a spec
// imports everything from here.
import { expect, test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/** Production React's hydration errors are minified (#418, #419, #421-#423, #425). */
const HYDRATION_PROBLEM = /hydrat|Minified React error #4(18|19|21|22|23|25)\b/i;

const allowedByPage = new WeakMap<Page, RegExp[]>();

/** Allows console errors matching `patterns` on this page, for the rest of the test. */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  allowedByPage.set(page, [...(allowedByPage.get(page) ?? []), ...patterns]);
}

export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    allowConsoleErrors(page, ...allowedConsoleErrors);
    const record = (kind: string, text: string) => {
      // A hydration problem is never allowed, whatever a spec expects.
      const allowed =
        !HYDRATION_PROBLEM.test(text) &&
        (allowedByPage.get(page) ?? []).some((pattern) => pattern.test(text));
      if (!allowed) problems.push(`${kind}: ${text}`);
    };
    page.on('pageerror', (error) => record('pageerror', error.message));
    page.on('console', (message) => {
      const where = message.location().url;
      const text = where ? `${message.text()} (${where})` : message.text();
      if (message.type() === 'error') record('console.error', text);
      else if (message.type() === 'warning' && HYDRATION_PROBLEM.test(text))
        record('console.warning', text);
    });
    await use(page);
    expect(problems, 'errors in the page (console.error or uncaught)').toEqual([]);
  },
});

/** True once React owns #root: from then on a press on a part still hydrating is replayed, not lost. */
export function isReactRoot(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) =>
      key.startsWith('__reactContainer$'),
    ),
  );
}

/** The browser's console line for a request answered with `status`, to allow it by name. */
export function failedRequest(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^Failed to load resource: the server responded with a status of ${status} \\(.*\\) \\(https?://[^/]+${escaped}(\\?[^)]*)?\\)$`,
  );
}
