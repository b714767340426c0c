// Every spec's `test`: Playwright's, whose page fails the test on any React hydration error or
// warning it logs (the server's HTML must be exactly what the app renders first). The rest of
// Playwright is re-exported, so a spec imports everything from here.
import { expect, test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/** Production React's hydration errors are minified (#418, #419, #421-#423, #425). */
const HYDRATION_PROBLEM = /hydrat|Minified React error #4(18|19|21|22|23|25)\b/i;

export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    const record = (text: string) => {
      if (HYDRATION_PROBLEM.test(text)) problems.push(text);
    };
    page.on('pageerror', (error) => record(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') record(message.text());
    });
    await use(page);
    expect(problems, 'React hydration errors in the console').toEqual([]);
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
